import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Fixed-window counters shared by every app server (login failures, anonymous uploads,
 * registrations), so throttling holds behind a load balancer.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('rate_limits_hits_positive', sql`${t.hits} > 0`),
    index('rate_limits_reset_idx').on(t.resetAt),
  ],
);
