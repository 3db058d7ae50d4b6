import {
  cardProblem,
  MONTH_NAMES,
  monthLabel,
  type Agreement,
  type CreatePaymentIntentRequest,
  type PaymentIntentResponse,
  type RentLedger,
  type SandboxCard,
  type SessionUser,
  type Transaction,
} from '@structomate/contract';
import { and, count, desc, eq, gte, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  agreements,
  apartments,
  coupons,
  paymentIntents,
  payments,
  stripeEvents,
  users,
} from '../../db/schema';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/app-error';
import { uniqueViolation } from '../../lib/db-errors';
import { memberAgreement } from '../leases/leases.service';
import type { IntentMetadata, PaymentGateway, ProviderIntent } from './provider';
import { processorRefusal } from './sandbox';

export interface PaymentsContext {
  db: Database;
  gateway: PaymentGateway;
  /** The currency charged (spec: usd); the rent figure is charged in its units. */
  currency: string;
  /** LEASE_START (YYYY-MM-DD): no rent is due before this month. */
  leaseStart: string;
  now: () => Date;
  log: {
    error(object: object, message: string): void;
    warn(object: object, message: string): void;
  };
}

/** Payments may be made up to this many months ahead. */
const MONTHS_AHEAD = 11;

// Calendar months are counted in UTC: `YYYY-MM`.
const monthOf = (date: Date) => date.toISOString().slice(0, 7);
const firstDay = (billingMonth: string) => `${billingMonth}-01`;
function addMonths(billingMonth: string, months: number): string {
  const [year = 0, month = 1] = billingMonth.split('-').map(Number);
  const index = year * 12 + (month - 1) + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** A month name means that month of the current year; `YYYY-MM` is taken as it is. */
export function resolveBillingMonth(month: CreatePaymentIntentRequest['month'], now: Date): string {
  const index = (MONTH_NAMES as readonly string[]).indexOf(month);
  if (index === -1) return month;
  return `${now.getUTCFullYear()}-${String(index + 1).padStart(2, '0')}`;
}

/** Rent is due from the later of the configured lease start and the month the lease was accepted. */
export function firstBillableMonth(lease: Agreement, leaseStart: string): string {
  const accepted = lease.agreementCheckedDate ?? lease.agreementSigningDate;
  const fromLease = accepted.slice(0, 7);
  const fromConfig = leaseStart.slice(0, 7);
  return fromLease > fromConfig ? fromLease : fromConfig;
}

async function requireLease(db: Database, member: SessionUser): Promise<Agreement> {
  const lease = await memberAgreement(db, member._id);
  if (!lease) throw conflict('You have no accepted lease to pay rent for.');
  return lease;
}

interface UsableCoupon {
  id: string;
  code: string;
  percentage: number;
}

/**
 * A coupon code the member may use on this payment: it exists (any case), is not removed, is
 * still valid today, and the member has not used it on another payment or another open one.
 */
async function couponFor(
  ctx: PaymentsContext,
  code: string,
  member: SessionUser,
  billingMonth: string,
): Promise<UsableCoupon> {
  const [coupon] = await ctx.db
    .select({
      id: coupons.id,
      code: coupons.code,
      percentage: coupons.percentage,
      validUntil: coupons.validUntil,
    })
    .from(coupons)
    .where(and(sql`lower(${coupons.code}) = lower(${code})`, sql`${coupons.archivedAt} is null`));
  if (!coupon) throw badRequest(`Coupon ${code.toUpperCase()} does not exist.`);
  const today = ctx.now().toISOString().slice(0, 10);
  if (coupon.validUntil < today) {
    const until = new Date(`${coupon.validUntil}T00:00:00Z`).toLocaleDateString('en-US', {
      month: 'long',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    });
    throw badRequest(`Coupon ${coupon.code} expired on ${until}.`);
  }
  const [used] = await ctx.db
    .select({ n: count() })
    .from(payments)
    .where(and(eq(payments.couponId, coupon.id), eq(payments.userId, member._id)));
  if ((used?.n ?? 0) > 0) throw conflict(`You have already used coupon ${coupon.code}.`);
  const [held] = await ctx.db
    .select({ billingMonth: paymentIntents.billingMonth })
    .from(paymentIntents)
    .where(
      and(
        eq(paymentIntents.couponId, coupon.id),
        eq(paymentIntents.userId, member._id),
        eq(paymentIntents.status, 'open'),
        ne(paymentIntents.billingMonth, firstDay(billingMonth)),
      ),
    );
  if (held) {
    throw conflict(
      `Coupon ${coupon.code} is already applied to your ${monthLabel(held.billingMonth.slice(0, 7))} payment.`,
    );
  }
  return { id: coupon.id, code: coupon.code, percentage: coupon.percentage };
}

/**
 * Spec §7 /create-payment-intent, with the amount decided here: the lease's rent, less a valid
 * coupon. The member's open intent for the month is reused (its amount updated if the coupon
 * changed); a month already paid is refused before anything is charged.
 */
export async function prepareIntent(
  ctx: PaymentsContext,
  member: SessionUser,
  request: Pick<CreatePaymentIntentRequest, 'month' | 'coupon'>,
): Promise<PaymentIntentResponse> {
  const lease = await requireLease(ctx.db, member);
  const now = ctx.now();
  const billingMonth = resolveBillingMonth(request.month, now);
  const label = monthLabel(billingMonth);
  const first = firstBillableMonth(lease, ctx.leaseStart);
  if (billingMonth < first) {
    throw badRequest(`Your lease starts in ${monthLabel(first)}; ${label} has no rent to pay.`);
  }
  if (billingMonth > addMonths(monthOf(now), MONTHS_AHEAD)) {
    throw badRequest(`${label} is too far ahead to pay now.`);
  }
  const [paid] = await ctx.db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.userId, member._id), eq(payments.billingMonth, firstDay(billingMonth))));
  if (paid) throw conflict(`${label} is already paid.`);

  const code = request.coupon?.trim();
  const coupon = code ? await couponFor(ctx, code, member, billingMonth) : undefined;
  const rent = lease.apartmentDetails.rent;
  const discount = coupon ? Math.floor((rent * coupon.percentage) / 100) : 0;
  const amount = rent - discount;
  if (amount <= 0) {
    throw badRequest(`Coupon ${coupon?.code} would cover the whole rent; ask the building office.`);
  }
  const minor = amount * 100;
  const metadata: IntentMetadata = { userId: member._id, billingMonth, agreementId: lease._id };

  const [open] = await ctx.db
    .select()
    .from(paymentIntents)
    .where(
      and(
        eq(paymentIntents.userId, member._id),
        eq(paymentIntents.billingMonth, firstDay(billingMonth)),
        eq(paymentIntents.status, 'open'),
      ),
    );

  let id: string;
  let clientSecret: string;
  if (open && open.provider === ctx.gateway.name && open.currency === ctx.currency) {
    id = open.id;
    if (open.amount !== minor || open.couponId !== (coupon?.id ?? null)) {
      await ctx.gateway.updateAmount(
        id,
        minor,
        metadata,
        `update:${id}:${minor}:${coupon?.id ?? 'none'}`,
      );
      await ctx.db
        .update(paymentIntents)
        .set({
          amount: minor,
          rent,
          discount,
          couponId: coupon?.id ?? null,
          lastError: null,
          updatedAt: sql`now()`,
        })
        .where(eq(paymentIntents.id, id));
    }
    clientSecret = await ctx.gateway.clientSecret(id, open.clientSecret);
  } else {
    if (open) {
      // Made with another provider or currency (configuration changed): retire it.
      await ctx.db
        .update(paymentIntents)
        .set({ status: 'canceled', updatedAt: sql`now()` })
        .where(eq(paymentIntents.id, open.id));
    }
    const [previous] = await ctx.db
      .select({ n: count() })
      .from(paymentIntents)
      .where(
        and(
          eq(paymentIntents.userId, member._id),
          eq(paymentIntents.billingMonth, firstDay(billingMonth)),
        ),
      );
    // Two simultaneous requests send the same key, so the provider makes one intent.
    const created = await ctx.gateway.createIntent({
      amount: minor,
      currency: ctx.currency,
      metadata,
      idempotencyKey: `intent:${member._id}:${billingMonth}:${previous?.n ?? 0}:${minor}`,
    });
    const inserted = await ctx.db
      .insert(paymentIntents)
      .values({
        id: created.id,
        provider: ctx.gateway.name,
        userId: member._id,
        agreementId: lease._id,
        billingMonth: firstDay(billingMonth),
        rent,
        discount,
        couponId: coupon?.id ?? null,
        amount: minor,
        currency: ctx.currency,
        clientSecret: ctx.gateway.name === 'sandbox' ? created.clientSecret : null,
      })
      .onConflictDoNothing()
      .returning({ id: paymentIntents.id });
    if (inserted.length === 0) {
      // A parallel request stored its intent first: use that one.
      return prepareIntent(ctx, member, request);
    }
    id = created.id;
    clientSecret = created.clientSecret;
  }

  return {
    clientSecret,
    paymentIntentId: id,
    provider: ctx.gateway.name,
    billingMonth,
    monthLabel: label,
    rent,
    discount,
    amount,
    coupon: coupon ? { code: coupon.code, percentage: coupon.percentage } : null,
    currency: ctx.currency,
    amountInMinorUnits: minor,
  };
}

