import { pgEnum } from 'drizzle-orm/pg-core';

export const userRole = pgEnum('user_role', ['user', 'member', 'admin']);
export const agreementStatus = pgEnum('agreement_status', [
  'pending',
  'accepted',
  'rejected',
  // An accepted lease that has finished (the member was removed); kept for history.
  'ended',
]);
export const announcementAudience = pgEnum('announcement_audience', ['user', 'member', 'all']);
export const apartmentStatus = pgEnum('apartment_status', ['listed', 'unlisted', 'archived']);
/** A mail's delivery: waiting, being handed over, delivered (or kept), failing, given up. */
export const mailStatus = pgEnum('mail_status', [
  'queued',
  'sending',
  'sent',
  'retrying',
  'failed',
]);
export const mailTransport = pgEnum('mail_transport', ['outbox', 'smtp']);
