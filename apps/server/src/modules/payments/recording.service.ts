import {
  formatCharge,
  monthLabel,
  PaymentProviderSchema,
  type SessionUser,
  type Transaction,
} from '@structomate/contract';
import { and, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  agreements,
  apartments,
  coupons,
  intentsToSettle,
  paymentIntents,
  payments,
  stripeEvents,
  users,
} from '../../db/schema';
import { AppError, conflict, forbidden, notFound } from '../../lib/app-error';
import { uniqueViolation } from '../../lib/db-errors';
import type { PaymentGateways } from './gateways';
import { recordAudit } from '../audit/audit.service';
import { notify } from '../notifications/notifications.service';
import { calendarDay } from '../../lib/clock';
import { leaseBills, rentIn, type BillingRules } from './ledger.service';
import type { ProviderIntent } from './provider';

/** What the payment services need from the app. */
export interface PaymentsContext {
  db: Database;
  gateways: PaymentGateways;
  /** What new payments are charged in: taka, or another currency at `rate` BDT per unit. */
  charge: { currency: string; rate: string | null };
  rules: BillingRules;
  log: {
    error(object: object, message: string): void;
    warn(object: object, message: string): void;
    info(object: object, message: string): void;
  };
}

export type IntentRow = typeof paymentIntents.$inferSelect;
export type IntentStatus = 'open' | 'processing' | 'succeeded' | 'canceled' | 'refunded';

export const PAYMENT_REFUSALS = {
  alreadyPaid: (label: string) => `${label} is already paid.`,
  refunded: (label: string) =>
    `${label} was already paid, so this second charge has been refunded in full.`,
  processing: (label: string) =>
    `Your payment for ${label} is still being processed. It will show here once it goes through.`,
  notConfirmed: 'The payment provider has not confirmed this payment.',
  canceled: 'This payment was canceled before it went through. Nothing was charged.',
  mismatch: 'The confirmed payment does not match this rent payment.',
  couponRefunded: (label: string) =>
    `This charge for ${label} has been refunded in full, as its coupon was already used. ${label} is still to pay.`,
  notBilled: (label: string) =>
    `${label} is not billed to you, as your lease ended before it, so this charge has been refunded in full.`,
  couponAfterLease: (label: string) =>
    `Coupons are for the rent of a running lease; ${label} is owed on a lease that has ended.`,
  repriced: (label: string) =>
    `The rent for ${label} changed while you paid, so this charge has been refunded in full. Pay ${label} again at its new rent.`,
} as const;

const labelOf = (row: IntentRow) => monthLabel(row.billingMonth.slice(0, 7));

/** Moves our record of an intent to `status`, but only from the states named. */
async function markIntent(db: Database, id: string, from: IntentStatus[], status: IntentStatus) {
  await db
    .update(paymentIntents)
    .set({ status, updatedAt: sql`now()` })
    .where(and(eq(paymentIntents.id, id), inArray(paymentIntents.status, from)));
}

/**
 * Brings our record of an intent in line with the provider's: a succeeded charge is recorded as
 * its one payment (or refunded, when the month was already paid), a canceled one is closed, a
 * processing one waits. `reported` is the provider's word when we already have it (a signed
 * webhook event); otherwise the provider is asked. Returns where the intent ends up.
 */
export async function settleIntent(
  ctx: PaymentsContext,
  row: IntentRow,
  now: Date,
  reported?: ProviderIntent,
): Promise<IntentStatus> {
  if (row.status === 'succeeded' || row.status === 'refunded') return row.status;
  const gateway = ctx.gateways.byName(row.provider);
  if (!gateway) {
    // Made with a provider this server is no longer configured for: nothing here can pay it.
    ctx.log.warn(
      { intentId: row.id, provider: row.provider },
      'intent of an unconfigured provider closed',
    );
    await markIntent(ctx.db, row.id, ['open', 'processing'], 'canceled');
    return 'canceled';
  }
  const state = reported ?? (await gateway.retrieve(row.id));
  if (!state || state.status === 'canceled') {
    await markIntent(ctx.db, row.id, ['open', 'processing'], 'canceled');
    return 'canceled';
  }
  if (state.status === 'succeeded') return recordSucceeded(ctx, row, state, now);
  if (state.status === 'processing') {
    await markIntent(ctx.db, row.id, ['open'], 'processing');
    return 'processing';
  }
  await markIntent(ctx.db, row.id, ['processing'], 'open');
  return 'open';
}

