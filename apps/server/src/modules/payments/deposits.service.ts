import {
  DEPOSIT_MESSAGES,
  DEPOSIT_UNDO_KIND,
  UNDO_PAYMENT_MESSAGES,
  dayLabel,
  PAYMENT_METHOD_IN_SENTENCE,
  type DepositEntry,
  type LeaseDeposit,
  type RecordDepositRequestSchema,
  type RecordDepositResponse,
} from '@structomate/contract';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '../../lib/sql-rows';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { agreements, apartments, depositEntries, payments } from '../../db/schema';
import { holdLeaseThenPerson } from '../users/users.service';
import { conflict, notFound } from '../../lib/app-error';
import { calendarDay } from '../../lib/clock';
import { checkViolation, retryOnDeadlock, uniqueViolation } from '../../lib/db-errors';
import { onceByKey, replayed } from '../../lib/request-keys';
import { recordAudit, type AuditActor } from '../audit/audit.service';
import { notify, withdrawUnsent } from '../notifications/notifications.service';
import { assertOfflineDay, offlineLease } from './offline-lease';

/**
 * Security deposits: the one place that says what a lease's deposit holds (received, less
 * refunded, less the rent paid from it). The database refuses a refund or a month's rent beyond
 * what is held (triggers of migrations 0010 and 0032, with the lease's row locked), so two at once
 * on two servers never take it below zero.
 */

/**
 * Every movement of every lease's deposit (`agreement_id`, `kind`, `amount`): its entries
 * (`received`, `refunded`) and the months' rent paid from it (`rent`: payments recorded with the
 * method `deposit`: the partial index `payments_deposit_rent_idx` holds just those, so summing
 * them for every lease need not read every payment). A lease's own rows are found by a condition
 * on `agreement_id`, which PostgreSQL takes into both halves.
 */
const depositMoves = sql`(
  select e.agreement_id, e.kind, e.amount from deposit_entries e
  union all
  select p.agreement_id, 'rent', p.rent - p.discount from payments p where p.method = 'deposit')`;

/**
 * What a movement `d` adds to what is held: a receipt (or a refund undone) adds; a refund, rent
 * paid, or a receipt undone takes away. The same rule as the database's `deposit_held()` (0033).
 */
const entryHeld = sql`case when d.kind in ('received', 'refund_undone') then d.amount else -d.amount end`;

/**
 * SQL for the deposit held per lease with any movement, as a derived table (`agreement_id`,
 * `held`): whole BDT; a lease with none holds 0. For queries that list leases (the kept figures
 * the rent roll reads), joined once rather than asked of each lease.
 */
export const depositsHeldSql = sql`(
  select d.agreement_id, sum(${entryHeld})::bigint as held
  from ${depositMoves} d group by d.agreement_id)`;

/**
 * SQL for one lease's deposit, for a lateral join (`left join lateral … on true`): `held` (as
 * above), `received` (all it ever received, less receipts undone as recorded by mistake) and
 * `to_rent` (all of it that paid rent), whole BDT; 0, 0 and 0 for a lease with no movement.
 */
export const depositOfLeaseSql = (agreementId: SQL) => sql`(
  select coalesce(sum(${entryHeld}), 0)::bigint as held,
    coalesce(sum(case d.kind when 'received' then d.amount when 'receipt_undone' then -d.amount end),
      0)::bigint as received,
    coalesce(sum(d.amount) filter (where d.kind = 'rent'), 0)::bigint as to_rent
  from ${depositMoves} d where d.agreement_id = ${agreementId})`;

const DepositTotalsSchema = z.object({
  held: z.coerce.number().int(),
  received: z.coerce.number().int(),
  toRent: z.coerce.number().int(),
});

/**
 * One lease's deposit now: what is held, all it received and all of it that paid rent, whole BDT
 * (0, 0 and 0 without any movement).
 */
export async function depositTotals(
  db: Database,
  agreementId: string,
): Promise<z.infer<typeof DepositTotalsSchema>> {
  const [totals] = rowsOf(
    DepositTotalsSchema,
    await db.execute(
      sql`select dep.held, dep.received, dep.to_rent as "toRent"
        from ${depositOfLeaseSql(sql`${agreementId}::uuid`)} dep`,
    ),
  );
  return totals ?? { held: 0, received: 0, toRent: 0 };
}

