import type { DepositEntryKind, OfflinePaymentMethod } from '@structomate/contract';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  date,
  index,
  uniqueIndex,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { agreements } from './agreements';
import { users } from './users';

/**
 * A lease's security deposit, as a ledger: every amount received from the tenant and every amount
 * given back, as the admin recorded it. What is held is what was received less what was refunded
 * (deposits.service.ts). Triggers of migration 0010 refuse a refund beyond what is held (with the
 * lease's row locked, so concurrent refunds take turns) and any change or removal of an entry: a
 * mistake is corrected by another entry. An entry recorded by mistake is undone by one of the
 * opposite way (`receipt_undone`, `refund_undone`) that names it, once (migration 0033's trigger
 * checks it matches: same lease, amount and method).
 */
export const depositEntries = pgTable(
  'deposit_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agreementId: uuid('agreement_id')
      .notNull()
      .references(() => agreements.id, { onDelete: 'restrict' }),
    kind: text('kind').$type<DepositEntryKind>().notNull(),
    /** Whole BDT, always positive: the kind says which way it went. */
    amount: integer('amount').notNull(),
    method: text('method').$type<OfflinePaymentMethod>().notNull(),
    reference: text('reference'),
    /** The building's day the money changed hands. */
    entryDate: date('entry_date', { mode: 'string' }).notNull(),
    recordedBy: uuid('recorded_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    /** The sender's key for this entry: sent again, it is not recorded twice (null before 0027). */
    requestKey: uuid('request_key'),
    /** An undo's: the entry recorded by mistake that it undoes (null for any other entry). */
    undoes: uuid('undoes').references((): AnyPgColumn => depositEntries.id, {
      onDelete: 'restrict',
    }),
    /** An undo's: the office's reason, as the tenant was told it (null for any other entry). */
    reason: text('reason'),
  },
  (t) => [
    check(
      'deposit_entries_kind_known',
      sql`${t.kind} in ('received', 'refunded', 'receipt_undone', 'refund_undone')`,
    ),
    // An undo, and only an undo, names the entry it undoes and says why.
    check(
      'deposit_entries_undo_whole',
      sql`(${t.kind} in ('receipt_undone', 'refund_undone')) = (${t.undoes} is not null) and (${t.undoes} is null) = (${t.reason} is null)`,
    ),
    check('deposit_entries_reason_length', sql`char_length(${t.reason}) between 1 and 200`),
    check('deposit_entries_amount_positive', sql`${t.amount} > 0`),
    check('deposit_entries_method_known', sql`${t.method} in ('cash', 'bank', 'bkash', 'nagad')`),
    check('deposit_entries_reference_length', sql`char_length(${t.reference}) between 1 and 100`),
    index('deposit_entries_agreement_idx').on(t.agreementId, t.entryDate, t.recordedAt),
    // A key names one entry, whatever lease it is sent for: sent again for another lease (the
    // form re-sent after its lease was changed), it is refused, not recorded twice.
    uniqueIndex('deposit_entries_key_unique').on(t.requestKey),
    // An entry is undone once at most: two admins undoing it at once, one is refused.
    uniqueIndex('deposit_entries_undone_once').on(t.undoes),
  ],
);
