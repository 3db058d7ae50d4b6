import {
  chargeInMinorUnits,
  MONTH_NAMES,
  dayLabel,
  monthLabel,
  type CreatePaymentIntentRequest,
  type LedgerMonth,
  type PaymentIntentResponse,
  type RentLedger,
  type SessionUser,
} from '@structomate/contract';
import { and, count, desc, eq, inArray, ne } from 'drizzle-orm';
import { paymentIntents, payments } from '../../db/schema';
import { AppError, badRequest, conflict } from '../../lib/app-error';
import { calendarDay } from '../../lib/clock';
import { foreignKeyViolation, uniqueViolation } from '../../lib/db-errors';
import {
  couponById,
  couponDiscount,
  usableCoupon,
  type UsableCoupon,
} from '../coupons/coupons.service';
import { leaseBills, personLedger } from './ledger.service';
import type { IntentMetadata } from './provider';
import {
  cancelIntent,
  PAYMENT_REFUSALS,
  settleIntent,
  settleMonth,
  type IntentRow,
  type PaymentsContext,
} from './recording.service';

/** A month name means that month of the building's current year; `YYYY-MM` is taken as it is. */
export function resolveBillingMonth(month: CreatePaymentIntentRequest['month'], today: string) {
  const index = (MONTH_NAMES as readonly string[]).indexOf(month);
  if (index === -1) return month;
  return `${today.slice(0, 4)}-${String(index + 1).padStart(2, '0')}`;
}

/** Why a month is not one this person can pay (it is not in their ledger). */
function notBillable(ledger: RentLedger, billingMonth: string) {
  const label = monthLabel(billingMonth);
  const first = ledger.months[0];
  const last = ledger.months.at(-1);
  if (!first || !last) return conflict('You have no rent to pay: you hold no lease here.');
  if (billingMonth < first.billingMonth) {
    return badRequest(`Your lease starts in ${first.month}; ${label} has no rent to pay.`);
  }
  if (billingMonth > last.billingMonth) {
    const ending = ledger.leases.find((lease) => lease.status === 'accepted' && lease.endsOn);
    if (ending?.endsOn) {
      return badRequest(
        `Your lease ends on ${dayLabel(ending.endsOn)}; ${label} has no rent to pay.`,
      );
    }
    return ledger.leases.some((lease) => lease.status === 'accepted')
      ? badRequest(`${label} is too far ahead to pay now.`)
      : badRequest(`Your lease ended in ${last.month}; ${label} has no rent to pay.`);
  }
  return badRequest(`${label} is not part of any of your leases.`);
}

interface Price {
  rent: number;
  discount: number;
  /** Whole taka to pay, and what the provider charges for it. */
  amount: number;
  minor: number;
}

function priceOf(ctx: PaymentsContext, rent: number, coupon: UsableCoupon | undefined): Price {
  const discount = coupon ? couponDiscount(rent, coupon.percentage) : 0;
  const amount = rent - discount;
  if (amount <= 0) {
    throw badRequest(`Coupon ${coupon?.code} would cover the whole rent; ask the building office.`);
  }
  return {
    rent,
    discount,
    amount,
    minor: chargeInMinorUnits(amount, ctx.charge.currency, ctx.charge.rate),
  };
}

/**
 * A coupon this person may apply to `billingMonth`: usable today (the coupons module's rule) and
 * not held by another of their payments, open or made. A payment still open elsewhere is settled
 * first, so the answer is about money actually charged.
 */
async function couponFree(
  ctx: PaymentsContext,
  userId: string,
  coupon: UsableCoupon,
  billingMonth: string,
  now: Date,
): Promise<void> {
  const label = monthLabel(billingMonth);
  const used = conflict(`You have already used coupon ${coupon.code}.`);
  const [paid] = await ctx.db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.couponId, coupon.id), eq(payments.userId, userId)));
  if (paid) throw used;
  const holders = await ctx.db
    .select()
    .from(paymentIntents)
    .where(
      and(
        eq(paymentIntents.couponId, coupon.id),
        eq(paymentIntents.userId, userId),
        ne(paymentIntents.billingMonth, `${billingMonth}-01`),
        inArray(paymentIntents.status, ['open', 'processing', 'succeeded']),
      ),
    );
  for (const holder of holders) {
    const status = await settleIntent(ctx, holder, now);
    if (status === 'succeeded' || status === 'processing') throw used;
    if (status === 'open') {
      throw conflict(
        `Coupon ${coupon.code} is applied to your ${monthLabel(holder.billingMonth.slice(0, 7))} payment. Remove it there to use it for ${label}.`,
      );
    }
  }
}

/**
 * The coupon for this payment. Without `requested`, the month's open payment keeps the coupon it
 * holds, even one removed or expired since it was applied (the tab showing it can pay it anyway,
 * so reopening the payment must not take the discount away); `""` means none; a code is looked up
 * and must be usable and free.
 */