/**
 * Cancels an open intent with its provider, so it can never be paid, before another replaces it.
 * False when it can no longer be canceled (it was paid meanwhile): the caller settles it.
 */
export async function cancelIntent(ctx: PaymentsContext, live: IntentRow): Promise<boolean> {
  const gateway = ctx.gateways.byName(live.provider);
  const state = gateway ? await gateway.cancel(live.id) : undefined;
  if (gateway && state && state.status !== 'canceled') return false;
  await markIntent(ctx.db, live.id, ['open', 'processing'], 'canceled');
  return true;
}

/**
 * Records a charge the provider reports as succeeded, once, whoever asks first (the browser's
 * save, the webhook, or the next intent for the month settling it). The intent's row lock makes
 * concurrent recorders take turns; the unique (member, month) index makes a second charge for a
 * paid month impossible to record, and that charge is refunded instead.
 */
async function recordSucceeded(
  ctx: PaymentsContext,
  row: IntentRow,
  state: ProviderIntent,
  now: Date,
  retried = false,
): Promise<'succeeded' | 'refunded'> {
  const matches =
    state.amount === row.amount &&
    state.currency === row.currency &&
    state.metadata.userId === row.userId &&
    state.metadata.billingMonth === row.billingMonth.slice(0, 7);
  if (!matches) {
    ctx.log.error(
      { intentId: row.id, reported: state },
      'a succeeded payment does not match what we asked for',
    );
    throw conflict(PAYMENT_REFUSALS.mismatch);
  }
  const month = row.billingMonth.slice(0, 7);
  let outcome: 'succeeded' | 'refunded' | 'unbilled' | 'repriced';
  try {
    outcome = await ctx.db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ status: paymentIntents.status })
        .from(paymentIntents)
        .where(eq(paymentIntents.id, row.id))
        .for('update');
      const [recorded] = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(eq(payments.transactionId, row.id));
      if (recorded) return 'succeeded';
      if (locked?.status === 'refunded') return 'refunded';
      // The lease is held while the payment is recorded: one ended meanwhile bills no later month.
      if (!(await leaseBills(tx, ctx.rules.timeZone, row.agreementId, month, true))) {
        return 'unbilled';
      }
      // …and a renewal that changed the month's rent since the charge was asked for wins.
      if (await repriced(tx, row)) return 'repriced';
      const [payment] = await tx
        .insert(payments)
        .values({
          transactionId: row.id,
          userId: row.userId,
          agreementId: row.agreementId,
          billingMonth: row.billingMonth,
          rent: row.rent,
          discount: row.discount,
          amountCharged: row.amount,
          currency: row.currency,
          rate: row.rate,
          couponId: row.couponId,
          provider: row.provider === 'stripe' ? 'stripe' : 'sandbox',
          paidAt: now,
        })
        .returning({ id: payments.id });
      await tx
        .update(paymentIntents)
        .set({ status: 'succeeded', updatedAt: sql`now()` })
        .where(eq(paymentIntents.id, row.id));
      const [payer] = await tx
        .select({ email: users.email, name: users.displayName })
        .from(users)
        .where(eq(users.id, row.userId));
      await recordAudit(tx, payer ? { id: row.userId, ...payer, ip: null } : null, {
        action: 'payment.card',
        subjectType: 'payment',
        subjectId: row.id,
        summary: `${payer?.name ?? 'A tenant'} paid the rent of ${monthLabel(month)}: ${(row.rent - row.discount).toLocaleString('en-US')} BDT by card (${row.provider})${row.discount > 0 ? `, ${row.discount.toLocaleString('en-US')} BDT off the rent of ${row.rent.toLocaleString('en-US')} BDT with a coupon` : ''}`,
        after: {
          billingMonth: month,
          rent: row.rent,
          discount: row.discount,
          charged: row.amount,
          currency: row.currency,
        },
      });
      const [place] = await tx
        .select({ apartmentNo: apartments.apartmentNo })
        .from(agreements)
        .innerJoin(apartments, eq(apartments.id, agreements.apartmentId))
        .where(eq(agreements.id, row.agreementId));
      await notify(tx, row.userId, {
        kind: 'receipt',
        data: {
          month,
          amount: row.rent - row.discount,
          // The rent and the coupon's discount, which the receipt shows as the page does.
          rent: row.rent,
          discount: row.discount,
          method: 'card',
          paidOn: calendarDay(now, ctx.rules.timeZone),
          apartmentNo: place?.apartmentNo ?? '',
          paymentId: payment?.id ?? '',
        },
      });
      return 'succeeded';
    });
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint === 'payment_intents_one_live_per_member_month' && !retried) {
      // A charge went through on an intent we had closed, while another is open for the month
      // (only a provider we could not reach to cancel leaves that). The open one is canceled
      // first, or, if it went through too, settled; then this one is recorded or refunded.
      const others = await ctx.db
        .select()
        .from(paymentIntents)
        .where(
          and(
            eq(paymentIntents.userId, row.userId),
            eq(paymentIntents.billingMonth, row.billingMonth),
            inArray(paymentIntents.status, ['open', 'processing']),
          ),
        );
      for (const other of others) {
        if (other.id !== row.id && !(await cancelIntent(ctx, other))) {
          await settleIntent(ctx, other, now);
        }
      }
      return recordSucceeded(ctx, row, state, now, true);
    }
    if (
      constraint !== 'payments_one_per_member_month' &&
      constraint !== 'payments_one_coupon_use_per_member'
    ) {
      throw error;
    }
    // The month (or the coupon) was paid by another charge: this one is given back in full.
    ctx.log.error(
      { intentId: row.id, userId: row.userId, billingMonth: row.billingMonth, constraint },
      'a second charge for a paid month: refunding it',
    );
    await refundCharge(
      ctx,
      row,
      constraint === 'payments_one_coupon_use_per_member' ? 'coupon' : 'paid',
    );
    return 'refunded';
  }
  if (outcome === 'repriced') {
    ctx.log.error(
      { intentId: row.id, userId: row.userId, billingMonth: row.billingMonth },
      'a charge at a rent the lease no longer asks: refunding it',
    );
    await refundCharge(ctx, row, 'repriced');
    throw conflict(PAYMENT_REFUSALS.repriced(monthLabel(month)));
  }
  if (outcome !== 'unbilled') return outcome;
  ctx.log.error(
    { intentId: row.id, userId: row.userId, billingMonth: row.billingMonth },
    'a charge for a month after the lease ended: refunding it',
  );
  await refundCharge(ctx, row, 'unbilled');
  throw conflict(PAYMENT_REFUSALS.notBilled(monthLabel(month)));
}

