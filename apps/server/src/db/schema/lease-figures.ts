import { bigint, date, index, integer, pgSequence, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { agreements } from './agreements';
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
 * out every billed month on each request (lease-figures.service.ts). Only a row whose day, rules
 * and version are those of now is ever read; any other is worked out again from the ledger's
 * billed months, the one source of what is owed, and kept in its place. A row written from an
 * older snapshot than its person's latest change carries an older version, so it is never read.
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
  },
  // The members page reads a page of people's figures.
  (t) => [index('lease_figures_tenant_idx').on(t.tenantId)],
);
