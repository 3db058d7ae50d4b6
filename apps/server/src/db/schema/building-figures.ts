import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  integer,
  pgSequence,
  pgTable,
  smallint,
  text,
} from 'drizzle-orm/pg-core';

/**
 * The admin's figures kept by the database (ADR 017), so the dashboard reads a year of rent and
 * the occupancy of every block without going through every payment and every apartment.
 */

/**
 * The calendar the day totals below are kept in: the building's time zone (TIME_ZONE). One row,
 * written when a server starts (`keepRentCalendar`); a server with another zone rebuilds the
 * totals in its own, in the same transaction. Payments' triggers read it with a share lock, so a
 * rebuild waits for payments being recorded and they wait for it.
 */
export const rentCalendar = pgTable(
  'rent_calendar',
  {
    id: smallint('id').primaryKey().default(1),
    timeZone: text('time_zone').notNull(),
  },
  (t) => [check('rent_calendar_one_row', sql`${t.id} = 1`)],
);

/**
 * Rent received per building day, whole BDT (`rent - discount` of each payment), kept by
 * triggers on `payments` in the same transaction as the payment: a card payment counts on the
 * day the provider confirmed it, cash and transfers on the day the admin says they came.
 */
export const rentCollectedDays = pgTable('rent_collected_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
});

/**
 * Which state of the apartments and leases the kept occupancy was worked out from: triggers give
 * a new version from `occupancy_version_seq` with any change to an apartment or to a lease (an
 * agreement that is or was accepted). No row means no change since the triggers were added.
 */
export const occupancyVersionSeq = pgSequence('occupancy_version_seq');

export const occupancyVersion = pgTable(
  'occupancy_version',
  {
    id: smallint('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull(),
  },
  (t) => [check('occupancy_version_one_row', sql`${t.id} = 1`)],
);

/**
 * Each block's apartments and how many a lease holds, kept for one building day and version
 * (apartments.service.ts `occupancyByBlock`): read only while both are those of now, otherwise
 * worked out again and kept in its place. All of one state's blocks are written by one statement.
 */
export const occupancyFigures = pgTable('occupancy_figures', {
  blockName: text('block_name').primaryKey(),
  computedFor: date('computed_for', { mode: 'string' }).notNull(),
  version: bigint('version', { mode: 'number' }).notNull(),
  total: integer('total').notNull(),
  occupied: integer('occupied').notNull(),
});