const clientSecretIntentId = (clientSecret: string) => clientSecret.split('_secret_')[0] ?? '';

/**
 * The sandbox's card confirmation, standing in for Stripe.js: the card is checked as Stripe's
 * test mode would check it; a refusal leaves the intent open and records nothing.
 */
export async function confirmSandboxCard(
  ctx: PaymentsContext,
  member: SessionUser,
  clientSecret: string,
  card: SandboxCard,
): Promise<string> {
  const id = clientSecretIntentId(clientSecret);
  const [intent] = await ctx.db.select().from(paymentIntents).where(eq(paymentIntents.id, id));
  if (!intent || intent.provider !== 'sandbox' || intent.clientSecret !== clientSecret) {
    throw notFound('No payment is waiting for this confirmation');
  }
  if (intent.userId !== member._id) throw forbidden('This payment is not yours');
  if (intent.status === 'succeeded') return id;
  if (intent.status !== 'open') throw conflict('This payment can no longer be confirmed.');
  const problem = cardProblem(card, ctx.now()) ?? processorRefusal(card);
  if (problem) {
    await ctx.db
      .update(paymentIntents)
      .set({ lastError: problem, updatedAt: sql`now()` })
      .where(eq(paymentIntents.id, id));
    throw new AppError('PAYMENT_FAILED', problem);
  }
  await ctx.db
    .update(paymentIntents)
    .set({ status: 'succeeded', lastError: null, updatedAt: sql`now()` })
    .where(and(eq(paymentIntents.id, id), eq(paymentIntents.status, 'open')));
  return id;
}

