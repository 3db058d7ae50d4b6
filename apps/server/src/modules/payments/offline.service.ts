import { randomBytes } from 'node:crypto';
import {
  chargeInMinorUnits,
  HOME_CURRENCY,
  dayLabel,
  monthLabel,
  OFFLINE_PAYMENT_MESSAGES,
  PAYMENT_METHOD_IN_SENTENCE,
  unpaidMonthsOf,
  type OfflinePaymentMethod,
  type RecordPaymentRequestSchema,
  type Transaction,
} from '@structomate/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { payments } from '../../db/schema';
import { AppError, conflict } from '../../lib/app-error';
import { uniqueViolation } from '../../lib/db-errors';
import { recordAudit, type AuditActor } from '../audit/audit.service';
import { notify } from '../notifications/notifications.service';
import { leaseBills, personLedger } from './ledger.service';
import { assertOfflineDay, offlineLease } from './offline-lease';
import { closeIntentsFor, transactionsWhere, type PaymentsContext } from './recording.service';

type RecordPayment = z.output<typeof RecordPaymentRequestSchema>;

/** The receipt's TRX ID of a payment recorded by hand: `CASH-7K2M9QX4TD`, `BKASH-…`. */
function offlineTransactionId(method: OfflinePaymentMethod): string {
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  const suffix = [...randomBytes(10)].map((byte) => alphabet[byte % 32]).join('');
  return `${method.toUpperCase()}-${suffix}`;
}

/**
 * Rent the admin received by hand (cash, bank transfer, bKash, Nagad) for months of one lease:
 * one payment per month, all or none, each a receipt like a card payment's. Every month must be
 * billed by that lease and unpaid; one paid meanwhile (by card, or offline from another server)
 * is refused with 409 by the one-payment-per-member-and-month index, naming it. Card payments
 * still open for those months are then canceled (a charge that went through is refunded).
 */
export async function recordOfflinePayment(
  ctx: PaymentsContext,
  actor: AuditActor & { id: string },
  personId: string,
  input: RecordPayment,
  now: Date,
): Promise<Transaction[]> {
  const timeZone = ctx.rules.timeZone;
  const lease = await offlineLease(ctx.db, timeZone, personId, input.agreementId);
  assertOfflineDay(input.receivedOn, lease, now, timeZone, 'receivedOn');
  const months = [...input.months].sort();
  const ids: string[] = [];
  try {
    await ctx.db.transaction(async (tx) => {
      // The lease is held while its months are recorded: one being ended waits, and the other way
      // round (as for a card payment).
      await leaseBills(tx, timeZone, lease.id, months[0] ?? '', true);
      const ledger = await personLedger(tx, ctx.rules, now, personId);
      const unpaid = new Map(unpaidMonthsOf(ledger, lease.id).map((m) => [m.billingMonth, m]));
      for (const month of months) {
        const billed = ledger.months.find(
          (m) => m.billingMonth === month && m.agreementId === lease.id,
        );
        if (billed?.status === 'paid') throw conflict(OFFLINE_PAYMENT_MESSAGES.alreadyPaid(month));
        if (!unpaid.has(month)) {
          const message = OFFLINE_PAYMENT_MESSAGES.notBilled(month);
          throw new AppError('VALIDATION_FAILED', message, [{ path: 'months', message }]);
        }
      }
      for (const month of months) {
        const due = unpaid.get(month);
        if (!due) throw new Error('checked above');
        const transactionId = offlineTransactionId(input.method);
        ids.push(transactionId);
        const [payment] = await tx
          .insert(payments)
          .values({
            transactionId,
            userId: personId,
            agreementId: lease.id,
            billingMonth: `${month}-01`,
            rent: due.rent,
            discount: 0,
            amountCharged: chargeInMinorUnits(due.rent, HOME_CURRENCY, null),
            currency: HOME_CURRENCY,
            rate: null,
            provider: 'offline',
            method: input.method,
            reference: input.reference ?? null,
            receivedOn: input.receivedOn,
            recordedBy: actor.id,
            paidAt: now,
          })
          .returning({ id: payments.id });
        await notify(tx, personId, {
          kind: 'receipt',
          data: {
            month,
            amount: due.rent,
            method: PAYMENT_METHOD_IN_SENTENCE[input.method],
            paidOn: input.receivedOn,
            apartmentNo: lease.apartmentNo,
            paymentId: payment?.id ?? '',
          },
        });
        await recordAudit(tx, actor, {
          action: 'payment.offline',
          subjectType: 'payment',
          subjectId: transactionId,
          summary: `${actor.name} recorded the rent of ${monthLabel(month)}: ${due.rent.toLocaleString('en-US')} BDT by ${PAYMENT_METHOD_IN_SENTENCE[input.method]}, received ${dayLabel(input.receivedOn)}`,
          before: { billingMonth: month, status: due.status },
          after: {
            billingMonth: month,
            status: 'paid',
            userId: personId,
            agreementId: lease.id,
            rent: due.rent,
            method: input.method,
            reference: input.reference ?? null,
            receivedOn: input.receivedOn,
          },
        });
      }
    });
  } catch (error) {
    if (uniqueViolation(error) !== 'payments_one_per_member_month') throw error;
    // Paid meanwhile (a card, or the admin on another server): say which month.
    const [paid] = await ctx.db
      .select({ billingMonth: payments.billingMonth })
      .from(payments)
      .where(
        and(
          eq(payments.userId, personId),
          inArray(
            payments.billingMonth,
            months.map((month) => `${month}-01`),
          ),
        ),
      )
      .orderBy(payments.billingMonth)
      .limit(1);
    throw conflict(
      OFFLINE_PAYMENT_MESSAGES.alreadyPaid(paid?.billingMonth.slice(0, 7) ?? months[0] ?? ''),
    );
  }
  await closeIntentsFor(ctx, personId, months, now).catch((error: unknown) => {
    ctx.log.error(
      { err: error, userId: personId, months },
      'card payments for months paid offline not closed',
    );
  });
  const recorded = await transactionsWhere(
    ctx.db,
    inArray(payments.transactionId, ids),
    ids.length,
  );
  return recorded.sort((a, b) => a.billingMonth.localeCompare(b.billingMonth));
}