/** The lease asks another rent for the intent's month than the intent was opened at. */
async function repriced(db: Database, row: IntentRow): Promise<boolean> {
  const [lease] = await db
    .select({ rent: sql<number>`${rentIn(sql`${agreements}`, sql`${row.billingMonth}::date`)}` })
    .from(agreements)
    .where(eq(agreements.id, row.agreementId));
  return lease !== undefined && Number(lease.rent) !== row.rent;
}

/** Why a charge is given back: as the payer is told it ("… in full, because …"), and as logged. */
const REFUND_REASONS = {
  paid: { payer: 'the month was already paid', log: 'the month was already paid' },
  coupon: { payer: 'its coupon was already used', log: 'its coupon was already used' },
  repriced: {
    payer: 'the rent for that month changed while you paid',
    log: 'the rent for that month changed',
  },
  unbilled: {
    payer: 'your lease no longer runs in that month',
    log: 'no lease bills that month any more',
  },
} as const;
type RefundReason = keyof typeof REFUND_REASONS;
const isRefundReason = (value: string | null): value is RefundReason =>
  value !== null && Object.hasOwn(REFUND_REASONS, value);

/** Gives a charge that must not be kept back in full, and marks its intent refunded. */
async function refundCharge(
  ctx: PaymentsContext,
  row: IntentRow,
  why: RefundReason,
): Promise<void> {
  const reason = REFUND_REASONS[why];
  const gateway = ctx.gateways.byName(row.provider);
  if (!gateway) throw new Error(`no gateway for ${row.provider} to refund ${row.id}`);
  await gateway.refund(row.id);
  // Our record of the refund, its audit row and the payer's notice are kept or lost together.
  await ctx.db.transaction(async (tx) => {
    // Marked with its reason, which saving the charge later repeats.
    await tx
      .update(paymentIntents)
      .set({ status: 'refunded', refundReason: why, updatedAt: sql`now()` })
      .where(
        and(
          eq(paymentIntents.id, row.id),
          inArray(paymentIntents.status, ['open', 'processing', 'canceled']),
        ),
      );
    // The payer saw the money leave: they are told it came back, and why (once per charge).
    await notify(
      tx,
      row.userId,
      {
        kind: 'refund',
        data: {
          month: row.billingMonth.slice(0, 7),
          amount: row.rent - row.discount,
          charged: formatCharge(row.amount, row.currency),
          reason: reason.payer,
        },
      },
      `refund:${row.id}`,
    );
    await recordAudit(tx, null, {
      action: 'payment.refund',
      subjectType: 'payment-intent',
      subjectId: row.id,
      summary: `Refunded a charge of ${row.amount} ${row.currency} (minor units) for ${monthLabel(row.billingMonth.slice(0, 7))}: ${reason.log}`,
      after: { userId: row.userId, billingMonth: row.billingMonth.slice(0, 7), reason: why },
    });
  });
}