/**
 * Records a payment the provider confirms, once: by the browser's save call or by the webhook,
 * whichever comes first (the other finds it done). The provider's own record decides: it must
 * have succeeded, for the amount, currency, member and month we asked for.
 */
export async function recordPayment(
  ctx: PaymentsContext,
  intentId: string,
  options: { expectedUserId?: string; reported?: ProviderIntent } = {},
): Promise<Transaction> {
  const [intent] = await ctx.db
    .select()
    .from(paymentIntents)
    .where(eq(paymentIntents.id, intentId));
  if (!intent) throw notFound('No payment of ours has this transaction id');
  if (options.expectedUserId && intent.userId !== options.expectedUserId) {
    throw forbidden('This payment is not yours');
  }
  const done = await transactionsWhere(ctx.db, eq(payments.transactionId, intentId));
  if (done[0]) return done[0];

  const reported = options.reported ?? (await ctx.gateway.retrieve(intentId));
  const billingMonth = intent.billingMonth.slice(0, 7);
  if (!reported || reported.status !== 'succeeded') {
    throw new AppError('PAYMENT_FAILED', 'The payment provider has not confirmed this payment.');
  }
  const matches =
    reported.amount === intent.amount &&
    reported.currency === intent.currency &&
    reported.metadata.userId === intent.userId &&
    reported.metadata.billingMonth === billingMonth;
  if (!matches) {
    ctx.log.error({ intentId, reported }, 'a succeeded payment does not match what we asked for');
    throw conflict('The confirmed payment does not match this rent payment.');
  }

  try {
    await ctx.db.transaction(async (tx) => {
      await tx
        .insert(payments)
        .values({
          transactionId: intent.id,
          userId: intent.userId,
          agreementId: intent.agreementId,
          billingMonth: intent.billingMonth,
          rent: intent.rent,
          discount: intent.discount,
          amountCharged: intent.amount,
          currency: intent.currency,
          couponId: intent.couponId,
          provider: intent.provider === 'stripe' ? 'stripe' : 'sandbox',
        })
        .onConflictDoNothing({ target: payments.transactionId });
      await tx
        .update(paymentIntents)
        .set({ status: 'succeeded', updatedAt: sql`now()` })
        .where(eq(paymentIntents.id, intent.id));
    });
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint === 'payments_one_per_member_month') {
      // Money came in twice for one month: keep it visible for a refund.
      ctx.log.error(
        { intentId, userId: intent.userId, billingMonth },
        'second payment for a paid month; refund it',
      );
      throw conflict(`${monthLabel(billingMonth)} is already paid.`);
    }
    throw error;
  }
  const [recorded] = await transactionsWhere(ctx.db, eq(payments.transactionId, intentId));
  if (!recorded) throw new Error('payment row missing after insert');
  return recorded;
}