async function couponFor(
  ctx: PaymentsContext,
  userId: string,
  billingMonth: string,
  requested: string | undefined,
  live: IntentRow | undefined,
  now: Date,
): Promise<UsableCoupon | undefined> {
  const today = calendarDay(now, ctx.rules.timeZone);
  if (requested === undefined) {
    if (live) return live.couponId ? couponById(ctx.db, live.couponId) : undefined;
    return carriedCoupon(ctx, userId, billingMonth, now);
  }
  if (!requested.trim()) return undefined;
  const coupon = await usableCoupon(ctx.db, requested, today);
  await couponFree(ctx, userId, coupon, billingMonth, now);
  return coupon;
}

/**
 * The coupon of the month's latest payment when none is open: a payment the building closed (a
 * renewal changed its rent) opens again with the discount the tenant had applied, as long as no
 * other payment of theirs took the coupon since. One the tenant changed was replaced by a newer
 * payment, whose coupon (or none) is the latest.
 */
async function carriedCoupon(
  ctx: PaymentsContext,
  userId: string,
  billingMonth: string,
  now: Date,
): Promise<UsableCoupon | undefined> {
  const [latest] = await ctx.db
    .select({ couponId: paymentIntents.couponId })
    .from(paymentIntents)
    .where(
      and(
        eq(paymentIntents.userId, userId),
        eq(paymentIntents.billingMonth, `${billingMonth}-01`),
        inArray(paymentIntents.status, ['canceled', 'refunded']),
      ),
    )
    .orderBy(desc(paymentIntents.createdAt))
    .limit(1);
  const coupon = latest?.couponId ? await couponById(ctx.db, latest.couponId) : undefined;
  if (!coupon) return undefined;
  try {
    await couponFree(ctx, userId, coupon, billingMonth, now);
    return coupon;
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 409) return undefined;
    throw error;
  }
}

/** The open intent already asks for exactly this payment, through the provider we use now. */
function sameTerms(
  ctx: PaymentsContext,
  live: IntentRow,
  entry: LedgerMonth,
  coupon: UsableCoupon | undefined,
  price: Price,
): boolean {
  return (
    live.provider === ctx.gateways.active.name &&
    live.currency === ctx.charge.currency &&
    live.rate === ctx.charge.rate &&
    live.agreementId === entry.agreementId &&
    live.rent === price.rent &&
    live.discount === price.discount &&
    live.amount === price.minor &&
    live.couponId === (coupon?.id ?? null)
  );
}

/**
 * Opens a new intent with the provider and records it. Two requests racing here send the same
 * idempotency key and so get the same intent; should they differ (another coupon in another
 * tab), the one-intent-per-month index lets one record win and the other's intent, which no
 * browser has seen, is canceled. The index also counts a succeeded intent, so nothing new is
 * recorded for a month paid while this request was on its way. Undefined means "lost the race":
 * settle the month again.
 */
async function openIntent(
  ctx: PaymentsContext,
  payer: SessionUser,
  entry: LedgerMonth,
  coupon: UsableCoupon | undefined,
  price: Price,
): Promise<{ row: IntentRow; clientSecret: string } | undefined> {
  const gateway = ctx.gateways.active;
  const billingMonth = entry.billingMonth;
  const [earlier] = await ctx.db
    .select({ n: count() })
    .from(paymentIntents)
    .where(
      and(
        eq(paymentIntents.userId, payer._id),
        eq(paymentIntents.billingMonth, `${billingMonth}-01`),
      ),
    );
  const metadata: IntentMetadata = {
    userId: payer._id,
    billingMonth,
    agreementId: entry.agreementId,
  };
  const idempotencyKey = [
    'rent',
    payer._id,
    billingMonth,
    earlier?.n ?? 0,
    price.minor,
    ctx.charge.currency,
    coupon?.id ?? 'none',
  ].join(':');
  const created = await gateway.createIntent({
    amount: price.minor,
    currency: ctx.charge.currency,
    metadata,
    idempotencyKey,
  });
  const values = {
    id: created.id,
    provider: gateway.name,
    userId: payer._id,
    agreementId: entry.agreementId,
    billingMonth: `${billingMonth}-01`,
    rent: price.rent,
    discount: price.discount,
    couponId: coupon?.id ?? null,
    amount: price.minor,
    currency: ctx.charge.currency,
    rate: ctx.charge.rate,
  } satisfies typeof paymentIntents.$inferInsert;
  try {
    const [inserted] = await ctx.db
      .insert(paymentIntents)
      .values(values)
      .onConflictDoNothing({ target: paymentIntents.id })
      .returning();
    if (inserted) return { row: inserted, clientSecret: created.clientSecret };
    // The same intent, recorded by a parallel request with the same key.
    const [stored] = await ctx.db
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.id, created.id));
    return stored?.status === 'open'
      ? { row: stored, clientSecret: created.clientSecret }
      : undefined;
  } catch (error) {
    // Unrecorded, our intent reached no browser: kept as a canceled row, so the next try counts
    // it and asks the provider for a new intent (the same key would hand this canceled one back).
    const withdraw = async (row: typeof values) => {
      await ctx.db
        .insert(paymentIntents)
        .values({ ...row, status: 'canceled' })
        .onConflictDoNothing({ target: paymentIntents.id });
      await gateway.cancel(created.id);
    };
    if (coupon && foreignKeyViolation(error) === 'payment_intents_coupon_id_coupons_id_fk') {
      // The admin deleted the coupon while this was prepared (nothing held it yet).
      await withdraw({ ...values, couponId: null });
      throw badRequest(`Coupon ${coupon.code.toUpperCase()} does not exist.`);
    }
    const constraint = uniqueViolation(error);
    if (
      constraint !== 'payment_intents_one_live_per_member_month' &&
      constraint !== 'payment_intents_one_coupon_hold_per_member'
    ) {
      throw error;
    }
    // Another request holds the month (or the coupon). If it holds this very intent (the same
    // idempotency key), it is the one to use; otherwise ours reached no browser: cancel it.
    const [stored] = await ctx.db
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.id, created.id));
    if (stored) {
      return stored.status === 'open'
        ? { row: stored, clientSecret: created.clientSecret }
        : undefined;
    }
    await withdraw(values);
    return undefined;
  }
}

