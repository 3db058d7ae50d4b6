import { z } from 'zod';
import { LIST_SEARCH_MAX } from './constants';

/** Every kind of email the app sends, with the name the Sent mail page shows. */
export const MAIL_KINDS = [
  'password-reset',
  'password-changed',
  'email-change',
  'email-changed',
  'receipt',
  'refund',
  'payment-undone',
  'charge-receipt',
  'charge-undone',
  'charge-cancelled',
  'charge-added',
  'deposit-entry',
  'deposit-undone',
  'rent-reminder',
  'rent-overdue',
  'request-received',
  'request-accepted',
  'request-rejected',
  'lease-ending',
  'announcement',
  'maintenance-new',
  'maintenance-status',
  'maintenance-visit',
  'maintenance-comment',
  'maintenance-tenant-move',
  'maintenance-charge',
] as const;
export const MailKindSchema = z.enum(MAIL_KINDS);
export type MailKind = z.infer<typeof MailKindSchema>;
export const MAIL_KIND_LABELS: Record<MailKind, string> = {
  'password-reset': 'Password reset',
  'password-changed': 'Password changed',
  'email-change': 'Email change',
  'email-changed': 'Email changed',
  receipt: 'Receipt',
  refund: 'Card payment refunded',
  'payment-undone': 'Recorded payment undone',
  'charge-receipt': 'Charge paid',
  'charge-undone': 'Recorded charge payment undone',
  'charge-cancelled': 'Charge cancelled',
  'charge-added': 'Charge added',
  'deposit-entry': 'Deposit received or given back',
  'deposit-undone': 'Recorded deposit entry undone',
  'rent-reminder': 'Rent reminder',
  'rent-overdue': 'Overdue rent',
  'request-received': 'Lease request received',
  'request-accepted': 'Lease request accepted',
  'request-rejected': 'Lease request declined',
  'lease-ending': 'Lease ending',
  announcement: 'Announcement',
  'maintenance-new': 'New maintenance request',
  'maintenance-status': 'Maintenance status',
  'maintenance-visit': 'Maintenance visit',
  'maintenance-comment': 'Maintenance comment',
  'maintenance-tenant-move': 'Maintenance request cancelled or reopened',
  'maintenance-charge': 'Repair cost charged',
};

/**
 * The name of a kind of email; a kind this release does not know (written by a later release's
 * server, during a rolling deploy) is plain "Email".
 */
export const mailKindLabel = (kind: string): string =>
  Object.hasOwn(MAIL_KIND_LABELS, kind) ? MAIL_KIND_LABELS[kind as MailKind] : 'Email';

export const MAIL_STATUSES = ['queued', 'sending', 'sent', 'retrying', 'failed'] as const;
export const MailStatusSchema = z.enum(MAIL_STATUSES);
export type MailStatus = z.infer<typeof MailStatusSchema>;

/** How mail leaves: kept in the outbox here (no SMTP_URL), or handed to an SMTP server. */
export const MailDeliverySchema = z.enum(['outbox', 'smtp']);
export type MailDelivery = z.infer<typeof MailDeliverySchema>;

export const MailEntrySchema = z.object({
  _id: z.string(),
  /**
   * One of MAIL_KINDS. Read as any text, so that a page of this release still lists mail of a
   * kind a later release added (during a rolling deploy both run at once).
   */
  kind: z.union([MailKindSchema, z.string()]),
  to: z.string(),
  subject: z.string(),
  status: MailStatusSchema,
  transport: MailDeliverySchema.nullable(),
  attempts: z.number().int(),
  /** Why the last attempt failed (the SMTP server's answer). */
  lastError: z.string().nullable(),
  /**
   * Security mail: with an SMTP server the admin reads it without its link, from the moment it is
   * queued; the outbox alone shows the link (it is how the link reaches anyone there).
   */
  secret: z.boolean(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type MailEntry = z.infer<typeof MailEntrySchema>;

export const MAIL_PAGE_SIZE = 20;

export const MailQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(MAIL_PAGE_SIZE),
  status: MailStatusSchema.optional(),
  /** Part of the address or the subject. */
  q: z.string().trim().max(LIST_SEARCH_MAX).optional(),
});
export type MailQuery = z.input<typeof MailQuerySchema>;

export const MailPageSchema = z.object({
  result: z.array(MailEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  pageCount: z.number().int(),
  /** How this server delivers mail now. */
  delivery: MailDeliverySchema,
});
export type MailPage = z.infer<typeof MailPageSchema>;

export const MailDetailSchema = MailEntrySchema.extend({
  /** The plain-text part, as a mail app without HTML shows it. */
  text: z.string(),
});
export type MailDetail = z.infer<typeof MailDetailSchema>;

export const MAIL_STATUS_LABELS: Record<MailStatus, string> = {
  queued: 'Waiting',
  sending: 'Sending',
  sent: 'Sent',
  retrying: 'Failed, will retry',
  failed: 'Failed',
};
