import { OFFLINE_PAYMENT_MESSAGES } from '@structomate/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { agreements, apartments, users } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import { calendarDay } from '../../lib/clock';
import { holdPerson } from '../users/users.service';

/**
 * What money recorded by hand is checked against: the person's lease (accepted or ended) and the
 * day the money changed hands, which is neither after the building's today nor before the lease
 * was signed.
 */
export async function offlineLease(
  db: Database,
  timeZone: string,
  personId: string,
  agreementId: string,
): Promise<{ id: string; signedOn: string; apartmentNo: string; tenantName: string }> {
  const [lease] = await db
    .select({
      id: agreements.id,
      signedOn: sql<string>`to_char(${agreements.signedAt} at time zone ${timeZone}, 'YYYY-MM-DD')`,
      apartmentNo: apartments.apartmentNo,
      tenantName: users.displayName,
    })
    .from(agreements)
    .innerJoin(apartments, eq(apartments.id, agreements.apartmentId))
    .innerJoin(users, eq(users.id, agreements.tenantId))
    .where(
      and(
        eq(agreements.id, agreementId),
        eq(agreements.tenantId, personId),
        inArray(agreements.status, ['accepted', 'ended']),
      ),
    );
  if (!lease) throw notFound(OFFLINE_PAYMENT_MESSAGES.leaseNotFound);
  return lease;
}

/** Refuses (400, at the field `path`) a day after today or before the lease was signed. */
export function assertOfflineDay(
  day: string,
  lease: { signedOn: string },
  now: Date,
  timeZone: string,
  path: string,
): void {
  const message =
    day > calendarDay(now, timeZone)
      ? OFFLINE_PAYMENT_MESSAGES.dateInFuture
      : day < lease.signedOn
        ? OFFLINE_PAYMENT_MESSAGES.dateBeforeLease(lease.signedOn)
        : undefined;
  if (message) throw new AppError('VALIDATION_FAILED', message, [{ path, message }]);
}

/**
 * Holds the lease's row, then the person's (shared), until the caller's transaction ends: the
 * order Remove member, a lease's end and an account's deletion take them in, so none of them can
 * deadlock with money recorded here. `no key update` also makes the lease's deposit entries take
 * turns (their trigger takes the same lock), so what is held before one is exact; `share` only
 * makes Remove member's and a lease's end's updates wait. The person as `holdPerson` gives them:
 * an account deletion under way finishes first (and the caller refuses) or waits, and then
 * finds what the caller recorded.
 */
export async function holdLeaseThenPerson(
  tx: Database,
  leaseId: string,
  personId: string,
  lock: 'share' | 'no key update',
): ReturnType<typeof holdPerson> {
  await tx
    .select({ id: agreements.id })
    .from(agreements)
    .where(eq(agreements.id, leaseId))
    .for(lock);
  return holdPerson(tx, personId);
}