/**
 * Spec §7 /create-payment-intent, with the amount decided here: the month's rent under its lease,
 * less a valid coupon, charged in the configured currency's smallest unit. Before anything is
 * opened, the month's earlier intents are settled with the provider: a month paid (or a charge
 * that went through while the browser was away) is a 409 naming it; an intent still open is
 * reused, or canceled first when its terms change. So one member and month is never charged
 * twice, whichever tabs and servers ask at once.
 */
export async function prepareIntent(
  ctx: PaymentsContext,
  payer: SessionUser,
  request: Pick<CreatePaymentIntentRequest, 'month' | 'coupon'>,
  now: Date,
): Promise<PaymentIntentResponse> {
  const today = calendarDay(now, ctx.rules.timeZone);
  const billingMonth = resolveBillingMonth(request.month, today);
  const label = monthLabel(billingMonth);
  const ledger = await personLedger(ctx.db, ctx.rules, now, payer._id);
  const entry = ledger.months.find((month) => month.billingMonth === billingMonth);
  if (!entry) throw notBillable(ledger, billingMonth);
  if (entry.status === 'paid') throw conflict(PAYMENT_REFUSALS.alreadyPaid(label));
  // A coupon is an offer to tenants: not a discount on rent still owed after a lease ended.
  const requestedCode = request.coupon?.trim();
  const leaseOfMonth = ledger.leases.find((lease) => lease._id === entry.agreementId);
  if (requestedCode && leaseOfMonth?.status === 'ended') {
    throw badRequest(PAYMENT_REFUSALS.couponAfterLease(label));
  }

  for (let round = 0; round < 3; round += 1) {
    const live = await settleMonth(ctx, payer._id, billingMonth, now);
    const coupon = await couponFor(ctx, payer._id, billingMonth, request.coupon, live, now);
    const price = priceOf(ctx, entry.rent, coupon);
    let opened: { row: IntentRow; clientSecret: string } | undefined;
    if (live && sameTerms(ctx, live, entry, coupon, price)) {
      const gateway = ctx.gateways.byName(live.provider) ?? ctx.gateways.active;
      opened = { row: live, clientSecret: await gateway.clientSecret(live.id) };
    } else if (!live || (await cancelIntent(ctx, live))) {
      opened = await openIntent(ctx, payer, entry, coupon, price);
    }
    if (opened) {
      const { row, clientSecret } = opened;
      // A lease ended while this was prepared bills this month no more: its ending found no
      // intent to close, so this one is closed here (and recording refuses it regardless).
      if (!(await leaseBills(ctx.db, ctx.rules.timeZone, row.agreementId, billingMonth))) {
        if (!(await cancelIntent(ctx, row))) await settleIntent(ctx, row, now);
        throw conflict(`Your lease has ended; ${label} has no rent to pay.`);
      }
      return {
        clientSecret,
        paymentIntentId: row.id,
        provider: row.provider === 'stripe' ? 'stripe' : 'sandbox',
        billingMonth,
        monthLabel: label,
        rent: row.rent,
        discount: row.discount,
        amount: row.rent - row.discount,
        coupon: coupon ? { code: coupon.code, percentage: coupon.percentage } : null,
        currency: row.currency,
        amountInMinorUnits: row.amount,
        rate: row.rate,
      };
    }
  }
  throw conflict(
    `Another payment for ${label} is being prepared right now. Try again in a moment.`,
  );
}