/**
 * Spec §7 /save/transaction: the browser says a payment went through; the provider decides.
 * Answers the recorded payment, or why there is none (never a 5xx for a permanent condition).
 */
export async function saveTransaction(
  ctx: PaymentsContext,
  payer: SessionUser,
  intentId: string,
  now: Date,
): Promise<Transaction> {
  const [row] = await ctx.db.select().from(paymentIntents).where(eq(paymentIntents.id, intentId));
  if (!row) throw notFound('No payment of ours has this transaction id');
  if (row.userId !== payer._id) throw forbidden('This payment is not yours');
  const status = await settleIntent(ctx, row, now);
  const month = row.billingMonth.slice(0, 7);
  switch (status) {
    case 'succeeded': {
      const [transaction] = await transactionsWhere(ctx.db, eq(payments.transactionId, row.id), 1);
      if (!transaction) throw new Error('payment row missing after recording');
      return transaction;
    }
    case 'refunded': {
      const label = labelOf(row);
      // Said as it was decided when the charge was given back…
      const [refunded] = await ctx.db
        .select({ why: paymentIntents.refundReason })
        .from(paymentIntents)
        .where(eq(paymentIntents.id, row.id));
      const why = refunded?.why ?? null;
      if (isRefundReason(why)) {
        throw conflict(
          {
            paid: PAYMENT_REFUSALS.refunded,
            coupon: PAYMENT_REFUSALS.couponRefunded,
            repriced: PAYMENT_REFUSALS.repriced,
            unbilled: PAYMENT_REFUSALS.notBilled,
          }[why](label),
        );
      }
      // …or, for a refund made before reasons were kept (0028), worked out from the books now:
      // another charge paid the month, no lease bills it any more, a renewal changed its rent,
      // or (before coupons were held at intent time) its coupon paid another month.
      const [paid] = await ctx.db
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.userId, row.userId), eq(payments.billingMonth, row.billingMonth)));
      if (paid) throw conflict(PAYMENT_REFUSALS.refunded(label));
      if (!(await leaseBills(ctx.db, ctx.rules.timeZone, row.agreementId, month))) {
        throw conflict(PAYMENT_REFUSALS.notBilled(label));
      }
      throw conflict(
        (await repriced(ctx.db, row))
          ? PAYMENT_REFUSALS.repriced(label)
          : PAYMENT_REFUSALS.couponRefunded(label),
      );
    }
    case 'processing':
      throw conflict(PAYMENT_REFUSALS.processing(labelOf(row)));
    case 'canceled':
      throw new AppError('PAYMENT_FAILED', PAYMENT_REFUSALS.canceled);
    case 'open':
      throw new AppError('PAYMENT_FAILED', PAYMENT_REFUSALS.notConfirmed);
  }
}

