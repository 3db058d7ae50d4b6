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
 * What we asked the payment provider to charge, and for which month: the record a confirmed
 * payment is checked against (amount, currency, member, month) before it counts as paid.
 */
export const paymentIntents = pgTable(
  'payment_intents',
  {
    /** The provider's id (Stripe `pi_…`, sandbox `pi_sbx_…`). */
    id: text('id').primaryKey(),
    provider: text('provider').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    agreementId: uuid('agreement_id')
      .notNull()
      .references(() => agreements.id, { onDelete: 'restrict' }),
    billingMonth: date('billing_month', { mode: 'string' }).notNull(),
    rent: integer('rent').notNull(),
    discount: integer('discount').notNull().default(0),
    // A coupon deleted while an intent is open leaves the intent's amount as it was offered.
    couponId: uuid('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    /** In the smallest unit of `currency`. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull().default('open'),
    /** Only the sandbox keeps its client secret here; Stripe's stays with Stripe. */
    clientSecret: text('client_secret'),
    /** The sandbox processor's last refusal, as Stripe would report it. */
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('payment_intents_provider_known', sql`${t.provider} in ('sandbox', 'stripe')`),
    check('payment_intents_status_known', sql`${t.status} in ('open', 'succeeded', 'canceled')`),
    check('payment_intents_amount_non_negative', sql`${t.amount} >= 0`),
    check('payment_intents_discount_range', sql`${t.discount} >= 0 and ${t.discount} <= ${t.rent}`),
    check('payment_intents_billing_month_first_day', sql`extract(day from ${t.billingMonth}) = 1`),
    // One open intent per member and month: asking again reuses it.
    uniqueIndex('payment_intents_one_open_per_member_month')
      .on(t.userId, t.billingMonth)
      .where(sql`${t.status} = 'open'`),
    index('payment_intents_user_idx').on(t.userId),
  ],
);

/** Stripe webhook events already handled, so a redelivered event changes nothing. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
