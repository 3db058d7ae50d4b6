import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgSequence,
  pgTable,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { agreements } from './agreements';
import { agreementStatus } from './enums';
import { users } from './users';

/**
 * Which state of a person's rent each kept figure was worked out from. Triggers of migration 0022
 * give a person a new version, from `tenant_money_version_seq`, in the same transaction as any
 * change to their payments, to their leases (a lease is one that was accepted: pending and
 * refused requests bill nothing), or to a lease's rents. No version row means no change since
 * the triggers were added: version 0.
 */
export const tenantMoneyVersionSeq = pgSequence('tenant_money_version_seq');

export const tenantMoneyVersions = pgTable('tenant_money_versions', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull(),
});

/**
 * A lease's figures for one building day, kept so the rent roll and the members page do not work
 * out every billed month on each request (lease-figures.service.ts). Only a row whose day and
 * rules are those of now, and whose `version` is its `latest`, is ever read; any other is worked
 * out again from the ledger's billed months, the one source of what is owed, and kept in its
 * place. A row written from an older snapshot than its person's latest change carries an older
 * version, so it is never read.
 *
 * A row also keeps what the rent roll sorts, totals and shows (the lease's apartment, status,
 * start and rent now, its deposit held, charges owed and last payment), so a page of the roll
 * reads this table alone (ADR 018). The triggers that give a person a new version (migrations 0022, 0024) also write it
 * into `latest` on the rows of all their leases, making a row, not yet read, for a lease that has
 * none: a figure kept from a snapshot before the change then meets the change's row and keeps
 * its later `latest`.
 */
export const leaseFigures = pgTable(
  'lease_figures',
  {
    agreementId: uuid('agreement_id')
      .primaryKey()
      .references(() => agreements.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id').notNull(),
    /** The building's day the figures hold for (what is due and overdue moves with it). */
    computedFor: date('computed_for', { mode: 'string' }).notNull(),
    /** The billing rules they were worked out under (due day, grace, time zone, first month). */
    rules: text('rules').notNull(),
    /** The person's version (tenant_money_versions) in the snapshot they were worked out from. */
    version: bigint('version', { mode: 'number' }).notNull(),
    firstMonth: date('first_month', { mode: 'string' }),
    firstUnpaid: date('first_unpaid', { mode: 'string' }),
    lastPaid: date('last_paid', { mode: 'string' }),
    /** Unpaid rent of months up to this one, whole BDT… */
    balance: bigint('balance', { mode: 'number' }).notNull(),
    /** …and how many months that is. */
    owedMonths: integer('owed_months').notNull(),
    overdueMonths: integer('overdue_months').notNull(),
    /** The person's latest version, written by the triggers with each change to their money. */
    latest: bigint('latest', { mode: 'number' }).notNull().default(0),
    /**
     * Whether the figures are of the person's latest version (`version = latest`), as a column:
     * the planner keeps statistics of a column, but guesses that two columns are equal on one
     * row in 200, and so would read a whole day's figures through an index made for one page.
     */
    upToDate: boolean('up_to_date')
      .notNull()
      .generatedAlwaysAs(sql`version = latest`),
    // What the roll sorts and totals by, as of the figures' day (null on a row made by a trigger
    // and not yet worked out, which is never read).
    apartmentNo: text('apartment_no'),
    status: agreementStatus('status'),
    startDate: date('start_date', { mode: 'string' }),
    /** The lease's rent this month, whole BDT. */
    rent: bigint('rent', { mode: 'number' }),
    depositHeld: bigint('deposit_held', { mode: 'number' }).notNull().default(0),
    chargesOwed: bigint('charges_owed', { mode: 'number' }).notNull().default(0),
    /** The lease's latest payment: the building's day the money came, and what was paid. */
    lastPaymentOn: date('last_payment_on', { mode: 'string' }),
    lastPaymentAmount: bigint('last_payment_amount', { mode: 'number' }),
  },
  (t) => [
    // The members page reads a page of people's figures.
    index('lease_figures_tenant_idx').on(t.tenantId),
    // The rent roll's first pages in its orders by apartment and by balance (rent-roll.service.ts)
    // are read in index order, not sorted from every lease's figures.
    index('lease_figures_apartment_order_idx').on(
      t.apartmentNo,
      sql`(case when ${t.status} = 'accepted' then 0 else 1 end)`,
      t.startDate.desc().nullsLast(),
      t.agreementId,
    ),
    index('lease_figures_balance_order_idx').on(
      t.balance.desc().nullsFirst(),
      t.apartmentNo,
      t.agreementId,
    ),
  ],
);