/**
 * A provider's event about one of our intents (a signed Stripe webhook). Permanent conditions
 * (not ours, does not match, a month already paid) are logged and answered as handled, so the
 * provider does not retry for days; only failures worth retrying throw.
 */
export async function handleProviderEvent(
  ctx: PaymentsContext,
  intentId: string,
  reported: ProviderIntent | undefined,
  now: Date,
): Promise<IntentStatus | 'not-ours' | 'ignored'> {
  const [row] = await ctx.db.select().from(paymentIntents).where(eq(paymentIntents.id, intentId));
  if (!row) {
    ctx.log.info({ intentId }, 'provider event for an intent that is not ours: ignored');
    return 'not-ours';
  }
  try {
    return await settleIntent(ctx, row, now, reported);
  } catch (error) {
    if (error instanceof AppError && error.statusCode < 500) {
      ctx.log.warn(
        { intentId, reason: error.message },
        'provider event cannot be applied: ignored',
      );
      return 'ignored';
    }
    throw error;
  }
}

/**
 * The month's intents that may still be paid (at most one), settled with their provider first.
 * A month that turns out paid or still processing is refused with 409 and named; otherwise the
 * intent still open, if any, is returned for reuse.
 */
export async function settleMonth(
  ctx: PaymentsContext,
  userId: string,
  billingMonth: string,
  now: Date,
): Promise<IntentRow | undefined> {
  const label = monthLabel(billingMonth);
  const live = await ctx.db
    .select()
    .from(paymentIntents)
    .where(
      and(
        eq(paymentIntents.userId, userId),
        eq(paymentIntents.billingMonth, `${billingMonth}-01`),
        inArray(paymentIntents.status, ['open', 'processing']),
      ),
    );
  let open: IntentRow | undefined;
  for (const row of live) {
    const status = await settleIntent(ctx, row, now);
    // A refunded charge paid nothing: whether the month is paid is for the payments to say.
    if (status === 'succeeded') throw conflict(PAYMENT_REFUSALS.alreadyPaid(label));
    if (status === 'processing') throw conflict(PAYMENT_REFUSALS.processing(label));
    if (status === 'open') open = row;
  }
  const [paid] = await ctx.db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.billingMonth, `${billingMonth}-01`)));
  if (paid) throw conflict(PAYMENT_REFUSALS.alreadyPaid(label));
  return open;
}

/**
 * Cancels, with their provider, a person's payments still open for months after `lastMonth`
 * (their lease ended): nothing may be charged for a month nobody is billed for. One that went
 * through meanwhile is refunded (recording refuses a month the lease no longer bills).
 */
export async function closeIntentsAfter(
  ctx: PaymentsContext,
  userId: string,
  lastMonth: string,
  now: Date,
): Promise<void> {
  const rows = await ctx.db
    .select()
    .from(paymentIntents)
    .where(
      and(
        eq(paymentIntents.userId, userId),
        sql`${paymentIntents.billingMonth} > ${`${lastMonth}-01`}::date`,
        inArray(paymentIntents.status, ['open', 'processing']),
      ),
    );
  for (const row of rows) {
    const status = await cancelOrSettle(ctx, row, now);
    if (status !== 'canceled' && status !== 'refused') {
      ctx.log.warn(
        { intentId: row.id, userId, billingMonth: row.billingMonth, status },
        'a payment for a month after the lease ended could not be canceled',
      );
    }
  }
}

