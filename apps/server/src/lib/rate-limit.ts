import { inArray, lt, sql } from 'drizzle-orm';
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';
import type { Database } from '../db/client';
import { rateLimits } from '../db/schema';
import { AppError } from './app-error';

/**
 * Throttling on rate-limiter-flexible's Drizzle store (ADR 014): every attempt is counted by one
 * atomic upsert that returns the new count, before the work it guards, so parallel requests on
 * any number of servers cannot slip past a limit between a check and a write.
 */
export interface Limit {
  key: string;
  max: number;
  windowMs: number;
}

const limiters = new WeakMap<Database, Map<string, RateLimiterDrizzle>>();

/** One limiter per database and (max, window): the library keeps these in its options. */
function limiterFor(db: Database, limit: Limit): RateLimiterDrizzle {
  let byShape = limiters.get(db);
  if (!byShape) {
    byShape = new Map();
    limiters.set(db, byShape);
  }
  const shape = `${limit.max}/${limit.windowMs}`;
  let limiter = byShape.get(shape);
  if (!limiter) {
    limiter = new RateLimiterDrizzle({
      storeClient: db,
      schema: rateLimits,
      points: limit.max,
      duration: Math.ceil(limit.windowMs / 1000),
      keyPrefix: '',
      // Housekeeping deletes spent counters (plugins/maintenance.ts), not a timer per limiter.
      clearExpiredByTimeout: false,
    });
    byShape.set(shape, limiter);
  }
  return limiter;
}

const secondsOf = (result: RateLimiterRes) => Math.max(1, Math.ceil(result.msBeforeNext / 1000));

function throttled(message: (seconds: number) => string, seconds: number): AppError {
  return new AppError('TOO_MANY_REQUESTS', message(seconds), undefined, seconds);
}

/** How each limit stands after counting this attempt: its count and the seconds left. */
export interface Counted {
  limit: Limit;
  count: number;
  seconds: number;
}

/** Counts one attempt against each limit (one atomic statement per key) and returns the counts. */
export async function count(db: Database, limits: Limit[]): Promise<Counted[]> {
  const counted: Counted[] = [];
  for (const limit of limits) {
    const result = await limiterFor(db, limit)
      .consume(limit.key)
      .catch((error: unknown) => {
        // Over the limit: the library rejects with the counted result; anything else is a fault.
        if (error instanceof RateLimiterRes) return error;
        throw error;
      });
    counted.push({ limit, count: result.consumedPoints, seconds: secondsOf(result) });
  }
  return counted;
}

/** Counts the attempt and refuses with 429 (Retry-After) once any limit is passed. */
export async function consume(
  db: Database,
  limits: Limit[],
  message: (seconds: number) => string,
): Promise<void> {
  const over = (await count(db, limits)).filter((entry) => entry.count > entry.limit.max);
  if (over.length > 0) {
    throw throttled(message, Math.max(...over.map((entry) => entry.seconds)));
  }
}

/** Refuses with 429 when any limit is already spent, without counting: a look, not an attempt. */
export async function assertNotBlocked(
  db: Database,
  limits: Limit[],
  message: (seconds: number) => string,
): Promise<void> {
  let wait: number | undefined;
  for (const limit of limits) {
    const result = await limiterFor(db, limit).get(limit.key);
    if (result && result.consumedPoints >= limit.max) {
      wait = Math.max(wait ?? 0, secondsOf(result));
    }
  }
  if (wait !== undefined) throw throttled(message, wait);
}

/** Gives an attempt back (it turned out to be legitimate), so it does not count against others. */
export async function refund(db: Database, limits: Limit[]): Promise<void> {
  for (const limit of limits) await limiterFor(db, limit).reward(limit.key, 1);
}

/** Holds a key shut for `seconds`, whatever its count. */
export async function block(db: Database, limit: Limit, seconds: number): Promise<void> {
  await limiterFor(db, limit).block(limit.key, seconds);
}

export async function clear(db: Database, keys: string[]): Promise<void> {
  if (keys.length) await db.delete(rateLimits).where(inArray(rateLimits.key, keys));
}

export async function deleteExpiredLimits(db: Database): Promise<number> {
  const rows = await db
    .delete(rateLimits)
    .where(lt(rateLimits.expire, sql`now()`))
    .returning({ key: rateLimits.key });
  return rows.length;
}

export const inMinutes = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
};
