import type { LeaseTerms } from '@structomate/contract';
import { sql, type SQL } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { apartments } from './apartments';
import { agreementStatus } from './enums';
import { users } from './users';

/** A lease request and, once accepted, the lease itself. */
export const agreements = pgTable(
  'agreements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    apartmentId: uuid('apartment_id')
      .notNull()
      .references(() => apartments.id, { onDelete: 'restrict' }),
    status: agreementStatus('status').notNull().default('pending'),
    /** Rent agreed at signing, whole BDT per month; later rent changes do not alter a signed lease. */
    rent: integer('rent').notNull(),
    // The lease's own terms, copied from the building's defaults when it is signed (the start
    // chosen by the applicant, changed by the admin before accepting). Null on requests signed
    // before leases had terms: the ledger then bills them as it always did.
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    termMonths: smallint('term_months'),
    deposit: integer('deposit'),
    depositMonths: smallint('deposit_months'),
    noticeDays: smallint('notice_days'),
    rentDueDay: smallint('rent_due_day'),
    graceDays: smallint('grace_days'),
    parking: text('parking'),
    /**
     * The day the lease ends by notice, set when the admin ends it (today or later): it runs
     * through that day and the apartment is free from the next. Null while it runs on.
     */
    endsOn: date('ends_on', { mode: 'string' }),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    check('agreements_rent_positive', sql`${t.rent} > 0`),
    check(
      'agreements_terms_complete',
      sql`(${t.startDate} is null) = (${t.endDate} is null)
        and (${t.startDate} is null) = (${t.rentDueDay} is null)
        and (${t.startDate} is null or ${t.startDate} <= ${t.endDate})`,
    ),
    check(
      'agreements_ends_on_after_start',
      sql`${t.endsOn} is null or ${t.startDate} is null or ${t.endsOn} >= ${t.startDate}`,
    ),
    check('agreements_rent_due_day_range', sql`${t.rentDueDay} between 1 and 28`),
    check(
      'agreements_checked_when_decided',
      sql`(${t.status} = 'pending') = (${t.checkedAt} is null)`,
    ),
    check('agreements_ended_when_ended', sql`(${t.status} = 'ended') = (${t.endedAt} is not null)`),
    // One apartment, one lease: two accepted agreements for a flat cannot exist.
    uniqueIndex('agreements_one_accepted_per_apartment')
      .on(t.apartmentId)
      .where(sql`${t.status} = 'accepted'`),
    // A person holds at most one lease and waits on at most one request.
    uniqueIndex('agreements_one_accepted_per_tenant')
      .on(t.tenantId)
      .where(sql`${t.status} = 'accepted'`),
    uniqueIndex('agreements_one_pending_per_tenant')
      .on(t.tenantId)
      .where(sql`${t.status} = 'pending'`),
    index('agreements_status_signed_idx').on(t.status, t.signedAt),
    index('agreements_tenant_signed_idx').on(t.tenantId, t.signedAt),
    index('agreements_apartment_idx').on(t.apartmentId),
    // Leases given notice, for the end that takes effect when their day has passed.
    index('agreements_ending_idx')
      .on(t.endsOn)
      .where(sql`${t.status} = 'accepted' and ${t.endsOn} is not null`),
  ],
);

/**
 * A lease's rent from a month on, set when the admin renews it with a new rent: the month's rent
 * is the latest change from that month or before, else the rent signed for.
 */
export const leaseRents = pgTable(
  'lease_rents',
  {
    agreementId: uuid('agreement_id')
      .notNull()
      .references(() => agreements.id, { onDelete: 'restrict' }),
    /** First day of the first month at this rent. */
    fromMonth: date('from_month', { mode: 'string' }).notNull(),
    /** Whole BDT per month. */
    rent: integer('rent').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.agreementId, t.fromMonth] }),
    check('lease_rents_rent_positive', sql`${t.rent} > 0`),
    check('lease_rents_from_first_day', sql`extract(day from ${t.fromMonth}) = 1`),
  ],
);

/**
 * A lease (the agreement aliased `lease`) holds its apartment on `today`: accepted, and not past
 * its last day if notice set one. Every "who lives here today" asks this.
 */
export const leaseHolds = (lease: SQL, today: string) =>
  sql`(${lease}.status = 'accepted' and (${lease}.ends_on is null or ${lease}.ends_on >= ${today}::date))`;

/** The columns that hold a lease's terms. */
export const leaseTermColumns = (terms: LeaseTerms) => ({
  startDate: terms.startDate,
  endDate: terms.endDate,
  termMonths: terms.termMonths,
  rent: terms.rent,
  deposit: terms.deposit,
  depositMonths: terms.depositMonths,
  noticeDays: terms.noticeDays,
  rentDueDay: terms.rentDueDay,
  graceDays: terms.graceDays,
  parking: terms.parking,
});
