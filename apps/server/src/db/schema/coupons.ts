import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const coupons = pgTable(
  'coupons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    heading: text('heading').notNull(),
    description: text('description').notNull(),
    percentage: integer('percentage').notNull(),
    /** Last day the code can be applied (inclusive). */
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    /** Shown in the home page banner instead of the launch offer. */
    featured: boolean('featured').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** A removed coupon that a payment used stays for history but is no longer offered. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('coupons_code_lower_unique').on(sql`lower(${t.code})`),
    uniqueIndex('coupons_one_featured')
      .on(t.featured)
      .where(sql`${t.featured} and ${t.archivedAt} is null`),
    check('coupons_percentage_range', sql`${t.percentage} between 1 and 100`),
    check('coupons_code_length', sql`length(${t.code}) between 1 and 10`),
    check('coupons_heading_length', sql`length(trim(${t.heading})) between 1 and 50`),
    check('coupons_description_length', sql`length(trim(${t.description})) between 1 and 30`),
  ],
);
