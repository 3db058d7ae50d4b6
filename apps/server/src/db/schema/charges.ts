import type { OfflinePaymentMethod } from '@structomate/contract';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { agreements } from './agreements';
import { users } from './users';

/**
 * Money a tenant owes besides rent (a repair charged to them): a line of its own in their ledger
 * and the rent roll until it is paid, then a receipt. Paid once: the payment columns are set
 * together by a conditional update (`where paid_at is null`), and changed after only to be cleared
 * together again, when that record is undone (a mistake; the audit log keeps what was cleared).
 * Cancelled (charged by mistake), the same way while unpaid, for good: a cancelled row is never
 * changed again (the trigger of migration 0034).
 */
export const charges = pgTable(
  'charges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    agreementId: uuid('agreement_id')
      .notNull()
      .references(() => agreements.id, { onDelete: 'restrict' }),
    description: text('description').notNull(),
    /** The maintenance request it came from (maintenance_costs names the charge). */
    requestId: uuid('request_id'),
    /** Whole BDT. */
    amount: integer('amount').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    method: text('method').$type<OfflinePaymentMethod>(),
    reference: text('reference'),
    /** The building's day the money was received. */
    receivedOn: date('received_on', { mode: 'string' }),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'restrict' }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Cancelled by the office (charged by mistake) while unpaid: kept, owed by no one. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: uuid('cancelled_by').references(() => users.id, { onDelete: 'restrict' }),
    /** What the tenant was told. */
    cancelReason: text('cancel_reason'),
    /**
     * The key its sender chose for a charge added by hand (a retry adds it once); null for a
     * repair's, which its cost's key names.
     */
    requestKey: uuid('request_key'),
  },
  (t) => [
    check('charges_amount_range', sql`${t.amount} between 1 and 10000000`),
    check('charges_description_length', sql`char_length(${t.description}) between 1 and 200`),
    check(
      'charges_paid_whole',
      sql`(${t.paidAt} is null) = (${t.method} is null)
        and (${t.paidAt} is null) = (${t.receivedOn} is null)
        and (${t.paidAt} is null) = (${t.recordedBy} is null)
        and (${t.paidAt} is not null or ${t.reference} is null)`,
    ),
    check(
      'charges_cancelled_whole',
      sql`(${t.cancelledAt} is null) = (${t.cancelledBy} is null)
        and (${t.cancelledAt} is null) = (${t.cancelReason} is null)`,
    ),
    // Paid or cancelled, never both: a payment is undone before its charge is cancelled.
    check('charges_paid_or_cancelled', sql`${t.paidAt} is null or ${t.cancelledAt} is null`),
    // Characters, as PostgreSQL counts them; the contract's 3 to 200 is checked before.
    check('charges_cancel_reason_length', sql`char_length(${t.cancelReason}) between 1 and 200`),
    check('charges_method_known', sql`${t.method} in ('cash', 'bank', 'bkash', 'nagad')`),
    check('charges_reference_length', sql`char_length(${t.reference}) between 1 and 100`),
    uniqueIndex('charges_key_unique').on(t.requestKey),
    index('charges_tenant_idx').on(t.tenantId, t.createdAt),
    index('charges_agreement_idx').on(t.agreementId),
    index('charges_unpaid_idx')
      .on(t.tenantId)
      .where(sql`${t.paidAt} is null and ${t.cancelledAt} is null`),
  ],
);
