import {
  addMonths,
  APARTMENT_MESSAGES,
  LEASE_CHANGE_MESSAGES,
  LEASE_TERM_MESSAGES,
  dayLabel,
  defaultStartDate,
  latestStartDate,
  leaseEndDate,
  leaseTerms,
  monthEnd,
  monthLabel,
  moreRequestsWaiting,
  type Agreement,
  type LeaseDefaults,
  type LeaseTerms,
  type Member,
  type MemberAgreement,
  type SessionUser,
} from '@structomate/contract';
import { and, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { notify, notifyAdmins } from '../notifications/notifications.service';
import type { Database } from '../../db/client';
import { agreements, apartments, leaseHolds, leaseTermColumns, users } from '../../db/schema';
import { AppError, conflict, forbidden, notFound } from '../../lib/app-error';
import { calendarDay } from '../../lib/clock';
import { retryOnDeadlock, uniqueViolation } from '../../lib/db-errors';
import { apartmentPhotoUrl, coverImageId } from '../apartments/apartments.service';
import { personPhotoUrl } from '../images/images.service';
import {
  balancesOf,
  chargesOwedBy,
  firstRentDue,
  depositTotals,
  type BillingRules,
} from '../payments/payments.service';
import {
  paidThrough,
  paidThroughOf,
  rentChangesOf,
  settleLeaseEnds,
} from './lease-changes.service';

export { settleLeaseEnds };

const agreementColumns = {
  id: agreements.id,
  status: agreements.status,
  rent: agreements.rent,
  signedAt: agreements.signedAt,
  checkedAt: agreements.checkedAt,
  endedAt: agreements.endedAt,
  startDate: agreements.startDate,
  endDate: agreements.endDate,
  termMonths: agreements.termMonths,
  deposit: agreements.deposit,
  depositMonths: agreements.depositMonths,
  noticeDays: agreements.noticeDays,
  rentDueDay: agreements.rentDueDay,
  graceDays: agreements.graceDays,
  parking: agreements.parking,
  endsOn: agreements.endsOn,
  tenantId: users.id,
  tenantName: users.displayName,
  tenantEmail: users.email,
  tenantRole: users.role,
  tenantPhotoImageId: users.photoImageId,
  tenantPhotoUrl: users.photoUrl,
  apartmentId: apartments.id,
  apartmentNo: apartments.apartmentNo,
  floorNo: apartments.floorNo,
  blockName: apartments.blockName,
  details: apartments.details,
  imageId: coverImageId,
};

const selectAgreements = (db: Database) =>
  db
    .select(agreementColumns)
    .from(agreements)
    .innerJoin(users, eq(users.id, agreements.tenantId))
    .innerJoin(apartments, eq(apartments.id, agreements.apartmentId));

type AgreementRow = Awaited<ReturnType<typeof selectAgreements>>[number];

/** The lease's own terms, when it has them (requests signed before leases had terms have none). */
function termsOf(row: AgreementRow): LeaseTerms | null {
  if (row.startDate === null || row.endDate === null || row.rentDueDay === null) return null;
  return {
    startDate: row.startDate,
    endDate: row.endDate,
    termMonths: row.termMonths ?? 12,
    rent: row.rent,
    deposit: row.deposit ?? 0,
    depositMonths: row.depositMonths ?? 0,
    noticeDays: row.noticeDays ?? 0,
    rentDueDay: row.rentDueDay,
    graceDays: row.graceDays ?? 0,
    parking: row.parking ?? '',
  };
}

const startDateIssue = (message: string, path: string) =>
  new AppError('VALIDATION_FAILED', message, [{ path, message }]);

function toAgreement(row: AgreementRow, rentChanges: Agreement['rentChanges']): Agreement {
  return {
    _id: row.id,
    tenant_id: row.tenantId,
    tenant: row.tenantName,
    tenantEmail: row.tenantEmail,
    tenantRole: row.tenantRole,
    type: row.tenantRole,
    tenantImage: personPhotoUrl(row.tenantPhotoImageId, row.tenantPhotoUrl),
    status: row.status,
    agreementSigningDate: row.signedAt.toISOString(),
    agreementCheckedDate: row.checkedAt?.toISOString() ?? null,
    agreementEndDate: row.endedAt?.toISOString() ?? null,
    apartmentDetails: {
      _id: row.apartmentId,
      apartmentNo: row.apartmentNo,
      floorNo: row.floorNo,
      blockName: row.blockName,
      rent: row.rent,
      details: row.details,
      apartmentImage: apartmentPhotoUrl(row.imageId),
    },
    terms: termsOf(row),
    endsOn: row.endsOn,
    rentChanges,
  };
}

export async function findAgreements(
  db: Database,
  where: SQL | undefined,
  options: { limit?: number; offset?: number; newestFirst?: boolean } = {},
): Promise<Agreement[]> {
  const query = selectAgreements(db)
    .where(where)
    .orderBy(
      options.newestFirst === false ? agreements.signedAt : desc(agreements.signedAt),
      agreements.id,
    );
  const rows = options.limit
    ? await query.limit(options.limit).offset(options.offset ?? 0)
    : await query;
  const changes = await rentChangesOf(
    db,
    rows.filter((row) => row.status === 'accepted' || row.status === 'ended').map((row) => row.id),
  );
  return rows.map((row) => toAgreement(row, changes.get(row.id) ?? []));
}

/**
 * The spec's lookups name the tenant in the body; ours answer about the caller only, so an email
 * or id that is someone else's is refused rather than answered.
 */
export function assertOwnLookup(
  caller: SessionUser,
  body: { tenantEmail?: string; tenant_id?: string } | null | undefined,
): void {
  const emailIsOther =
    body?.tenantEmail !== undefined &&
    body.tenantEmail.toLowerCase() !== caller.email.toLowerCase();
  const idIsOther = body?.tenant_id !== undefined && body.tenant_id !== caller._id;
  if (emailIsOther || idIsOther) throw forbidden('You can only look up your own records');
}

/** The member's lease: the accepted agreement they live under (spec §7 /member/agreements). */
export async function memberAgreement(db: Database, userId: string): Promise<Agreement | null> {
  const [agreement] = await findAgreements(
    db,
    and(eq(agreements.tenantId, userId), eq(agreements.status, 'accepted')),
    { limit: 1 },
  );
  return agreement ?? null;
}

/** The member's lease with its deposit: held now, all received, all that paid rent (profile). */
export async function memberAgreementWithDeposit(
  db: Database,
  userId: string,
): Promise<MemberAgreement | null> {
  const agreement = await memberAgreement(db, userId);
  if (!agreement) return null;
  const deposit = await depositTotals(db, agreement._id);
  return {
    ...agreement,
    depositHeld: deposit.held,
    depositReceived: deposit.received,
    depositToRent: deposit.toRent,
  };
}

/** The user's latest request, whatever its status (spec §7 /users/agreements/). */
export async function latestAgreement(db: Database, userId: string): Promise<Agreement | null> {
  const [agreement] = await findAgreements(db, eq(agreements.tenantId, userId), { limit: 1 });
  return agreement ?? null;
}

const refusedRole: Record<'member' | 'admin', string> = {
  member: 'You already rent an apartment here, so you cannot request another lease.',
  admin: 'Administrators cannot request a lease.',
};

/** What signing needs besides the request: the building's calendar and its lease defaults. */
export interface SigningContext {
  timeZone: string;
  leaseDefaults: LeaseDefaults;
  /** When rent falls due: an accepted lease's welcome says when its first rent does. */
  rules: BillingRules;
}

/**
 * Signing (spec §4): a pending request from the signed-in user for an available apartment. The
 * body names only the apartment and, optionally, when the lease should start (today at the
 * earliest, the 1st of next month when left out); tenant, rent and the other terms come from
 * the database (the building's lease defaults) and the clock.
 */
export async function requestAgreement(
  db: Database,
  tenant: SessionUser,
  apartmentId: string,
  now: Date,
  context: SigningContext,
  startDate?: string,
): Promise<string> {
  if (tenant.role !== 'user') throw conflict(refusedRole[tenant.role]);
  const today = calendarDay(now, context.timeZone);
  const start = startDate ?? defaultStartDate(today);
  const field = 'newAgreement.startDate';
  if (start < today) throw startDateIssue(LEASE_TERM_MESSAGES.startInPast, field);
  if (start > latestStartDate(today)) throw startDateIssue(LEASE_TERM_MESSAGES.startTooLate, field);
  try {
    return await db.transaction(async (tx) => {
      // FOR SHARE waits for an accept in progress on this apartment (it holds FOR UPDATE), so
      // a request never slips in beside a lease being granted.
      const [apartment] = await tx
        .select({
          id: apartments.id,
          apartmentNo: apartments.apartmentNo,
          rent: apartments.rent,
          status: apartments.status,
        })
        .from(apartments)
        .where(eq(apartments.id, apartmentId))
        .for('share');
      if (!apartment) throw notFound(APARTMENT_MESSAGES.notFound);
      // The admin may have unlisted or archived it since the page was opened.
      if (apartment.status !== 'listed') throw conflict(APARTMENT_MESSAGES.notOffered);
      const [occupied] = await tx
        .select({ id: agreements.id })
        .from(agreements)
        .where(and(eq(agreements.apartmentId, apartmentId), leaseHolds(sql`${agreements}`, today)));
      if (occupied) throw conflict(`Apartment ${apartment.apartmentNo} is already rented.`);
      const [created] = await tx
        .insert(agreements)
        .values({
          tenantId: tenant._id,
          apartmentId,
          signedAt: now,
          ...leaseTermColumns(leaseTerms(context.leaseDefaults, apartment.rent, start)),
        })
        .returning({ id: agreements.id });
      if (!created) throw new Error('insert returned nothing');
      await notifyAdmins(tx, {
        kind: 'request-received',
        data: {
          applicant: tenant.displayName,
          email: tenant.email,
          apartmentNo: apartment.apartmentNo,
        },
      });
      return created.id;
    });
  } catch (error) {
    // The partial unique index allows one pending request per person, whatever the timing.
    if (uniqueViolation(error) === 'agreements_one_pending_per_tenant') {
      throw conflict(
        'You already have a pending agreement request. Wait for the building to answer it.',
      );
    }
    throw error;
  }
}

/** Pending requests, oldest first, for the admin to decide (spec §2 Agreement Requests), a page. */
export async function pendingAgreements(
  db: Database,
  page: { limit: number; offset: number },
): Promise<{ rows: Agreement[]; total: number }> {
  const pending = eq(agreements.status, 'pending');
  const [rows, [counted]] = await Promise.all([
    findAgreements(db, pending, { newestFirst: false, ...page }),
    db.select({ n: count() }).from(agreements).where(pending),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

/**
 * How many requests wait for each of these apartments: accepting one declines the others, which
 * the admin is told before confirming.
 */
export async function pendingRequestsByApartment(
  db: Database,
  apartmentIds: string[],
): Promise<Map<string, string[]>> {
  if (apartmentIds.length === 0) return new Map();
  const rows = await db
    .select({
      apartmentId: agreements.apartmentId,
      ids: sql<
        string[]
      >`array_agg(${agreements.id} order by ${agreements.signedAt}, ${agreements.id})`,
    })
    .from(agreements)
    .where(and(eq(agreements.status, 'pending'), inArray(agreements.apartmentId, apartmentIds)))
    .groupBy(agreements.apartmentId);
  return new Map(rows.map((row) => [row.apartmentId, row.ids]));
}

export async function agreementById(db: Database, id: string): Promise<Agreement> {
  const [agreement] = await findAgreements(db, eq(agreements.id, id), { limit: 1 });
  if (!agreement) throw notFound('No agreement has this id');
  return agreement;
}

/**
 * Accept (spec §4), in one transaction: the agreement is accepted with today's date, the tenant
 * becomes a member, and every other pending request for that apartment is rejected. A decided
 * agreement or an occupied apartment is a 409 that changes nothing; the conditional update and
 * the unique indexes decide races between admins. With `declining` (the others the admin was told
 * it declines), declining any other is a 409 that changes nothing. Answers the agreement accepted
 * and the requests it declined.
 */
export async function acceptAgreement(
  db: Database,
  agreementId: string,
  now: Date,
  context: SigningContext,
  { startDate, declining }: { startDate?: string; declining?: string[] } = {},
): Promise<{ accepted: Agreement; declined: Agreement[] }> {
  // The other requests for the apartment this acceptance declined (of the run that committed).
  let declinedIds: string[] = [];
  try {
    // Against an account deleted at the same moment, PostgreSQL may abort one of the two to
    // break a deadlock: run again, this finds the request withdrawn (or the deletion the lease).
    // Called within the route's transaction, this is a savepoint: rolled back to it, the locks
    // taken since are let go (the route takes none before).
    await retryOnDeadlock(() =>
      db.transaction(async (tx) => {
        // Accepts for one apartment take turns on its row; without this, two accepts rejecting
        // each other's requests would deadlock.
        const [target] = await tx
          .select({
            apartmentId: agreements.apartmentId,
            signedAt: agreements.signedAt,
            rent: agreements.rent,
            termMonths: agreements.termMonths,
          })
          .from(agreements)
          .where(eq(agreements.id, agreementId));
        if (!target) throw notFound('No agreement has this id');
        const newStart = startDate
          ? startChange(target, startDate, calendarDay(now, context.timeZone), context)
          : {};
        await tx
          .select({ id: apartments.id })
          .from(apartments)
          .where(eq(apartments.id, target.apartmentId))
          .for('update');
        // A lease given notice whose last day has passed makes way (and its tenant a user again).
        await settleLeaseEnds(
          tx,
          now,
          context.timeZone,
          eq(agreements.apartmentId, target.apartmentId),
        );
        const [accepted] = await tx
          .update(agreements)
          .set({ status: 'accepted', checkedAt: now, ...newStart })
          .where(and(eq(agreements.id, agreementId), eq(agreements.status, 'pending')))
          .returning({
            tenantId: agreements.tenantId,
            apartmentId: agreements.apartmentId,
            startDate: agreements.startDate,
            endDate: agreements.endDate,
            rent: agreements.rent,
            dueDay: agreements.rentDueDay,
            deposit: agreements.deposit,
          });
        if (!accepted) {
          await agreementById(tx, agreementId);
          throw conflict('This agreement has already been decided.');
        }
        await tx
          .update(users)
          .set({ role: 'member', updatedAt: sql`now()` })
          .where(and(eq(users.id, accepted.tenantId), eq(users.role, 'user')));
        const declined = await tx
          .update(agreements)
          .set({ status: 'rejected', checkedAt: now })
          .where(
            and(
              eq(agreements.apartmentId, accepted.apartmentId),
              eq(agreements.status, 'pending'),
              ne(agreements.id, agreementId),
            ),
          )
          .returning({ id: agreements.id, tenantId: agreements.tenantId });
        const apartmentNo = await apartmentNoOf(tx, accepted.apartmentId);
        // The admin was told which requests this declines: one that came in since is not
        // declined unseen (the throw rolls the acceptance back). One told of that was withdrawn
        // or answered meanwhile is simply not declined again.
        const unseen = declining && declined.filter((other) => !declining.includes(other.id));
        if (unseen?.length) throw conflict(moreRequestsWaiting(apartmentNo, unseen.length));
        declinedIds = declined.map((other) => other.id);
        const { startDate: leaseStart, endDate, rent, dueDay, deposit } = accepted;
        // When its first rent falls due, from the ledger (where that rule lives) as it bills the
        // lease now accepted: a month the tenant's earlier lease bills stays with that one.
        const firstDue =
          leaseStart &&
          (await firstRentDue(tx, context.rules, now, accepted.tenantId, agreementId));
        await notify(tx, accepted.tenantId, {
          kind: 'request-accepted',
          data: {
            apartmentNo,
            // A request signed before leases had terms has no start of its own.
            ...(leaseStart && {
              lease: {
                startDate: leaseStart,
                acceptedOn: calendarDay(now, context.timeZone),
                endDate,
                rent,
                dueDay,
                deposit,
                ...(firstDue && { firstDue }),
              },
            }),
          },
        });
        for (const other of declined) {
          await notify(tx, other.tenantId, { kind: 'request-rejected', data: { apartmentNo } });
        }
      }),
    );
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint === 'agreements_one_accepted_per_apartment') {
      throw conflict('This apartment is already rented; the request cannot be accepted.');
    }
    if (constraint === 'agreements_one_accepted_per_tenant') {
      throw conflict('This tenant already rents an apartment here.');
    }
    throw error;
  }
  return {
    accepted: await agreementById(db, agreementId),
    // One query, in the order they were signed (`db` may be a transaction: one statement at a time).
    declined:
      declinedIds.length === 0
        ? []
        : await findAgreements(db, inArray(agreements.id, declinedIds), { newestFirst: false }),
  };
}

/**
 * The admin moves a request's start before accepting it: not before the day it was signed, nor
 * further ahead than an applicant may ask; the end moves with it (the term stays as signed). A
 * request signed before leases had terms takes the building's terms now.
 */
function startChange(
  target: { signedAt: Date; rent: number; termMonths: number | null },
  startDate: string,
  today: string,
  context: SigningContext,
) {
  const signedOn = calendarDay(target.signedAt, context.timeZone);
  if (startDate < signedOn) {
    throw startDateIssue(LEASE_TERM_MESSAGES.startBeforeSigning, 'startDate');
  }
  if (startDate > latestStartDate(today)) {
    throw startDateIssue(LEASE_TERM_MESSAGES.startTooLate, 'startDate');
  }
  if (target.termMonths === null) {
    return leaseTermColumns(leaseTerms(context.leaseDefaults, target.rent, startDate));
  }
  return { startDate, endDate: leaseEndDate(startDate, target.termMonths) };
}

async function apartmentNoOf(db: Database, apartmentId: string): Promise<string> {
  const [row] = await db
    .select({ apartmentNo: apartments.apartmentNo })
    .from(apartments)
    .where(eq(apartments.id, apartmentId));
  return row?.apartmentNo ?? '';
}

/** Reject (spec §4): records the checked date; a decided agreement is a 409. */
export async function rejectAgreement(
  db: Database,
  agreementId: string,
  now: Date,
): Promise<Agreement> {
  const rejected = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(agreements)
      .set({ status: 'rejected', checkedAt: now })
      .where(and(eq(agreements.id, agreementId), eq(agreements.status, 'pending')))
      .returning({
        id: agreements.id,
        tenantId: agreements.tenantId,
        apartmentId: agreements.apartmentId,
      });
    if (row) {
      const apartmentNo = await apartmentNoOf(tx, row.apartmentId);
      await notify(tx, row.tenantId, { kind: 'request-rejected', data: { apartmentNo } });
    }
    return row;
  });
  if (!rejected) {
    await agreementById(db, agreementId);
    throw conflict('This agreement has already been decided.');
  }
  return agreementById(db, agreementId);
}

/**
 * Members with the apartment each rents, the rent they owe today and the other charges (a repair's,
 * one added by hand) they have not paid, by name (spec §2 Manage Members), a page at a time: balances are summed for that
 * page's members only.
 */
export async function listMembers(
  db: Database,
  rules: BillingRules,
  now: Date,
  page: { limit: number; offset: number },
): Promise<{ rows: Member[]; total: number }> {
  // A member whose lease's last day has passed is one no longer, even before it is closed.
  const today = calendarDay(now, rules.timeZone);
  const isMember = and(
    eq(users.role, 'member'),
    sql`exists (select 1 from ${agreements} as lease
      where lease.tenant_id = ${users.id} and ${leaseHolds(sql`lease`, today)})`,
  );
  // The count runs beside the page and its balances (on PostgreSQL, on two connections).
  const [[counted], members] = await Promise.all([
    db.select({ n: count() }).from(users).where(isMember),
    membersPage(),
  ]);
  return { rows: members, total: counted?.n ?? 0 };

  async function membersPage(): Promise<Member[]> {
    const rows = await db
      .select({
        id: users.id,
        displayName: users.displayName,
        email: users.email,
        photoImageId: users.photoImageId,
        photoUrl: users.photoUrl,
        apartmentNo: apartments.apartmentNo,
        blockName: apartments.blockName,
        floorNo: apartments.floorNo,
        checkedAt: agreements.checkedAt,
        startDate: agreements.startDate,
        paidThrough: paidThroughOf(agreements.id),
        // The rent roll's column too: a member can owe no rent and still owe for a repair.
        chargesOwed: chargesOwedBy(users.id),
      })
      .from(users)
      .leftJoin(
        agreements,
        and(eq(agreements.tenantId, users.id), eq(agreements.status, 'accepted')),
      )
      .leftJoin(apartments, eq(apartments.id, agreements.apartmentId))
      .where(isMember)
      .orderBy(users.displayName, users.email, users.id)
      .limit(page.limit)
      .offset(page.offset);
    const balances = await balancesOf(
      db,
      rules,
      now,
      rows.map((row) => row.id),
    );
    return rows.map((row) => ({
      _id: row.id,
      displayName: row.displayName,
      email: row.email,
      photoURL: personPhotoUrl(row.photoImageId, row.photoUrl),
      apartmentNo: row.apartmentNo,
      blockName: row.blockName,
      floorNo: row.floorNo,
      memberSince: row.checkedAt?.toISOString() ?? null,
      leaseStart: row.startDate,
      owedMonths: balances.get(row.id)?.owedMonths ?? 0,
      owedAmount: balances.get(row.id)?.owedAmount ?? 0,
      chargesOwed: row.chargesOwed,
      removalRefused: removalRefusal(today, row.startDate, row.paidThrough) ?? null,
    }));
  }
}

/**
 * Why removing the tenant of a lease would be refused today, in the words the refusal uses; none
 * when it would not. Removed, the lease ends today: months paid after this one would be kept for
 * nothing, and so would any month paid of a lease that has not started (it then bills no month).
 */
function removalRefusal(
  today: string,
  leaseStart: string | null,
  paidThroughMonth: string | null | undefined,
): string | undefined {
  if (!paidThroughMonth) return undefined;
  const notStarted = leaseStart !== null && leaseStart > today;
  if (paidThroughMonth <= today.slice(0, 7) && !notStarted) return undefined;
  return LEASE_CHANGE_MESSAGES.removePaidAhead(
    monthLabel(paidThroughMonth),
    dayLabel(monthEnd(paidThroughMonth)),
  );
}

/**
 * Removing a member (spec §4), in one transaction: their lease ends (kept, with its end date, so
 * its unpaid months stay their balance), the apartment is free again, and they become a user. An
 * admin cannot be removed, nor remove themselves; a second remove of the same person is a 409.
 * Answers the last month the lease bills (this one, or none of a lease that had not started: the
 * month before its first), after which payments still open are to be canceled.
 */
export async function removeMember(
  db: Database,
  admin: SessionUser,
  userId: string,
  now: Date,
  timeZone: string,
): Promise<{ displayName: string; lastBilledMonth: string }> {
  if (userId === admin._id) throw forbidden('You cannot remove yourself.');
  return db.transaction(async (tx) => {
    // The lease first, then the person: the order closing a lease by its end date takes too.
    const running = await tx
      .select({ id: agreements.id, startDate: agreements.startDate })
      .from(agreements)
      .where(and(eq(agreements.tenantId, userId), eq(agreements.status, 'accepted')))
      .for('update');
    const today = calendarDay(now, timeZone);
    let lastBilledMonth = today.slice(0, 7);
    for (const lease of running) {
      const start = lease.startDate;
      if (start !== null && start > today) lastBilledMonth = addMonths(start.slice(0, 7), -1);
      const refused = removalRefusal(today, start, await paidThrough(tx, lease.id));
      if (refused) throw conflict(refused);
    }
    const [removed] = await tx
      .update(users)
      .set({ role: 'user', updatedAt: sql`now()` })
      .where(and(eq(users.id, userId), eq(users.role, 'member')))
      .returning({ displayName: users.displayName });
    if (!removed) {
      const [person] = await tx
        .select({ role: users.role })
        .from(users)
        .where(eq(users.id, userId));
      if (!person) throw notFound('No account has this id');
      if (person.role === 'admin') throw forbidden('An admin cannot be removed.');
      throw conflict('This person is not a member (any more).');
    }
    // Removed at once, it ends today: an end date set earlier no longer applies.
    await tx
      .update(agreements)
      .set({ status: 'ended', endedAt: now, endsOn: null })
      .where(and(eq(agreements.tenantId, userId), eq(agreements.status, 'accepted')));
    return { displayName: removed.displayName, lastBilledMonth };
  });
}
