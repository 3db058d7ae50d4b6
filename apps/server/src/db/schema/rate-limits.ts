import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Throttling counters shared by every app server (login attempts, registrations, uploads, mail
 * that can be asked for), in the shape rate-limiter-flexible's Drizzle store reads and writes:
 * one row per key, counted by an atomic upsert that returns the new count.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    points: integer('points').notNull(),
    /** When the window ends (null: never, which this app does not use). */
    expire: timestamp('expire', { withTimezone: true }),
  },
  (t) => [index('rate_limits_expire_idx').on(t.expire)],
);
