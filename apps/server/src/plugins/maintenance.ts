import { z } from 'zod';
import { retryOnDeadlock } from '../lib/db-errors';
import { deleteExpiredLimits } from '../lib/rate-limit';
import { deleteExpiredSessions } from '../modules/auth/auth.service';
import { deleteUnusedUploads } from '../modules/images/images.service';
import { settleLeaseEnds } from '../modules/leases/leases.service';
import { deleteUnattachedPhotos } from '../modules/maintenance/maintenance-photos.service';
import { paymentsContext, settleListedIntents } from '../modules/payments/payments.service';
import { defineJob, runsAt, ScheduledRunSchema } from './jobs';

/** Closes leases whose last day (by notice) has passed; requests close them sooner when they can. */
export const closeEndedLeasesJob = defineJob({
  name: 'leases.close-ended',
  data: ScheduledRunSchema,
  cron: '5 * * * *',
  run: async (app, data, { log }) => {
    // Run again if PostgreSQL ends it as a deadlock: money recorded for one of the tenants at that
    // moment holds their row before the figures this updates first (as requests do, auth.ts).
    const closed = await retryOnDeadlock(() =>
      settleLeaseEnds(app.db, runsAt(app, data), app.config.rent.timeZone),
    );
    if (closed > 0) log.info({ closed }, 'closed leases whose last day has passed');
  },
});

/** Settles with their provider the payments closed in our books without its word. */
export const settleListedIntentsJob = defineJob({
  name: 'payments.settle-listed',
  data: ScheduledRunSchema,
  cron: '*/10 * * * *',
  run: async (app, data, { log }) => {
    const settled = await settleListedIntents(paymentsContext(app, log), runsAt(app, data));
    if (settled > 0) log.info({ settled }, 'settled listed payment intents');
  },
});

/** Removes expired sessions and throttling windows, and uploads nobody uses (or sent). */
export const housekeepingJob = defineJob({
  name: 'maintenance.housekeeping',
  data: z.object({}),
  cron: '17 * * * *',
  run: async (app, _data, { log }) => {
    const [sessions, limits, uploads, photos] = [
      await deleteExpiredSessions(app.db),
      await deleteExpiredLimits(app.db),
      await deleteUnusedUploads(app.db),
      await deleteUnattachedPhotos(app.db, app.clock.now()),
    ];
    if (sessions + limits + uploads + photos > 0) {
      log.info({ sessions, limits, uploads, photos }, 'removed expired rows');
    }
  },
});

export const maintenanceJobs = [closeEndedLeasesJob, settleListedIntentsJob, housekeepingJob];
