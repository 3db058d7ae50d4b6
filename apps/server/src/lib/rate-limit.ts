import { inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rateLimits } from '../db/schema';
import { AppError } from './app-error';

export interface Limit {
  key: string;
  max: number;
  windowMs: number;
}

/** Seconds until the earliest blocked window reopens, or undefined when none is exhausted. */
export async function blockedFor(db: Database, limits: Limit[]): Promise<number | undefined> {
  if (limits.length === 0) return undefined;
  const rows = await db
    .select()
    .from(rateLimits)
    .where(
      inArray(
        rateLimits.key,
        limits.map((limit) => limit.key),
      ),
    );
  const now = Date.now();
  let wait: number | undefined;
  for (const row of rows) {
    const limit = limits.find((candidate) => candidate.key === row.key);
    if (!limit || row.resetAt.getTime() <= now || row.hits < limit.max) continue;
    const seconds = Math.ceil((row.resetAt.getTime() - now) / 1000);
    wait = Math.max(wait ?? 0, seconds);
  }
  return wait;
}

/**
 * Counts one hit against each limit in one statement per key; a window that has run out starts
 * again. The upsert is atomic, so concurrent servers count every hit.
 */
export async function hit(db: Database, limits: Limit[]): Promise<void> {
  for (const limit of limits) {
    const resetAt = new Date(Date.now() + limit.windowMs);
    await db
      .insert(rateLimits)
      .values({ key: limit.key, hits: 1, resetAt })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          hits: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.hits} + 1 end`,
          resetAt: sql`case when ${rateLimits.resetAt} <= now() then ${resetAt.toISOString()}::timestamptz else ${rateLimits.resetAt} end`,
        },
      });
  }
}

export async function clear(db: Database, keys: string[]): Promise<void> {
  if (keys.length) await db.delete(rateLimits).where(inArray(rateLimits.key, keys));
}

/** Refuses with 429 (the error plugin adds Retry-After) when any limit is exhausted. */
export async function assertNotBlocked(
  db: Database,
  limits: Limit[],
  message: (seconds: number) => string,
): Promise<void> {
  const seconds = await blockedFor(db, limits);
  if (seconds !== undefined)
    throw new AppError('TOO_MANY_REQUESTS', message(seconds), undefined, seconds);
}

/** Counts the hit and refuses once the limit is passed: for actions limited by attempts. */
export async function consume(
  db: Database,
  limits: Limit[],
  message: (seconds: number) => string,
): Promise<void> {
  await assertNotBlocked(db, limits, message);
  await hit(db, limits);
}

export async function deleteExpiredLimits(db: Database): Promise<number> {
  const rows = await db
    .delete(rateLimits)
    .where(lt(rateLimits.resetAt, sql`now()`))
    .returning({ key: rateLimits.key });
  return rows.length;
}

export const inMinutes = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
};
