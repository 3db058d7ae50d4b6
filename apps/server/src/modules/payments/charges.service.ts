import {
  CHARGE_MESSAGES,
  dayLabel,
  PAYMENT_METHOD_IN_SENTENCE,
  type Charge,
  type ChargeReceipt,
  type NewChargeRequestSchema,
  type OfflinePaymentMethod,
  type RecordChargePaymentSchema,
  UNDO_PAYMENT_MESSAGES,
} from '@structomate/contract';
import { and, desc, eq, isNotNull, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { agreements, apartments, charges, users } from '../../db/schema';
import { noteChargeCancelled } from '../maintenance/maintenance.service';
import { holdLeaseThenPerson, holdPerson } from '../users/users.service';
import { AppError, conflict, notFound } from '../../lib/app-error';
import { calendarDay } from '../../lib/clock';
import { retryOnDeadlock } from '../../lib/db-errors';
import { onceByKey, replayed } from '../../lib/request-keys';
import { recordAudit, type AuditActor } from '../audit/audit.service';
import { notify, withdrawUnsent } from '../notifications/notifications.service';
import { offlineLease } from './offline-lease';

/**
 * Money owed besides rent: the one place that says what a tenant owes for repairs and records it
 * paid, or undoes that record. A charge is paid once: the payment is a conditional update of an
 * unpaid row, so two admins recording it at once give one payment and a 409; undone (recorded by
 * mistake), it is owed again and can be recorded paid again.
 */

/**
 * Whether charge `c` is owed: neither paid nor cancelled. Every reading of what is owed in charges
 * says it so (the partial index `charges_unpaid_idx` has the same condition).
 */
export const owedCharge = (c: SQL) => sql`(${c}.paid_at is null and ${c}.cancelled_at is null)`;

/**
 * What is owed in unpaid charges per lease with any, as a derived table (`agreement_id`, `owed`);
 * a lease with none owes 0. Joined by queries that list leases (the kept figures the rent roll
 * reads).
 */
export const chargesOwedSql = sql`(
  select c.agreement_id, sum(c.amount) as owed from charges c
  where ${owedCharge(sql`c`)} group by c.agreement_id)`;

/** What a tenant owes in unpaid charges, over every lease they held (0 when none), for a select. */
export const chargesOwedBy = (tenantId: AnyColumn) =>
  sql<number>`coalesce((select sum(c.amount) from ${charges} c
    where c.tenant_id = ${tenantId} and ${owedCharge(sql`c`)}), 0)`.mapWith(Number);

export interface NewCharge {
  tenantId: string;
  agreementId: string;
  requestId: string | null;
  description: string;
  amount: number;
  createdBy: string;
  createdAt: Date;
  /** The sender's key, for a charge added by hand. */
  requestKey?: string;
}

/** Adds a charge to a tenant's account, in the caller's transaction. */
export async function addCharge(tx: Database, charge: NewCharge): Promise<string> {
  const [row] = await tx.insert(charges).values(charge).returning({ id: charges.id });
  if (!row) throw new Error('charge was not stored');
  return row.id;
}

const chargeColumns = {
  id: charges.id,
  description: charges.description,
  amount: charges.amount,
  createdAt: charges.createdAt,
  apartmentNo: apartments.apartmentNo,
  requestId: charges.requestId,
  method: charges.method,
  reference: charges.reference,
  receivedOn: charges.receivedOn,
  paidAt: charges.paidAt,
  cancelledAt: charges.cancelledAt,
  cancelReason: charges.cancelReason,
  tenantId: charges.tenantId,
};

type ChargeRow = {
  id: string;
  description: string;
  amount: number;
  createdAt: Date;
  apartmentNo: string;
  requestId: string | null;
  method: OfflinePaymentMethod | null;
  reference: string | null;
  receivedOn: string | null;
  paidAt: Date | null;
  cancelledAt: Date | null;
  cancelReason: string | null;
};

const toCharge = (row: ChargeRow): Charge => ({
  _id: row.id,
  description: row.description,
  amount: row.amount,
  createdAt: row.createdAt.toISOString(),
  apartmentNo: row.apartmentNo,
  requestId: row.requestId,
  paid:
    row.paidAt && row.method && row.receivedOn
      ? {
          method: row.method,
          reference: row.reference,
          receivedOn: row.receivedOn,
          paidAt: row.paidAt.toISOString(),
        }
      : null,
  cancelled:
    row.cancelledAt && row.cancelReason
      ? { at: row.cancelledAt.toISOString(), reason: row.cancelReason }
      : null,
});

/** Owed: neither paid nor cancelled (as `owedCharge` says in SQL). */
const isOwed = (charge: Charge) => !charge.paid && !charge.cancelled;

const chargesOf = (db: Database) =>
  db
    .select(chargeColumns)
    .from(charges)
    .innerJoin(agreements, eq(agreements.id, charges.agreementId))
    .innerJoin(apartments, eq(apartments.id, agreements.apartmentId));

/** A person's charges, newest first, and what of them is unpaid. */
export async function listCharges(
  db: Database,
  tenantId: string,
): Promise<{ result: Charge[]; owed: number }> {
  const rows = await chargesOf(db)
    .where(eq(charges.tenantId, tenantId))
    .orderBy(desc(charges.createdAt), desc(charges.id));
  const result = rows.map(toCharge);
  const owed = result.reduce((sum, charge) => sum + (isOwed(charge) ? charge.amount : 0), 0);
  return { result, owed };
}

/** One charge with whom it is for; `viewer` other than an admin sees only their own. */
export async function getCharge(
  db: Database,
  id: string,
  viewer: { _id: string; role: string },
): Promise<ChargeReceipt> {
  const [row] = await db
    .select({ ...chargeColumns, name: users.displayName, email: users.email })
    .from(charges)
    .innerJoin(agreements, eq(agreements.id, charges.agreementId))
    .innerJoin(apartments, eq(apartments.id, agreements.apartmentId))
    .innerJoin(users, eq(users.id, charges.tenantId))
    .where(eq(charges.id, id));
  if (!row || (viewer.role !== 'admin' && row.tenantId !== viewer._id)) {
    throw notFound(CHARGE_MESSAGES.notFound);
  }
  return { ...toCharge(row), tenant: { _id: row.tenantId, name: row.name, email: row.email } };
}

/** Why charge `id` could not be recorded paid: paid already, or cancelled meanwhile. */
async function whyNotOwed(tx: Database, id: string): Promise<string> {
  const [now] = await tx
    .select({ cancelledAt: charges.cancelledAt })
    .from(charges)
    .where(eq(charges.id, id));
  return now?.cancelledAt ? CHARGE_MESSAGES.notOwed : CHARGE_MESSAGES.alreadyPaid;
}

/**
 * Records a charge paid by hand. The day may not be after today (the building's) nor before the
 * charge was made; a charge already paid is a 409.
 */
export async function recordChargePayment(
  db: Database,
  actor: AuditActor & { id: string },
  id: string,
  input: z.output<typeof RecordChargePaymentSchema>,
  now: Date,
  timeZone: string,
): Promise<ChargeReceipt> {
  const [existing] = await db
    .select({ createdAt: charges.createdAt, cancelledAt: charges.cancelledAt })
    .from(charges)
    .where(eq(charges.id, id));
  if (!existing) throw notFound(CHARGE_MESSAGES.notFound);
  if (existing.cancelledAt) throw conflict(CHARGE_MESSAGES.notOwed);
  const message =
    input.receivedOn > calendarDay(now, timeZone)
      ? CHARGE_MESSAGES.dateInFuture
      : input.receivedOn < calendarDay(existing.createdAt, timeZone)
        ? CHARGE_MESSAGES.dateBeforeCharge
        : undefined;
  if (message) {
    throw new AppError('VALIDATION_FAILED', message, [{ path: 'receivedOn', message }]);
  }
  // Its trigger bumps the tenant's money version, as every record of their money does; should
  // PostgreSQL ever end it as a deadlock against one of those, it runs again, as they do.
  await retryOnDeadlock(() =>
    db.transaction(async (tx) => {
      const [paid] = await tx
        .update(charges)
        .set({
          method: input.method,
          reference: input.reference ?? null,
          receivedOn: input.receivedOn,
          recordedBy: actor.id,
          paidAt: now,
        })
        .where(and(eq(charges.id, id), isNull(charges.paidAt), isNull(charges.cancelledAt)))
        .returning({
          amount: charges.amount,
          description: charges.description,
          tenantId: charges.tenantId,
        });
      if (!paid) throw conflict(await whyNotOwed(tx, id));
      // The tenant gets a receipt, as for rent recorded at the office (a second record is the 409).
      await notify(tx, paid.tenantId, {
        kind: 'charge-receipt',
        data: {
          chargeId: id,
          description: paid.description,
          amount: paid.amount,
          method: PAYMENT_METHOD_IN_SENTENCE[input.method],
          receivedOn: input.receivedOn,
        },
      });
      await recordAudit(tx, actor, {
        action: 'charge.paid',
        subjectType: 'charge',
        subjectId: id,
        summary: `Recorded ${paid.amount.toLocaleString('en-US')} BDT paid ${
          PAYMENT_METHOD_IN_SENTENCE[input.method]
        } on ${dayLabel(input.receivedOn)} for “${paid.description}”`,
        after: input,
      });
    }),
  );
  return getCharge(db, id, { _id: actor.id, role: 'admin' });
}

/** Whose charge `id` is (404 when there is none), read before its rows are locked in that order. */
async function ownerOf(db: Database, id: string): Promise<{ tenantId: string }> {
  const [owner] = await db
    .select({ tenantId: charges.tenantId })
    .from(charges)
    .where(eq(charges.id, id));
  if (!owner) throw notFound(CHARGE_MESSAGES.notFound);
  return owner;
}

/**
 * Undoes a charge's payment recorded by mistake: the charge is owed again, its receipt withdrawn if
 * not sent yet, the tenant told why. The charge's row is locked until this commits, so two admins
 * undoing it at once take turns: one undo, one 409. A payment recorded while it is undone meets
 * the charge still paid (409), or, once the undo has committed, records it paid again.
 */
export async function undoChargePayment(
  db: Database,
  actor: AuditActor & { id: string },
  id: string,
  reason: string,
): Promise<ChargeReceipt> {
  const owner = await ownerOf(db, id);
  // The person's row is held shared, then the charge's trigger bumps their money's version: a
  // lease accepted or ended for them at that moment takes the two the other way round, and
  // PostgreSQL ends one of the two as a deadlock; this side is run again.
  await retryOnDeadlock(() =>
    db.transaction(async (tx) => {
      // The person's row held (shared) first, as an undone rent payment does: an account deletion
      // under way finishes first (and the payment stays) or waits, and then finds the charge owed.
      const person = await holdPerson(tx, owner.tenantId);
      if (!person) throw notFound(CHARGE_MESSAGES.notFound);
      if (person.deleted) throw conflict(UNDO_PAYMENT_MESSAGES.deletedAccount);
      const [charge] = await tx
        .select({
          description: charges.description,
          amount: charges.amount,
          method: charges.method,
          reference: charges.reference,
          receivedOn: charges.receivedOn,
          recordedBy: charges.recordedBy,
          paidAt: charges.paidAt,
          cancelledAt: charges.cancelledAt,
        })
        .from(charges)
        .where(eq(charges.id, id))
        .for('update');
      if (charge?.cancelledAt) throw conflict(CHARGE_MESSAGES.notOwed);
      if (!charge?.method || !charge.receivedOn || !charge.paidAt) {
        throw conflict(CHARGE_MESSAGES.notPaid);
      }
      const [undone] = await tx
        .update(charges)
        .set({ method: null, reference: null, receivedOn: null, recordedBy: null, paidAt: null })
        .where(and(eq(charges.id, id), isNotNull(charges.paidAt)))
        .returning({ id: charges.id });
      if (!undone) throw conflict(CHARGE_MESSAGES.notPaid);
      const withdrawn = await withdrawUnsent(tx, owner.tenantId, 'charge-receipt', 'chargeId', id);
      const method = PAYMENT_METHOD_IN_SENTENCE[charge.method];
      await notify(tx, owner.tenantId, {
        kind: 'charge-undone',
        data: {
          chargeId: id,
          description: charge.description,
          amount: charge.amount,
          method,
          receivedOn: charge.receivedOn,
          reason,
          receiptSent: !withdrawn,
        },
      });
      await recordAudit(tx, actor, {
        action: 'charge.undone',
        subjectType: 'charge',
        subjectId: id,
        summary: `${actor.name} undid the payment of “${charge.description}” recorded for ${person.name}: ${charge.amount.toLocaleString('en-US')} BDT by ${method}, received ${dayLabel(charge.receivedOn)}${charge.reference ? `, ref ${charge.reference}` : ''}. Reason: ${reason}`,
        before: {
          paid: true,
          method: charge.method,
          reference: charge.reference,
          receivedOn: charge.receivedOn,
          recordedBy: charge.recordedBy,
          paidAt: charge.paidAt.toISOString(),
        },
        after: { paid: false, reason },
      });
    }),
  );
  return getCharge(db, id, { _id: actor.id, role: 'admin' });
}

/**
 * Cancels a charge made by mistake, while it is unpaid: it is kept (the database never changes it
 * again) and owed by no one; the tenant is told why, and the notice that charged them is withdrawn
 * if not sent yet. The charge's row is locked until this commits, so a cancel beside a payment
 * being recorded, or beside another cancel, gives one of them and a 409 with what is true then.
 */
export async function cancelCharge(
  db: Database,
  actor: AuditActor & { id: string },
  id: string,
  reason: string,
  now: Date,
  timeZone: string,
): Promise<ChargeReceipt> {
  const owner = await ownerOf(db, id);
  // The person's row held shared first, then the charge's, as undoing its payment takes them (and
  // retried alike when PostgreSQL ends it as a deadlock against a lease accepted or ended).
  await retryOnDeadlock(() =>
    db.transaction(async (tx) => {
      const person = await holdPerson(tx, owner.tenantId);
      if (!person) throw notFound(CHARGE_MESSAGES.notFound);
      const [charge] = await tx
        .select({
          description: charges.description,
          amount: charges.amount,
          createdAt: charges.createdAt,
          requestId: charges.requestId,
          paidAt: charges.paidAt,
          cancelledAt: charges.cancelledAt,
        })
        .from(charges)
        .where(eq(charges.id, id))
        .for('update');
      if (!charge) throw notFound(CHARGE_MESSAGES.notFound);
      if (charge.cancelledAt) throw conflict(CHARGE_MESSAGES.alreadyCancelled);
      if (charge.paidAt) throw conflict(CHARGE_MESSAGES.paidNotCancelled);
      // A repair's: its request's timeline says so (to the tenant too), and the request is
      // marked updated. Written before the charge changes: the request's row is taken before
      // the charge's trigger takes the tenant's money version, the order a cost being added
      // takes the two in.
      if (charge.requestId) {
        await noteChargeCancelled(tx, charge.requestId, id, actor, now, reason);
      }
      await tx
        .update(charges)
        .set({ cancelledAt: now, cancelledBy: actor.id, cancelReason: reason })
        .where(and(eq(charges.id, id), isNull(charges.paidAt), isNull(charges.cancelledAt)));
      // The notice that charged them, if not sent yet: a repair's, or one added by hand.
      const withdrawn = await withdrawUnsent(
        tx,
        owner.tenantId,
        charge.requestId ? 'maintenance-charge' : 'charge-added',
        'chargeId',
        id,
      );
      await notify(tx, owner.tenantId, {
        kind: 'charge-cancelled',
        data: {
          chargeId: id,
          description: charge.description,
          amount: charge.amount,
          chargedOn: calendarDay(charge.createdAt, timeZone),
          reason,
          chargeSent: !withdrawn,
          repair: charge.requestId !== null,
        },
      });
      await recordAudit(tx, actor, {
        action: 'charge.cancelled',
        subjectType: 'charge',
        subjectId: id,
        summary: `${actor.name} cancelled “${charge.description}”, ${charge.amount.toLocaleString('en-US')} BDT charged to ${person.name}. Reason: ${reason}`,
        before: { owed: true, amount: charge.amount, requestId: charge.requestId },
        after: { owed: false, cancelled: true, reason },
      });
    }),
  );
  return getCharge(db, id, { _id: actor.id, role: 'admin' });
}

/**
 * Charges a tenant something besides rent by hand, on one of their leases (running or ended: a
 * cost found after they left), and tells them. Sent again under its key (a retry after a lost
 * answer, a second click, another server) it is added once; with other details, a 409. The
 * person's row is held shared until this commits, so an account deletion under way finishes first
 * (and the charge is refused) or waits, and then finds the charge owed.
 */
export async function addChargeByHand(
  db: Database,
  timeZone: string,
  actor: AuditActor & { id: string },
  personId: string,
  input: z.output<typeof NewChargeRequestSchema>,
  now: Date,
): Promise<ChargeReceipt> {
  const lease = await offlineLease(db, timeZone, personId, input.agreementId);
  const sent = {
    tenantId: personId,
    agreementId: lease.id,
    description: input.description,
    amount: input.amount,
  };
  // The charge's trigger bumps the person's money version after their row is held, as an undone
  // payment's does: PostgreSQL may end this as a deadlock against a lease accepted or ended for
  // them at that moment, and it is run again (finding its key if the other side was itself).
  const id = await retryOnDeadlock(() =>
    onceByKey('charges_key_unique', () =>
      db.transaction(async (tx) => {
        const person = await holdLeaseThenPerson(tx, lease.id, personId, 'share');
        const [earlier] = await tx
          .select({
            id: charges.id,
            tenantId: charges.tenantId,
            agreementId: charges.agreementId,
            description: charges.description,
            amount: charges.amount,
          })
          .from(charges)
          // Whatever person or lease it was sent for: a key names one charge.
          .where(eq(charges.requestKey, input.key));
        const again = replayed(earlier, sent, CHARGE_MESSAGES.keyReused);
        // Sent again after the charge was added, its answer is the charge, whatever came since.
        if (again) return again.id;
        if (!person || person.deleted) throw conflict(CHARGE_MESSAGES.deletedAccount);
        const chargeId = await addCharge(tx, {
          ...sent,
          requestId: null,
          createdBy: actor.id,
          createdAt: now,
          requestKey: input.key,
        });
        // The tenant is told, once: a charge sent again under its key returned above.
        await notify(tx, personId, {
          kind: 'charge-added',
          data: {
            chargeId,
            description: input.description,
            amount: input.amount,
            apartmentNo: lease.apartmentNo,
          },
        });
        await recordAudit(tx, actor, {
          action: 'charge.added',
          subjectType: 'charge',
          subjectId: chargeId,
          summary: `${actor.name} charged ${lease.tenantName} ${input.amount.toLocaleString('en-US')} BDT for “${input.description}” (apartment ${lease.apartmentNo})`,
          after: { agreementId: lease.id, description: input.description, amount: input.amount },
        });
        return chargeId;
      }),
    ),
  );
  return getCharge(db, id, { _id: actor.id, role: 'admin' });
}