/**
 * Cancels, with their provider, the card payments still open under a lease for `fromMonth`
 * (YYYY-MM) and later at another rent than `rent`: a renewal changed the rent of those months, so
 * the tab showing the old amount cannot charge it (the tenant opens the payment again and sees the
 * new one). One that went through meanwhile is refunded (recording checks the month's rent
 * again). Returns how many could not be closed (logged).
 */
export async function closeIntentsAtOtherRent(
  ctx: PaymentsContext,
  agreementId: string,
  fromMonth: string,
  rent: number,
  now: Date,
): Promise<number> {
  const rows = await ctx.db
    .select()
    .from(paymentIntents)
    .where(
      and(
        eq(paymentIntents.agreementId, agreementId),
        sql`${paymentIntents.billingMonth} >= ${`${fromMonth}-01`}::date`,
        ne(paymentIntents.rent, rent),
        inArray(paymentIntents.status, ['open', 'processing']),
      ),
    );
  return closeEach(
    ctx,
    rows,
    now,
    'a card payment at a rent a renewal changed could not be closed yet',
  );
}

/**
 * Cancels, with their provider, a person's card payments still open for `months` (YYYY-MM), once
 * those months were paid another way (recorded offline): a charge that went through meanwhile is
 * refunded, as the month is paid. Returns how many could not be closed (logged).
 */
export async function closeIntentsFor(
  ctx: PaymentsContext,
  userId: string,
  months: readonly string[],
  now: Date,
): Promise<number> {
  if (months.length === 0) return 0;
  const rows = await ctx.db
    .select()
    .from(paymentIntents)
    .where(
      and(
        eq(paymentIntents.userId, userId),
        inArray(
          paymentIntents.billingMonth,
          months.map((month) => `${month}-01`),
        ),
        inArray(paymentIntents.status, ['open', 'processing']),
      ),
    );
  return closeEach(
    ctx,
    rows,
    now,
    'a card payment for a month paid offline could not be closed yet',
  );
}

/** Cancels or settles each intent; how many are still open or processing (each logged). */
async function closeEach(
  ctx: PaymentsContext,
  rows: readonly IntentRow[],
  now: Date,
  stillOpen: string,
): Promise<number> {
  let left = 0;
  for (const row of rows) {
    const status = await cancelOrSettle(ctx, row, now);
    if (status === 'processing' || status === 'open') {
      left += 1;
      ctx.log.warn(
        { intentId: row.id, userId: row.userId, billingMonth: row.billingMonth, status },
        stillOpen,
      );
    }
  }
  return left;
}

/**
 * Cancels an intent with its provider, or, when it went through meanwhile, settles it: recorded,
 * or refunded when it must not be kept. 'refused' when recording refused it with a reason
 * (already logged).
 */
async function cancelOrSettle(
  ctx: PaymentsContext,
  row: IntentRow,
  now: Date,
): Promise<IntentStatus | 'refused'> {
  const gateway = ctx.gateways.byName(row.provider);
  const state = gateway ? await gateway.cancel(row.id) : undefined;
  try {
    return await settleIntent(ctx, row, now, state);
  } catch (error) {
    if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
    ctx.log.warn({ intentId: row.id, reason: error.message }, 'a closed payment settled');
    return 'refused';
  }
}

/**
 * Settles, with their provider, the intents listed in `intents_to_settle` (closed in our books
 * without asking it), and removes each one settled. One whose provider this server cannot reach
 * or that is still processing stays listed for the next run. Returns how many were settled.
 */
