import type { JobDefinition } from './plugins/jobs';
import { passwordResetMailJob } from './modules/auth/password-reset.service';
import { leaseEndingNoticesJob } from './modules/leases/lease-notices.service';
import { mailJobs } from './modules/mail/mail.service';
import { closeResolvedRequestsJob } from './modules/maintenance/maintenance-changes.service';
import { sendNotificationsJob } from './modules/notifications/notifications.service';
import { rentNoticesJob } from './modules/payments/rent-notices.service';
import { maintenanceJobs } from './plugins/maintenance';

/** Every job the app runs; a queue exists for each, and those with a cron are scheduled. */
export const jobDefinitions: readonly JobDefinition<unknown>[] = [
  ...maintenanceJobs,
  ...mailJobs,
  passwordResetMailJob,
  sendNotificationsJob,
  rentNoticesJob,
  leaseEndingNoticesJob,
  closeResolvedRequestsJob,
];

export { closeResolvedRequestsJob, leaseEndingNoticesJob, rentNoticesJob };