async function transactionsWhere(
  db: Database,
  where: ReturnType<typeof eq>,
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
      provider: payments.provider,
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
    .orderBy(desc(payments.paidAt))
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
    provider: row.provider === 'stripe' ? 'stripe' : 'sandbox',
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
 * The member's rent over the lease, month by month: from the first billable month to the end of
 * this year (or the last month paid ahead), each paid, due (this month), overdue or upcoming.
 */
export async function rentLedger(ctx: PaymentsContext, member: SessionUser): Promise<RentLedger> {
  const lease = await requireLease(ctx.db, member);
  const current = monthOf(ctx.now());
  const first = firstBillableMonth(lease, ctx.leaseStart);
  const paidRows = await ctx.db
    .select({
      billingMonth: payments.billingMonth,
      paidAt: payments.paidAt,
      rent: payments.rent,
      discount: payments.discount,
      transactionId: payments.transactionId,
    })
    .from(payments)
    .where(and(eq(payments.userId, member._id), gte(payments.billingMonth, firstDay(first))));
  const paid = new Map(paidRows.map((row) => [row.billingMonth.slice(0, 7), row]));
  const lastPaid = [...paid.keys()].sort().at(-1) ?? first;
  const yearEnd = `${current.slice(0, 4)}-12`;
  const last = lastPaid > yearEnd ? lastPaid : yearEnd;

  const months: RentLedger['months'] = [];
  for (let month = first; month <= last; month = addMonths(month, 1)) {
    const payment = paid.get(month);
    months.push({
      billingMonth: month,
      month: monthLabel(month),
      status: payment
        ? 'paid'
        : month < current
          ? 'overdue'
          : month === current
            ? 'due'
            : 'upcoming',
      paidAt: payment?.paidAt.toISOString() ?? null,
      amount: payment ? payment.rent - payment.discount : null,
      transactionId: payment?.transactionId ?? null,
    });
  }
  const owed = months.filter((m) => m.status === 'due' || m.status === 'overdue').length;
  const rent = lease.apartmentDetails.rent;
  return {
    rent,
    leaseStart: first,
    currentMonth: current,
    months,
    owedMonths: owed,
    owedAmount: owed * rent,
  };
}

/** Rent received per month over the last twelve months (admin chart), in whole BDT. */
export async function rentCollectedByMonth(
  db: Database,
  now: Date,
): Promise<{ billingMonth: string; amount: number }[]> {
  const current = monthOf(now);
  const first = addMonths(current, -11);
  const rows = await db
    .select({
      billingMonth: sql<string>`to_char(${payments.paidAt} at time zone 'UTC', 'YYYY-MM')`,
      amount: sql<number>`coalesce(sum(${payments.rent} - ${payments.discount}), 0)`,
    })
    .from(payments)
    .where(gte(payments.paidAt, new Date(`${firstDay(first)}T00:00:00Z`)))
    .groupBy(sql`1`);
  const byMonth = new Map(rows.map((row) => [row.billingMonth, Number(row.amount)]));
  const result: { billingMonth: string; amount: number }[] = [];
  for (let month = first; month <= current; month = addMonths(month, 1)) {
    result.push({ billingMonth: month, amount: byMonth.get(month) ?? 0 });
  }
  return result;
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
