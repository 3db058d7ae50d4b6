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

/** A rent payment the provider confirmed (spec §3 "Transaction"). */
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
    provider: text('provider').notNull().default('sandbox'),
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
    check('payments_provider_known', sql`${t.provider} in ('sandbox', 'stripe')`),
    check(
      'payments_rate_shape',
      sql`${t.rate} is null or ${t.rate} ~ '^[0-9]{1,7}([.][0-9]{1,6})?$'`,
    ),
    index('payments_paid_idx').on(t.paidAt),
    index('payments_user_paid_idx').on(t.userId, t.paidAt.desc().nullsFirst()),
  ],
);
