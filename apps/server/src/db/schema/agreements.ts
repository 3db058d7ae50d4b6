import type { LeaseTerms } from '@structomate/contract';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
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
  ],
);

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
