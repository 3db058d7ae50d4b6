import { z } from 'zod';
import { LIST_SEARCH_MAX } from './constants';

/** What the audit log records: every admin decision, settings change and payment event. */
export const AUDIT_ACTIONS = [
  'building.setup',
  'building.update',
  'lease.accept',
  'lease.reject',
  'lease.end',
  'lease.notice',
  'lease.ended',
  'lease.renew',
  'coupon.create',
  'coupon.remove',
  'coupon.feature',
  'announcement.create',
  'announcement.update',
  'announcement.delete',
  'apartment.create',
  'apartment.update',
  'apartment.status',
  'apartment.delete',
  'apartment.import',
  'payment.card',
  'payment.refund',
  'payment.settled',
  'payment.offline',
  'payment.undone',
  'deposit.received',
  'deposit.refunded',
  'deposit.undone',
  'account.deleted',
  'maintenance.filed',
  'maintenance.status',
  'maintenance.assigned',
  'maintenance.visit',
  'maintenance.comment',
  'maintenance.cost',
  'maintenance.rated',
  'maintenance.contact',
  'charge.paid',
  'charge.undone',
  'charge.cancelled',
  'charge.added',
] as const;
export const AuditActionSchema = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof AuditActionSchema>;

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'building.setup': 'Building set up',
  'building.update': 'Building settings changed',
  'lease.accept': 'Lease accepted',
  'lease.reject': 'Lease request rejected',
  'lease.end': 'Member removed (lease ended at once)',
  'lease.notice': 'Lease end date set or withdrawn',
  'lease.ended': 'Lease ended on its end date',
  'lease.renew': 'Lease renewed',
  'coupon.create': 'Coupon created',
  'coupon.remove': 'Coupon removed',
  'coupon.feature': 'Coupon featured',
  'announcement.create': 'Announcement posted',
  'announcement.update': 'Announcement edited',
  'announcement.delete': 'Announcement deleted',
  'apartment.create': 'Apartment added',
  'apartment.update': 'Apartment changed',
  'apartment.status': 'Apartment listed, unlisted or archived',
  'apartment.delete': 'Apartment deleted',
  'apartment.import': 'Apartments imported',
  'payment.card': 'Card payment recorded',
  'payment.refund': 'Charge refunded',
  'payment.settled': 'Payment settled with its provider',
  'payment.offline': 'Offline payment recorded',
  'payment.undone': 'Offline payment undone',
  'deposit.received': 'Deposit received',
  'deposit.refunded': 'Deposit refunded',
  'deposit.undone': 'Deposit entry undone',
  'account.deleted': 'Account deleted',
  'maintenance.filed': 'Maintenance request filed',
  'maintenance.status': 'Maintenance request status changed',
  'maintenance.assigned': 'Maintenance request assigned',
  'maintenance.visit': 'Maintenance visit scheduled',
  'maintenance.comment': 'Maintenance comment or note',
  'maintenance.cost': 'Maintenance cost added',
  'maintenance.rated': 'Maintenance request rated',
  'maintenance.contact': 'Maintenance contact added, changed or removed',
  'charge.paid': 'Charge payment recorded',
  'charge.undone': 'Charge payment undone',
  'charge.cancelled': 'Charge cancelled',
  'charge.added': 'Charge added',
};

/**
 * What the log calls an action; one this release does not know (written by a later release's
 * server, during a rolling deploy or before the page is reloaded) is named by its code.
 */
export const auditActionLabel = (action: string): string =>
  Object.hasOwn(AUDIT_ACTION_LABELS, action) ? AUDIT_ACTION_LABELS[action as AuditAction] : action;

export const AuditEntrySchema = z.object({
  _id: z.string(),
  at: z.string(),
  /**
   * One of AUDIT_ACTIONS. Read as any text, so that the log of this release still lists what a
   * later release added (the log is kept for good, and both run at once during a rolling deploy).
   */
  action: z.union([AuditActionSchema, z.string()]),
  /** Who did it: null for the system (a provider's webhook, maintenance). */
  actor: z.object({ id: z.string().nullable(), email: z.string(), name: z.string() }).nullable(),
  /** The address the request came from, when there was a request. */
  ip: z.string().nullable(),
  subjectType: z.string(),
  subjectId: z.string().nullable(),
  /** One line a person can read: "Accepted Tanvir Hossain for apartment B-402". */
  summary: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AUDIT_PAGE_SIZE = 25;

export const AuditQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(AUDIT_PAGE_SIZE),
  action: AuditActionSchema.optional(),
  /** Part of the actor's email or name, or of the summary. */
  q: z.string().trim().max(LIST_SEARCH_MAX).optional(),
});
export type AuditQuery = z.input<typeof AuditQuerySchema>;

export const AuditPageSchema = z.object({
  result: z.array(AuditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  pageCount: z.number().int(),
});
export type AuditPage = z.infer<typeof AuditPageSchema>;