const HeldRowSchema = z.object({ agreementId: z.string(), held: z.coerce.number().int() });

/** The deposit held now per lease named (0 for a lease with no movement), whole BDT. */
export async function depositsHeld(
  db: Database,
  agreementIds: readonly string[],
): Promise<Map<string, number>> {
  const held = new Map(agreementIds.map((id) => [id, 0]));
  if (agreementIds.length === 0) return held;
  const named = sql.join(
    agreementIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const rows = rowsOf(
    HeldRowSchema,
    await db.execute(sql`
      select d.agreement_id::text as "agreementId", sum(${entryHeld})::bigint as held
      from ${depositMoves} d where d.agreement_id in (${named})
      group by d.agreement_id`),
  );
  for (const row of rows) held.set(row.agreementId, row.held);
  return held;
}

type EntryRow = typeof depositEntries.$inferSelect;

const toEntry = (row: EntryRow): DepositEntry => ({
  _id: row.id,
  agreementId: row.agreementId,
  kind: row.kind,
  amount: row.amount,
  method: row.method,
  reference: row.reference,
  date: row.entryDate,
  recordedBy: row.recordedBy,
  recordedAt: row.recordedAt.toISOString(),
  undoes: row.undoes,
  reason: row.reason,
});

/** Each lease's deposit (terms, held, entries oldest first), in the order of `agreementIds`. */
export async function leaseDeposits(
  db: Database,
  agreementIds: readonly string[],
): Promise<LeaseDeposit[]> {
  if (agreementIds.length === 0) return [];
  const ids = [...agreementIds];
  const [leases, entries, rents, held] = await Promise.all([
    db
      .select({ id: agreements.id, deposit: agreements.deposit })
      .from(agreements)
      .where(inArray(agreements.id, ids)),
    db
      .select()
      .from(depositEntries)
      .where(inArray(depositEntries.agreementId, ids))
      .orderBy(asc(depositEntries.entryDate), asc(depositEntries.recordedAt)),
    db
      .select({
        paymentId: payments.id,
        agreementId: payments.agreementId,
        billingMonth: payments.billingMonth,
        amount: sql<number>`${payments.rent} - ${payments.discount}`.mapWith(Number),
        date: payments.receivedOn,
        recordedAt: payments.paidAt,
      })
      .from(payments)
      .where(and(inArray(payments.agreementId, ids), eq(payments.method, 'deposit')))
      .orderBy(asc(payments.receivedOn), asc(payments.paidAt), asc(payments.billingMonth)),
    depositsHeld(db, ids),
  ]);
  const agreed = new Map(leases.map((lease) => [lease.id, lease.deposit]));
  return ids.map((id) => ({
    agreementId: id,
    agreed: agreed.get(id) ?? null,
    held: held.get(id) ?? 0,
    entries: entries.filter((entry) => entry.agreementId === id).map(toEntry),
    rentPaid: rents
      .filter((rent) => rent.agreementId === id)
      .map((rent) => ({
        paymentId: rent.paymentId,
        billingMonth: rent.billingMonth.slice(0, 7),
        amount: rent.amount,
        // Recorded by hand, a deposit payment always has its day (payments_offline_recorded).
        date: rent.date ?? rent.billingMonth,
        recordedAt: rent.recordedAt.toISOString(),
      })),
  }));
}

type RecordDeposit = z.output<typeof RecordDepositRequestSchema>;

/**
 * A deposit received from the tenant or given back, as the admin recorded it. A refund beyond
 * what is held is refused (409) by the database, whatever else runs at the same moment; so is a
 * new entry for a deleted account (409), even one whose deletion runs at that moment (an entry
 * sent again under its key is answered with what was recorded, as always).
 */
export async function recordDepositEntry(
  db: Database,
  timeZone: string,
  actor: AuditActor & { id: string },
  personId: string,
  input: RecordDeposit,
  now: Date,
): Promise<RecordDepositResponse> {
  const lease = await offlineLease(db, timeZone, personId, input.agreementId);
  assertOfflineDay(input.date, lease, now, timeZone, 'date');
  let entry: EntryRow | undefined;
  try {
    // Run again on a deadlock, as a charge by hand is: the person's row is held before the entry's
    // trigger reaches what their other lease's end (by notice) updates first, and PostgreSQL may
    // end one of the two.
    entry = await retryOnDeadlock(() =>
      onceByKey('deposit_entries_key_unique', () =>
        db.transaction(async (tx) => {
          // Entries of one lease take turns, so `before` is exact; the account's deletion under way
          // finishes first (and this is refused) or waits, and then finds the deposit held and
          // keeps the account. Money held for an account nobody can be named for is never kept.
          const person = await holdLeaseThenPerson(tx, lease.id, personId, 'no key update');
          // Sent again under its key (a retry, a second click, another server): recorded once.
          const [earlier] = await tx
            .select()
            .from(depositEntries)
            // Whatever lease it was sent for: a key names one entry.
            .where(eq(depositEntries.requestKey, input.key));
          const sent = {
            agreementId: lease.id,
            kind: input.kind,
            amount: input.amount,
            method: input.method,
            reference: input.reference ?? null,
            entryDate: input.date,
          };
          const again = replayed(earlier, sent, DEPOSIT_MESSAGES.keyReused);
          // Sent again after it was recorded, its answer is the entry, whatever came since.
          if (again) return again;
          if (!person || person.deleted) throw conflict(DEPOSIT_MESSAGES.deletedAccount);
          const before = (await depositsHeld(tx, [lease.id])).get(lease.id) ?? 0;
          const [row] = await tx
            .insert(depositEntries)
            .values({
              ...sent,
              recordedBy: actor.id,
              recordedAt: now,
              requestKey: input.key,
            })
            .returning();
          if (!row) throw new Error('deposit entry not returned');
          const after = input.kind === 'received' ? before + input.amount : before - input.amount;
          const how = PAYMENT_METHOD_IN_SENTENCE[input.method];
          // The tenant is told, once: an entry sent again under its key returned above.
          await notify(tx, personId, {
            kind: 'deposit-entry',
            data: {
              entryId: row.id,
              entry: input.kind,
              amount: input.amount,
              method: how,
              date: input.date,
              apartmentNo: lease.apartmentNo,
              held: after,
            },
          });
          await recordAudit(tx, actor, {
            action: input.kind === 'received' ? 'deposit.received' : 'deposit.refunded',
            subjectType: 'lease',
            subjectId: lease.id,
            summary: `${
              input.kind === 'received'
                ? `${actor.name} recorded a deposit of ${input.amount.toLocaleString('en-US')} BDT received by ${how} on ${dayLabel(input.date)}`
                : `${actor.name} recorded a deposit refund of ${input.amount.toLocaleString('en-US')} BDT by ${how} on ${dayLabel(input.date)}`
            } for ${lease.tenantName}, apartment ${lease.apartmentNo}${input.reference ? `, ref ${input.reference}` : ''}`,
            before: { held: before },
            after: {
              held: after,
              kind: input.kind,
              amount: input.amount,
              method: input.method,
              reference: input.reference ?? null,
              date: input.date,
            },
          });
          return row;
        }),
      ),
    );
  } catch (error) {
    if (checkViolation(error) !== 'deposit_entries_held_non_negative') throw error;
    // Held less than this refund (perhaps rent was just paid from it).
    const held = (await depositsHeld(db, [lease.id])).get(lease.id) ?? 0;
    throw conflict(DEPOSIT_MESSAGES.overdrawn(held));
  }
  const [deposit] = await leaseDeposits(db, [lease.id]);
  if (!deposit) throw new Error('deposit missing after recording');
  return { entry: toEntry(entry), deposit };
}

/**
 * Undoes a deposit entry recorded by mistake (a receipt for money that never came, a refund never
 * given): the ledger is append-only, so the undo is an entry of its own, the opposite way, naming
 * the one it undoes; the tenant is told why and its receipt withdrawn if not sent yet. The
 * database checks the undo matches its entry, undoes it once (`deposit_entries_undone_once`: two
 * admins at once, one is refused) and never takes the deposit below nothing (a receipt whose
 * money was given back or paid as rent since: 409, what went out of it is undone first).
 */
export async function undoDepositEntry(
  db: Database,
  timeZone: string,
  actor: AuditActor & { id: string },
  personId: string,
  entryId: string,
  reason: string,
  now: Date,
): Promise<RecordDepositResponse> {
  let agreementId: string | undefined;
  let undo: EntryRow | undefined;
  try {
    undo = await retryOnDeadlock(() =>
      db.transaction(async (tx) => {
        const [found] = await tx
          .select({ entry: depositEntries, apartmentNo: apartments.apartmentNo })
          .from(depositEntries)
          .innerJoin(agreements, eq(agreements.id, depositEntries.agreementId))
          .innerJoin(apartments, eq(apartments.id, agreements.apartmentId))
          .where(and(eq(depositEntries.id, entryId), eq(agreements.tenantId, personId)));
        if (!found) throw notFound(DEPOSIT_MESSAGES.entryNotFound);
        const { entry, apartmentNo } = found;
        agreementId = entry.agreementId;
        if (entry.kind !== 'received' && entry.kind !== 'refunded') {
          throw conflict(DEPOSIT_MESSAGES.undoOfUndo);
        }
        // Entries of one lease take turns, so `before` is exact; an account deletion under way
        // finishes first (its deposit stays as it is) or waits, and then finds what is held.
        const person = await holdLeaseThenPerson(tx, entry.agreementId, personId, 'no key update');
        if (!person) throw notFound(DEPOSIT_MESSAGES.entryNotFound);
        if (person.deleted) throw conflict(UNDO_PAYMENT_MESSAGES.deletedAccount);
        const [undoneBy] = await tx
          .select({ id: depositEntries.id })
          .from(depositEntries)
          .where(eq(depositEntries.undoes, entry.id));
        if (undoneBy) throw conflict(DEPOSIT_MESSAGES.alreadyUndone);
        const before = (await depositsHeld(tx, [entry.agreementId])).get(entry.agreementId) ?? 0;
        const [row] = await tx
          .insert(depositEntries)
          .values({
            agreementId: entry.agreementId,
            kind: DEPOSIT_UNDO_KIND[entry.kind],
            amount: entry.amount,
            method: entry.method,
            reference: null,
            entryDate: calendarDay(now, timeZone),
            recordedBy: actor.id,
            recordedAt: now,
            undoes: entry.id,
            reason,
          })
          .returning();
        if (!row) throw new Error('deposit undo not returned');
        const received = entry.kind === 'received';
        const after = received ? before - entry.amount : before + entry.amount;
        const withdrawn = await withdrawUnsent(tx, personId, 'deposit-entry', 'entryId', entry.id);
        const how = PAYMENT_METHOD_IN_SENTENCE[entry.method];
        await notify(tx, personId, {
          kind: 'deposit-undone',
          data: {
            entryId: entry.id,
            entry: entry.kind,
            amount: entry.amount,
            method: how,
            date: entry.entryDate,
            apartmentNo,
            held: after,
            reason,
            receiptSent: !withdrawn,
          },
        });
        await recordAudit(tx, actor, {
          action: 'deposit.undone',
          subjectType: 'lease',
          subjectId: entry.agreementId,
          summary: `${actor.name} undid the deposit ${received ? 'receipt' : 'refund'} of ${entry.amount.toLocaleString('en-US')} BDT by ${how} on ${dayLabel(entry.entryDate)} recorded for ${person.name}, apartment ${apartmentNo}${entry.reference ? `, ref ${entry.reference}` : ''}. Reason: ${reason}`,
          before: {
            held: before,
            entry: {
              id: entry.id,
              kind: entry.kind,
              amount: entry.amount,
              method: entry.method,
              reference: entry.reference,
              date: entry.entryDate,
              recordedBy: entry.recordedBy,
            },
          },
          after: { held: after, undoneBy: row.id, reason },
        });
        return row;
      }),
    );
  } catch (error) {
    // Undone by another admin at the same moment (on another server): this one is refused.
    if (uniqueViolation(error) === 'deposit_entries_undone_once') {
      throw conflict(DEPOSIT_MESSAGES.alreadyUndone);
    }
    if (checkViolation(error) !== 'deposit_entries_held_non_negative' || !agreementId) throw error;
    // What the receipt brought in has gone out since (given back, or paid as rent).
    const held = (await depositsHeld(db, [agreementId])).get(agreementId) ?? 0;
    throw conflict(DEPOSIT_MESSAGES.undoOverdrawn(held));
  }
  const [deposit] = await leaseDeposits(db, [undo.agreementId]);
  if (!deposit) throw new Error('deposit missing after undoing');
  return { entry: toEntry(undo), deposit };
}
