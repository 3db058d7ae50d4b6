import {
  LEASE_CHANGE_MESSAGES,
  addMonths,
  dayLabel,
  leaseEndIssue,
  latestRenewalEnd,
  monthLabel,
  type FieldIssue,
  type RenewLeaseRequest,
} from '@structomate/contract';
import {
  and,
  asc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  lt,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { agreements, apartments, leaseRents, payments, users } from '../../db/schema';
import { AppError, conflict, notFound } from '../../lib/app-error';
import { calendarDay } from '../../lib/clock';
import { rowsOf } from '../../lib/sql-rows';
import { recordAudit, type AuditActor } from '../audit/audit.service';

/**
 * Renewing and ending leases. A lease given notice keeps running through its last day (`ends_on`)
 * and the apartment is free from the next: every question of "who lives here today" asks
 * `leaseHolds` (db/schema/agreements). Once that day has passed the lease is closed for good (`settleLeaseEnds`): its
 * status becomes ended and its tenant a user again.
 */

/**
 * Closes the leases whose last day (by notice) is before `today`, all of them or those `scope`
 * narrows to: each is ended (at the last moment of its last day, the building's) and its tenant a
 * user again, in one transaction with its audit row. Idempotent: a lease closed meanwhile by
 * another server is skipped.
 */
export async function settleLeaseEnds(
  db: Database,
  now: Date,
  timeZone: string,
  scope?: SQL,
): Promise<number> {
  const today = calendarDay(now, timeZone);
  const due = and(
    eq(agreements.status, 'accepted'),
    isNotNull(agreements.endsOn),
    lt(agreements.endsOn, today),
    scope,
  );
  // Most calls find nothing: look before opening a transaction.
  const [any] = await db.select({ id: agreements.id }).from(agreements).where(due).limit(1);
  if (!any) return 0;
  return db.transaction(async (tx) => {
    const ended = await tx
      .update(agreements)
      .set({
        status: 'ended',
        // The last moment of its last day, in the building's time zone.
        endedAt: sql`(((${agreements.endsOn} + 1)::timestamp - interval '1 millisecond')
          at time zone ${timeZone})`,
      })
      .where(due)
      .returning({
        id: agreements.id,
        tenantId: agreements.tenantId,
        apartmentId: agreements.apartmentId,
        endsOn: agreements.endsOn,
      });
    if (ended.length === 0) return 0;
    const people = await tx
      .update(users)
      .set({ role: 'user', updatedAt: sql`now()` })
      .where(
        and(
          inArray(
            users.id,
            ended.map((lease) => lease.tenantId),
          ),
          eq(users.role, 'member'),
        ),
      )
      .returning({ id: users.id, displayName: users.displayName });
    const names = new Map(people.map((person) => [person.id, person.displayName]));
    const flats = await tx
      .select({ id: apartments.id, apartmentNo: apartments.apartmentNo })
      .from(apartments)
      .where(
        inArray(
          apartments.id,
          ended.map((lease) => lease.apartmentId),
        ),
      );
    const numbers = new Map(flats.map((flat) => [flat.id, flat.apartmentNo]));
    for (const lease of ended) {
      await recordAudit(tx, null, {
        action: 'lease.ended',
        subjectType: 'agreement',
        subjectId: lease.id,
        summary: `The lease of ${names.get(lease.tenantId) ?? 'a former member'} for apartment ${numbers.get(lease.apartmentId) ?? '?'} ended on ${dayLabel(lease.endsOn ?? today)}; the apartment is free`,
        before: { status: 'accepted', endsOn: lease.endsOn },
        after: { status: 'ended' },
      });
    }
    return ended.length;
  });
}

/** A running lease, locked for a change; refused when it has ended (or its last day passed). */
async function runningLease(tx: Database, leaseId: string, today: string) {
  const [lease] = await tx
    .select({
      id: agreements.id,
      status: agreements.status,
      tenantId: agreements.tenantId,
      rent: agreements.rent,
      startDate: agreements.startDate,
      endDate: agreements.endDate,
      endsOn: agreements.endsOn,
      tenantName: users.displayName,
      apartmentNo: apartments.apartmentNo,
    })
    .from(agreements)
    .innerJoin(users, eq(users.id, agreements.tenantId))
    .innerJoin(apartments, eq(apartments.id, agreements.apartmentId))
    .where(eq(agreements.id, leaseId))
    .for('update', { of: agreements });
  if (!lease || lease.status === 'pending' || lease.status === 'rejected') {
    throw notFound('No lease has this id');
  }
  if (lease.status !== 'accepted' || (lease.endsOn !== null && lease.endsOn < today)) {
    throw conflict(LEASE_CHANGE_MESSAGES.notRunning);
  }
  return lease;
}

const invalid = (issues: FieldIssue[]) =>
  new AppError('VALIDATION_FAILED', issues[0]?.message ?? 'Check the form', issues);

export interface LeaseChange {
  tenantId: string;
  tenantName: string;
  apartmentNo: string;
}

/**
 * Renews a running lease: a later last day and, optionally, a new rent from a month on (not one
 * already paid: a paid month keeps the rent it was paid at). A notice given earlier is withdrawn.
 */
export async function renewLease(
  db: Database,
  actor: AuditActor,
  leaseId: string,
  body: RenewLeaseRequest,
  now: Date,
  timeZone: string,
): Promise<LeaseChange> {
  const today = calendarDay(now, timeZone);
  return db.transaction(async (tx) => {
    const lease = await runningLease(tx, leaseId, today);
    if (lease.startDate === null || lease.endDate === null) {
      throw conflict(LEASE_CHANGE_MESSAGES.noTerms);
    }
    const issues: FieldIssue[] = [];
    if (body.endDate <= lease.endDate) {
      issues.push({
        path: 'endDate',
        message: LEASE_CHANGE_MESSAGES.endNotLater(dayLabel(lease.endDate)),
      });
    } else if (body.endDate <= today) {
      issues.push({ path: 'endDate', message: LEASE_CHANGE_MESSAGES.endNotAfterToday });
    } else if (body.endDate > latestRenewalEnd(today)) {
      issues.push({ path: 'endDate', message: LEASE_CHANGE_MESSAGES.renewTooFar });
    }
    const from = body.rentFrom;
    if (from !== undefined) {
      const rentIssue = await rentFromIssue(tx, lease, from, body.endDate, today);
      if (rentIssue) issues.push({ path: 'rentFrom', message: rentIssue });
    }
    if (issues.length > 0) throw invalid(issues);

    const changesBefore = await rentChangesOf(tx, [lease.id]);
    await tx
      .update(agreements)
      .set({ endDate: body.endDate, endsOn: null })
      .where(eq(agreements.id, lease.id));
    if (from !== undefined && body.rent !== undefined) {
      // The new rent holds from its month on: a change set earlier for a later month gives way.
      await tx
        .delete(leaseRents)
        .where(and(eq(leaseRents.agreementId, lease.id), gt(leaseRents.fromMonth, `${from}-01`)));
      await tx
        .insert(leaseRents)
        .values({ agreementId: lease.id, fromMonth: `${from}-01`, rent: body.rent })
        .onConflictDoUpdate({
          target: [leaseRents.agreementId, leaseRents.fromMonth],
          set: { rent: body.rent, createdAt: sql`now()` },
        });
    }
    const rentNote =
      from !== undefined && body.rent !== undefined
        ? `, rent ${body.rent.toLocaleString('en-US')} BDT from ${monthLabel(from)}`
        : '';
    await recordAudit(tx, actor, {
      action: 'lease.renew',
      subjectType: 'agreement',
      subjectId: lease.id,
      summary: `Renewed the lease of ${lease.tenantName} for apartment ${lease.apartmentNo} to ${dayLabel(body.endDate)}${rentNote}`,
      before: {
        endDate: lease.endDate,
        endsOn: lease.endsOn,
        rentChanges: changesBefore.get(lease.id) ?? [],
      },
      after: {
        endDate: body.endDate,
        endsOn: null,
        ...(from !== undefined ? { rentFrom: from, rent: body.rent } : {}),
      },
    });
    return {
      tenantId: lease.tenantId,
      tenantName: lease.tenantName,
      apartmentNo: lease.apartmentNo,
    };
  });
}

/** Why a new rent cannot start in `from`, if it cannot. */
async function rentFromIssue(
  tx: Database,
  lease: { id: string; startDate: string | null },
  from: string,
  endDate: string,
  today: string,
): Promise<string | undefined> {
  if (from < today.slice(0, 7)) return LEASE_CHANGE_MESSAGES.rentFromPast;
  if (lease.startDate !== null && from < lease.startDate.slice(0, 7)) {
    return LEASE_CHANGE_MESSAGES.rentFromBeforeStart;
  }
  if (from > endDate.slice(0, 7)) return LEASE_CHANGE_MESSAGES.rentFromAfterEnd;
  // The lease row is locked (FOR UPDATE): a payment under it waits (it takes FOR SHARE), so
  // no month is paid between this look and the change. A card charge opened at the old rent is
  // refunded when it is recorded (recording checks the month's rent again).
  const paid = await tx
    .select({ month: payments.billingMonth })
    .from(payments)
    .where(and(eq(payments.agreementId, lease.id), gte(payments.billingMonth, `${from}-01`)))
    .orderBy(asc(payments.billingMonth));
  const first = paid[0];
  const last = paid.at(-1);
  if (!first || !last) return undefined;
  return LEASE_CHANGE_MESSAGES.rentFromPaid(
    monthLabel(first.month.slice(0, 7)),
    monthLabel(addMonths(last.month.slice(0, 7), 1)),
  );
}

/**
 * Gives notice: the lease runs through `endDate` (today at the earliest, not before it starts)
 * and ends then. Giving it again moves the day.
 */
export async function endLease(
  db: Database,
  actor: AuditActor,
  leaseId: string,
  endDate: string,
  now: Date,
  timeZone: string,
): Promise<LeaseChange> {
  const today = calendarDay(now, timeZone);
  return db.transaction(async (tx) => {
    const lease = await runningLease(tx, leaseId, today);
    // Months paid ahead stay the tenant's: the lease runs through the last of them to its last
    // day (the lease row is held, so no month is paid between this look and the change).
    const issue = leaseEndIssue({
      endDate,
      today,
      startDate: lease.startDate,
      paidThrough: (await paidThrough(tx, lease.id)) ?? null,
    });
    if (issue) throw invalid([{ path: 'endDate', message: issue }]);
    // The same notice again (a second click, or two admins at once) changes nothing and is not
    // logged twice.
    if (lease.endsOn !== endDate) {
      await tx.update(agreements).set({ endsOn: endDate }).where(eq(agreements.id, lease.id));
      await recordAudit(tx, actor, {
        action: 'lease.notice',
        subjectType: 'agreement',
        subjectId: lease.id,
        summary: `Ended the lease of ${lease.tenantName} for apartment ${lease.apartmentNo} on ${dayLabel(endDate)}`,
        before: { endsOn: lease.endsOn },
        after: { endsOn: endDate },
      });
    }
    return {
      tenantId: lease.tenantId,
      tenantName: lease.tenantName,
      apartmentNo: lease.apartmentNo,
    };
  });
}

/**
 * The last month (YYYY-MM) paid under the lease whose id `leaseId` names (a column or a value),
 * null when none is: a lease must not end before it, or the building would keep rent for months
 * nobody lives in.
 */
export const paidThroughOf = (leaseId: SQLWrapper) =>
  sql<string | null>`(select to_char(max(${payments.billingMonth}), 'YYYY-MM') from ${payments}
    where ${payments.agreementId} = ${leaseId})`;

/**
 * The last month paid under a lease (`paidThroughOf`), or undefined when none is. Run with the
 * lease's row held (FOR UPDATE): a payment under it waits (it holds the row FOR SHARE).
 */
export async function paidThrough(tx: Database, leaseId: string): Promise<string | undefined> {
  const result = await tx.execute(sql`select ${paidThroughOf(sql`${leaseId}::uuid`)} as month`);
  const [last] = rowsOf(z.object({ month: z.string().nullable() }), result);
  return last?.month ?? undefined;
}

/** Withdraws a notice: the lease runs on as before. */
export async function withdrawNotice(
  db: Database,
  actor: AuditActor,
  leaseId: string,
  now: Date,
  timeZone: string,
): Promise<LeaseChange> {
  const today = calendarDay(now, timeZone);
  return db.transaction(async (tx) => {
    const lease = await runningLease(tx, leaseId, today);
    if (lease.endsOn === null) throw conflict(LEASE_CHANGE_MESSAGES.noNotice);
    await tx.update(agreements).set({ endsOn: null }).where(eq(agreements.id, lease.id));
    await recordAudit(tx, actor, {
      action: 'lease.notice',
      subjectType: 'agreement',
      subjectId: lease.id,
      summary: `Withdrew the notice ending the lease of ${lease.tenantName} for apartment ${lease.apartmentNo} on ${dayLabel(lease.endsOn)}`,
      before: { endsOn: lease.endsOn },
      after: { endsOn: null },
    });
    return {
      tenantId: lease.tenantId,
      tenantName: lease.tenantName,
      apartmentNo: lease.apartmentNo,
    };
  });
}

/** Each lease's rent changes, oldest first. */
export async function rentChangesOf(
  db: Database,
  leaseIds: readonly string[],
): Promise<Map<string, { fromMonth: string; rent: number }[]>> {
  const byLease = new Map<string, { fromMonth: string; rent: number }[]>();
  if (leaseIds.length === 0) return byLease;
  const rows = await db
    .select()
    .from(leaseRents)
    .where(inArray(leaseRents.agreementId, [...leaseIds]))
    .orderBy(asc(leaseRents.fromMonth));
  for (const row of rows) {
    const list = byLease.get(row.agreementId) ?? [];
    list.push({ fromMonth: row.fromMonth.slice(0, 7), rent: row.rent });
    byLease.set(row.agreementId, list);
  }
  return byLease;
}
