import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    check('agreements_rent_positive', sql`${t.rent} > 0`),
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
