import type { SocialNetwork } from '@structomate/contract';
import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The one building this install runs: its profile, edited by the admin. One row (id 1), written
 * by the first-run set-up; `version` goes up on every save, so an admin saving over a change made
 * meanwhile is told instead of overwriting it.
 */
export const building = pgTable(
  'building',
  {
    id: smallint('id').primaryKey().default(1),
    name: text('name').notNull(),
    address: text('address').notNull(),
    contactEmail: text('contact_email'),
    contactPhone: text('contact_phone'),
    /** Shown to a tenant who reports an emergency, before they send it. */
    emergencyPhone: text('emergency_phone'),
    socialLinks: jsonb('social_links')
      .$type<Partial<Record<SocialNetwork, string>>>()
      .notNull()
      .default({}),
    // Lease defaults: what an agreement takes when it is signed. Null until the admin sets them,
    // meanwhile the first-run defaults (LEASE_START…LEASE_END's length, PARKING_SPOT,
    // RENT_DUE_DAY, RENT_GRACE_DAYS; one month's deposit, 30 days' notice) apply.
    leaseTermMonths: smallint('lease_term_months'),
    depositMonths: smallint('deposit_months'),
    noticeDays: smallint('notice_days'),
    rentDueDay: smallint('rent_due_day'),
    graceDays: smallint('grace_days'),
    parking: text('parking'),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('building_one_row', sql`${t.id} = 1`),
    check('building_name_not_blank', sql`length(trim(${t.name})) > 0`),
    check('building_rent_due_day_range', sql`${t.rentDueDay} between 1 and 28`),
  ],
);

/**
 * First-run set-up links: while no admin exists, each server start adds one and prints it. Only
 * the SHA-256 of a token is kept; claiming the building deletes them all.
 */
export const setupTokens = pgTable('setup_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
