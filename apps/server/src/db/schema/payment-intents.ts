import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
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
 *
 * Status is our view of the provider's intent: `open` (may still be paid), `processing`,
 * `succeeded` (recorded as a payment), `canceled` (can never be paid) or `refunded` (charged for
 * a month already paid, and given back). At most one intent per member and month is open,
 * processing or succeeded, so a second one is only ever created after the first was canceled
 * with the provider, and never for a month that is paid.
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
    /** BDT per unit of `currency` when it is not taka; null for taka. */
    rate: text('rate'),
    status: text('status').notNull().default('open'),
    /**
     * Why a refunded charge was given back, as it was decided (null before 0028): the month was
     * already `paid`, its `coupon` already used, its rent `repriced` by a renewal, or no lease
     * bills it any more (`unbilled`).
     */
    refundReason: text('refund_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('payment_intents_provider_known', sql`${t.provider} in ('sandbox', 'stripe')`),
    check(
      'payment_intents_status_known',
      sql`${t.status} in ('open', 'processing', 'succeeded', 'canceled', 'refunded')`,
    ),
    check('payment_intents_amount_non_negative', sql`${t.amount} >= 0`),
    check(
      'payment_intents_refund_reason_known',
      sql`${t.refundReason} is null or ${t.refundReason} in ('paid', 'coupon', 'repriced', 'unbilled')`,
    ),
    check('payment_intents_discount_range', sql`${t.discount} >= 0 and ${t.discount} <= ${t.rent}`),
    check('payment_intents_billing_month_first_day', sql`extract(day from ${t.billingMonth}) = 1`),
    check(
      'payment_intents_rate_shape',
      sql`${t.rate} is null or ${t.rate} ~ '^[0-9]{1,7}([.][0-9]{1,6})?$'`,
    ),
    // One intent per member and month that may still be paid or has been: another is only ever
    // made after this one was canceled with the provider, never beside a payment.
    uniqueIndex('payment_intents_one_live_per_member_month')
      .on(t.userId, t.billingMonth)
      .where(sql`${t.status} in ('open', 'processing', 'succeeded')`),
    // A coupon is held from the moment it is applied until that payment is canceled: one open or
    // used intent per coupon and member, so a clash is refused before any charge.
    uniqueIndex('payment_intents_one_coupon_hold_per_member')
      .on(t.couponId, t.userId)
      .where(sql`${t.couponId} is not null and ${t.status} in ('open', 'processing', 'succeeded')`),
    index('payment_intents_user_month_idx').on(t.userId, t.billingMonth),
  ],
);

/**
 * Intents closed in our books without their provider's word: the 0003 migration had to close
 * some Stripe intents (a second one for a paid month or for a used coupon) and could not call
 * Stripe. Maintenance settles each with its provider (an open one canceled, a charge that went
 * through recorded or refunded) and then removes it from here.
 */
export const intentsToSettle = pgTable('intents_to_settle', {
  intentId: text('intent_id')
    .primaryKey()
    .references(() => paymentIntents.id, { onDelete: 'cascade' }),
  reason: text('reason').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The built-in sandbox's own records: what Stripe keeps on its side in test mode. Our
 * `payment_intents` rows only mirror them, exactly as they mirror Stripe's.
 */
export const sandboxIntents = pgTable(
  'sandbox_intents',
  {
    id: text('id').primaryKey(),
    /** Like Stripe, a repeated create with the same key returns the same intent. */
    idempotencyKey: text('idempotency_key').notNull(),
    clientSecret: text('client_secret').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull().default('requires_payment_method'),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
    /** The test processor's last refusal, as Stripe would report it. */
    lastError: text('last_error'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sandbox_intents_idempotency_key_unique').on(t.idempotencyKey),
    uniqueIndex('sandbox_intents_client_secret_unique').on(t.clientSecret),
    check(
      'sandbox_intents_status_known',
      sql`${t.status} in ('requires_payment_method', 'succeeded', 'canceled')`,
    ),
    check('sandbox_intents_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** Stripe webhook events already handled, so a redelivered event changes nothing. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
