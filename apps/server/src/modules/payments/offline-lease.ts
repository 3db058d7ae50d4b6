import { OFFLINE_PAYMENT_MESSAGES } from '@structomate/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { agreements, apartments, users } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import { calendarDay } from '../../lib/clock';

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
