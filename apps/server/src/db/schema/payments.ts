import type { PaymentMethod } from '@structomate/contract';
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
import { coupons } from './coupons';
import { users } from './users';

/**
 * A month's rent paid (spec §3 "Transaction"): by card, as the provider confirmed it, or offline
 * (cash, bank transfer, bKash, Nagad), as the admin recorded it.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The provider's payment intent id, shown to tenants as the TRX ID. */
    transactionId: text('transaction_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    agreementId: uuid('agreement_id')
      .notNull()
      .references(() => agreements.id, { onDelete: 'restrict' }),
    /** First day of the month the rent pays for. */
    billingMonth: date('billing_month', { mode: 'string' }).notNull(),
    /** Monthly rent before discount, whole BDT. */
    rent: integer('rent').notNull(),
    discount: integer('discount').notNull().default(0),
    /** What was charged, in the smallest unit of `currency`. */
    amountCharged: integer('amount_charged').notNull(),
    currency: text('currency').notNull(),
    /** BDT per unit of `currency` when it is not taka; null for taka. */
    rate: text('rate'),
    couponId: uuid('coupon_id').references(() => coupons.id, { onDelete: 'restrict' }),
    /** `sandbox` or `stripe` for a card payment; `offline` for one the admin recorded. */
    provider: text('provider').notNull().default('sandbox'),
    /**
     * How the money came: `card`, or, recorded by the admin, `cash`, `bank`, `bkash`, `nagad`, or
     * `deposit` (out of the lease's security deposit).
     */
    method: text('method').$type<PaymentMethod>().notNull().default('card'),
    /** The admin's note of the transfer or receipt book (offline payments only). */
    reference: text('reference'),
    /** The building's day the money was received (offline payments only). */
    receivedOn: date('received_on', { mode: 'string' }),
    /** The admin who recorded an offline payment. */
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'restrict' }),
    /** When it was recorded in our books (a card payment: when the provider confirmed it). */
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_transaction_unique').on(t.transactionId),
    uniqueIndex('payments_one_per_member_month').on(t.userId, t.billingMonth),
    // A coupon applies to one payment per member.
    uniqueIndex('payments_one_coupon_use_per_member')
      .on(t.couponId, t.userId)
      .where(sql`${t.couponId} is not null`),
    check('payments_rent_positive', sql`${t.rent} > 0`),
    check('payments_discount_range', sql`${t.discount} >= 0 and ${t.discount} <= ${t.rent}`),
    check('payments_amount_non_negative', sql`${t.amountCharged} >= 0`),
    check('payments_billing_month_first_day', sql`extract(day from ${t.billingMonth}) = 1`),
    check('payments_provider_known', sql`${t.provider} in ('sandbox', 'stripe', 'offline')`),
    // `deposit`: rent paid out of the lease's security deposit (migration 0032's trigger refuses
    // more than it holds).
    check(
      'payments_method_known',
      sql`${t.method} in ('card', 'cash', 'bank', 'bkash', 'nagad', 'deposit')`,
    ),
    // A card goes through a provider; anything else was recorded by an admin, with its day.
    check(
      'payments_offline_recorded',
      sql`(${t.provider} = 'offline') = (${t.method} <> 'card')
        and (${t.provider} = 'offline') = (${t.receivedOn} is not null)
        and (${t.provider} = 'offline') = (${t.recordedBy} is not null)
        and (${t.provider} = 'offline' or ${t.reference} is null)`,
    ),
    check('payments_reference_length', sql`char_length(${t.reference}) between 1 and 100`),
    check(
      'payments_rate_shape',
      sql`${t.rate} is null or ${t.rate} ~ '^[0-9]{1,7}([.][0-9]{1,6})?$'`,
    ),
    // By when the money came, carrying what the admin's rent-collected figures add up, so they
    // are read from the index alone.
    index('payments_paid_idx').on(t.paidAt, t.receivedOn, t.rent, t.discount),
    index('payments_user_paid_idx').on(t.userId, t.paidAt.desc().nullsFirst()),
    // A lease's payments by month: the ledger and the rent roll read them by lease (without it,
    // the rent roll scanned every payment once per lease: no answer in 10 s with 5,000 leases).
    index('payments_agreement_month_idx').on(t.agreementId, t.billingMonth),
    // Rent paid from a lease's deposit, what every reading of what a deposit holds sums (the
    // rent roll's, over all leases at once, reads this alone, not every payment).
    index('payments_deposit_rent_idx')
      .on(t.agreementId, t.rent, t.discount)
      .where(sql`${t.method} = 'deposit'`),
  ],
);
