import { randomBytes } from 'node:crypto';
import {
  chargeInMinorUnits,
  HOME_CURRENCY,
  dayLabel,
  monthLabel,
  OFFLINE_PAYMENT_MESSAGES,
  PAYMENT_METHOD_IN_SENTENCE,
  unpaidMonthsOf,
  type PaymentMethod,
  type RecordPaymentRequestSchema,
  type RentByHandMethod,
  type Transaction,
  UNDO_PAYMENT_MESSAGES,
} from '@structomate/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { agreements, payments } from '../../db/schema';
import { holdPerson } from '../users/users.service';
import type { Database } from '../../db/client';
import { AppError, conflict, notFound } from '../../lib/app-error';
import { retryOnDeadlock, uniqueViolation } from '../../lib/db-errors';
import { recordAudit, type AuditActor } from '../audit/audit.service';
import { notify, withdrawUnsent } from '../notifications/notifications.service';
import { depositsHeld } from './deposits.service';
import { leaseBills, personLedger } from './ledger.service';
import { assertOfflineDay, offlineLease } from './offline-lease';
import { closeIntentsFor, transactionsWhere, type PaymentsContext } from './recording.service';

type RecordPayment = z.output<typeof RecordPaymentRequestSchema>;

/** "by cash, received 3 Dec 2026"; "from the security deposit on 3 Dec 2026". */
export const paidHow = (method: PaymentMethod, day: string) =>
  method === 'deposit'
    ? `from ${PAYMENT_METHOD_IN_SENTENCE[method]} on ${dayLabel(day)}`
    : `by ${PAYMENT_METHOD_IN_SENTENCE[method]}, received ${dayLabel(day)}`;

/** Rent from the deposit beyond what it holds: 409, at the months (the admin chooses fewer). */
function depositShort(held: number, rent: number, fewer: boolean): AppError {
  const message = OFFLINE_PAYMENT_MESSAGES.depositShort(held, rent, fewer);
  return new AppError('CONFLICT', message, [{ path: 'months', message }]);
}

/** The receipt's TRX ID of a payment recorded by hand: `CASH-7K2M9QX4TD`, `BKASH-…`. */
function offlineTransactionId(method: RentByHandMethod): string {
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
  const fromDeposit = input.method === 'deposit';
  const ids: string[] = [];
  try {
    await ctx.db.transaction(async (tx) => {
      if (fromDeposit) {
        // Taken first, as a refund takes it, and the trigger that checks what is held: two
        // payments or refunds from one deposit take turns (holding the share lock below first,
        // two would each wait for the other to upgrade it).
        await tx
          .select({ id: agreements.id })
          .from(agreements)
          .where(eq(agreements.id, lease.id))
          .for('no key update');
      }
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
      if (fromDeposit) {
        const rents = months.map((month) => unpaid.get(month)?.rent ?? 0);
        const rent = rents.reduce((sum, each) => sum + each, 0);
        const held = (await depositsHeld(tx, [lease.id])).get(lease.id) ?? 0;
        // Under the lease's lock, so exact; the database's trigger refuses it whatever the path.
        if (held < rent) {
          throw depositShort(held, rent, months.length > 1 && held >= Math.min(...rents));
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
            reference: input.reference ?? null,
          },
        });
        await recordAudit(tx, actor, {
          action: 'payment.offline',
          subjectType: 'payment',
          subjectId: transactionId,
          // Whose and which apartment, and the reference: the log is searched by them.
          summary: `${actor.name} recorded the rent of ${monthLabel(month)} for ${lease.tenantName}, apartment ${lease.apartmentNo}: ${due.rent.toLocaleString('en-US')} BDT ${paidHow(input.method, input.receivedOn)}${input.reference ? `, ref ${input.reference}` : ''}`,
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

/**
 * Takes a payment the admin recorded by hand back out of the books (a month or a person chosen by
 * mistake, money that never came): the row goes, so the month is unpaid again and every figure kept
 * from payments follows (their triggers); the tenant is told why, and the audit log keeps what was
 * removed. A card payment is refused: its money is given back through the provider. Two admins
 * undoing one payment at once: the second's delete waits for the first and finds nothing (404).
 */
export async function undoOfflinePayment(
  db: Database,
  actor: AuditActor,
  personId: string,
  paymentId: string,
  reason: string,
): Promise<Transaction> {
  const ofPerson = and(eq(payments.id, paymentId), eq(payments.userId, personId));
  // The person's row is held shared, then the payment's trigger bumps their money's version: a
  // lease accepted or ended for them at that moment takes the two the other way round, and
  // PostgreSQL ends one of the two as a deadlock; this side is run again.
  return retryOnDeadlock(() =>
    db.transaction(async (tx) => {
      // The person's row held (shared) until this commits: an account deletion under way finishes
      // first (and the payment stays) or waits, and then finds the month owed and keeps the account.
      const person = await holdPerson(tx, personId);
      if (!person) throw notFound(UNDO_PAYMENT_MESSAGES.notFound);
      if (person.deleted) throw conflict(UNDO_PAYMENT_MESSAGES.deletedAccount);
      const [before] = await transactionsWhere(tx, ofPerson, 1);
      if (!before) throw notFound(UNDO_PAYMENT_MESSAGES.notFound);
      if (before.provider !== 'offline') throw conflict(UNDO_PAYMENT_MESSAGES.card);
      const removed = await tx
        .delete(payments)
        .where(and(ofPerson, eq(payments.provider, 'offline')))
        .returning({ id: payments.id });
      if (removed.length === 0) throw notFound(UNDO_PAYMENT_MESSAGES.notFound);
      // Its receipt, if not mailed yet, is not: the correction would follow a receipt that no
      // longer holds, whose link leads nowhere.
      const withdrawn = await withdrawUnsent(tx, personId, 'receipt', 'paymentId', paymentId);
      const method = PAYMENT_METHOD_IN_SENTENCE[before.method];
      const receivedOn = before.receivedOn ?? before.date.slice(0, 10);
      await notify(tx, personId, {
        kind: 'payment-undone',
        data: {
          month: before.billingMonth,
          amount: before.amount,
          method,
          receivedOn,
          reason,
          receiptSent: !withdrawn,
        },
      });
      await recordAudit(tx, actor, {
        action: 'payment.undone',
        subjectType: 'payment',
        subjectId: before.transactionId,
        summary: `${actor.name} undid the rent of ${monthLabel(before.billingMonth)} recorded for ${before.tenant}, apartment ${before.apartmentNo}: ${before.amount.toLocaleString('en-US')} BDT ${paidHow(before.method, receivedOn)}${before.reference ? `, ref ${before.reference}` : ''}. Reason: ${reason}`,
        before: {
          billingMonth: before.billingMonth,
          status: 'paid',
          userId: personId,
          rent: before.rent,
          method: before.method,
          reference: before.reference,
          receivedOn,
        },
        after: { billingMonth: before.billingMonth, status: 'unpaid', reason },
      });
      return before;
    }),
  );
}