export async function settleListedIntents(ctx: PaymentsContext, now: Date): Promise<number> {
  const listed = await ctx.db
    .select({ intent: paymentIntents })
    .from(intentsToSettle)
    .innerJoin(paymentIntents, eq(paymentIntents.id, intentsToSettle.intentId))
    .orderBy(intentsToSettle.createdAt)
    .limit(100);
  let settled = 0;
  for (const { intent } of listed) {
    if (!ctx.gateways.byName(intent.provider)) continue;
    const status = await cancelOrSettle(ctx, intent, now).catch((error: unknown) => {
      ctx.log.warn({ err: error, intentId: intent.id }, 'a listed intent could not be settled yet');
      return undefined;
    });
    if (status === undefined || status === 'processing') continue;
    ctx.log.info({ intentId: intent.id, status }, 'a listed intent settled with its provider');
    // Off the list, with the audit row that says how it ended, or neither.
    await ctx.db.transaction(async (tx) => {
      await tx.delete(intentsToSettle).where(eq(intentsToSettle.intentId, intent.id));
      await recordAudit(tx, null, {
        action: 'payment.settled',
        subjectType: 'payment-intent',
        subjectId: intent.id,
        summary: `Settled with ${intent.provider} a charge for ${monthLabel(intent.billingMonth.slice(0, 7))} closed here without its word: ${status}`,
        after: { userId: intent.userId, billingMonth: intent.billingMonth.slice(0, 7), status },
      });
    });
    settled += 1;
  }
  return settled;
}

/** Payments (card and offline) as receipts, newest first. */
export async function transactionsWhere(
  db: Database,
  where: SQL | undefined,
  limit = 500,
): Promise<Transaction[]> {
  const rows = await db
    .select({
      id: payments.id,
      transactionId: payments.transactionId,
      userId: payments.userId,
      paidAt: payments.paidAt,
      billingMonth: payments.billingMonth,
      rent: payments.rent,
      discount: payments.discount,
      amountCharged: payments.amountCharged,
      currency: payments.currency,
      rate: payments.rate,
      provider: payments.provider,
      method: payments.method,
      reference: payments.reference,
      receivedOn: payments.receivedOn,
      couponCode: coupons.code,
      email: users.email,
      tenant: users.displayName,
      floorNo: apartments.floorNo,
      blockName: apartments.blockName,
      apartmentNo: apartments.apartmentNo,
    })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .innerJoin(agreements, eq(agreements.id, payments.agreementId))
    .innerJoin(apartments, eq(apartments.id, agreements.apartmentId))
    .leftJoin(coupons, eq(coupons.id, payments.couponId))
    .where(where)
    .orderBy(desc(payments.paidAt), desc(payments.billingMonth))
    .limit(limit);
  return rows.map((row) => ({
    _id: row.id,
    transactionId: row.transactionId,
    userId: row.userId,
    date: row.paidAt.toISOString(),
    billingMonth: row.billingMonth.slice(0, 7),
    month: monthLabel(row.billingMonth.slice(0, 7)),
    rent: row.rent,
    discount: row.discount,
    amount: row.rent - row.discount,
    couponCode: row.couponCode,
    currency: row.currency,
    amountInMinorUnits: row.amountCharged,
    rate: row.rate,
    provider: PaymentProviderSchema.parse(row.provider),
    method: row.method,
    reference: row.reference,
    receivedOn: row.receivedOn,
    email: row.email,
    tenant: row.tenant,
    floor: row.floorNo,
    blockName: row.blockName,
    apartmentNo: row.apartmentNo,
  }));
}

/** Spec §7 /get/transactions: the caller's payments, newest first. */
export function listTransactions(db: Database, userId: string): Promise<Transaction[]> {
  return transactionsWhere(db, eq(payments.userId, userId));
}

/**
 * Each Stripe event is handled once: processing first, then the event is marked, so a failure
 * lets Stripe's retry run it again, and a redelivery after success finds it marked (and the
 * payment already recorded, which recording also checks).
 */
export async function handleStripeEventOnce(
  db: Database,
  id: string,
  type: string,
  process: () => Promise<void>,
): Promise<void> {
  const [seen] = await db.select().from(stripeEvents).where(eq(stripeEvents.id, id));
  if (seen) return;
  await process();
  await db.insert(stripeEvents).values({ id, type }).onConflictDoNothing();
}
