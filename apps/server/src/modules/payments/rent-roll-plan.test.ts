import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, loginAs, type Session, type TestApp } from '../../../test/build';
import { FakeClock } from '../../lib/clock';
import { rowsOf } from '../../lib/sql-rows';
import { ANALYZE_AFTER_KEEPING, keepStaleFigures } from './lease-figures.service';
import { billingRules } from './payments.service';
import { rollStatement } from './rent-roll.service';

/**
 * The rent roll of a large building on a new day: the keeping of everyone's figures analyses the
 * table, so the planner knows that today's figures hold and reads a page of the roll in index
 * order, not sorting every lease for it. Without the ANALYZE, its statistics still describe
 * yesterday's figures (or none) until autovacuum comes by.
 */
// 24 November 2026, 10:00 in Dhaka.
let t: TestApp;
let admin: Session;

/** The days the planner's statistics hold for the kept figures, most common first. */
async function daysInStatistics(): Promise<string[]> {
  const result = await t.database.db.execute(sql`
    select coalesce(most_common_vals::text, '{}') as days from pg_stats
    where tablename = 'lease_figures' and attname = 'computed_for'`);
  const [row] = rowsOf(z.object({ days: z.string() }), result);
  return row ? row.days.replace(/[{}]/g, '').split(',').filter(Boolean) : [];
}

/** The plan of the roll's statement as the service reads a page of kept figures. */
async function planOf(day: string, sort: 'apartment' | 'balance'): Promise<string> {
  const statement = rollStatement(
    billingRules(t.app.config),
    day,
    { filter: 'all', sort },
    { limit: 20, offset: 0 },
    [],
  );
  const result = await t.database.db.execute(sql`explain ${statement}`);
  return rowsOf(z.object({ 'QUERY PLAN': z.string() }), result)
    .map((row) => row['QUERY PLAN'])
    .join('\n');
}

const readRoll = async () => {
  const response = await admin.inject({ method: 'GET', url: '/api/admin/rent-roll' });
  expect(response.statusCode).toBe(200);
  return response.json<{ total: number }>();
};

/** A test app with the demo building on 24 November 2026, 10:00 in Dhaka, closed after `use`. */
async function withBuilding(use: (clock: FakeClock) => Promise<void>) {
  const clock = new FakeClock('2026-11-24T04:00:00Z');
  t = await buildTestApp({ demo: true, clock });
  try {
    admin = await loginAs(t.app, 'admin');
    await use(clock);
  } finally {
    await t.close();
  }
}

/** As many more tenants as make a keeping analyse the table, each with a lease from October. */
async function addTenants() {
  const n = ANALYZE_AFTER_KEEPING;
  await t.database.db.execute(sql`
    insert into apartments (apartment_no, details, floor_no, block_name, rent)
    select 'P-' || g, '2 bedrooms, 1 bathroom', 1 + g % 20, 'P', 20000 + g % 50 * 1000
    from generate_series(1, ${n}) g`);
  await t.database.db.execute(sql`
    insert into users (email, display_name, role)
    select 'plan.member.' || g || '@example.com', 'Plan Member ' || g, 'member'
    from generate_series(1, ${n}) g`);
  await t.database.db.execute(sql`
    insert into agreements (tenant_id, apartment_id, status, rent, start_date, end_date,
      term_months, rent_due_day, signed_at, checked_at)
    select u.id, a.id, 'accepted', a.rent, '2026-10-01', '2027-09-30', 12, 1,
      '2026-09-20', '2026-09-21'
    from (select id, row_number() over (order by email) n from users
          where email like 'plan.member.%') u
    join (select id, rent, row_number() over (order by apartment_no) n from apartments
          where apartment_no like 'P-%') a using (n)`);
}

describe('the rent roll of a large building', () => {
  it('keeps a small building’s figures without analysing them', async () => {
    await withBuilding(async () => {
      const { total } = await readRoll();
      expect(total).toBeGreaterThan(0);
      expect(total).toBeLessThan(ANALYZE_AFTER_KEEPING);
      expect(await daysInStatistics()).toEqual([]);
    });
  });

  it('analyses the figures kept for everyone on a new day, and reads a page in index order', async () => {
    await withBuilding(async (clock) => {
      await addTenants();
      const { total } = await readRoll();
      expect(total).toBeGreaterThan(ANALYZE_AFTER_KEEPING);
      expect(await daysInStatistics()).toEqual(['2026-11-24']);
      for (const sort of ['apartment', 'balance'] as const) {
        const plan = await planOf('2026-11-24', sort);
        // The page's first rows straight from the index: no sort of every lease under the limit.
        expect(plan).toMatch(
          new RegExp(`Limit .*\n\\s*-> {2}Index Scan using lease_figures_${sort}_order_idx`),
        );
      }

      // The next day, the first reading keeps everyone's figures again, and analyses them again.
      clock.set('2026-11-25T04:00:00Z');
      await readRoll();
      expect(await daysInStatistics()).toEqual(['2026-11-25']);
      expect(await planOf('2026-11-25', 'apartment')).toMatch(
        /Limit .*\n\s*-> {2}Index Scan using lease_figures_apartment_order_idx/,
      );

      // A keeping of fewer people (a page of members, one person's change) does not.
      clock.set('2026-11-26T04:00:00Z');
      const [someone] = rowsOf(
        z.object({ id: z.string() }),
        await t.database.db.execute(
          sql`select id::text from users where email = 'plan.member.1@example.com'`,
        ),
      );
      if (!someone) throw new Error('no plan member');
      await keepStaleFigures(t.database.db, billingRules(t.app.config), '2026-11-26', [someone.id]);
      expect(await daysInStatistics()).toEqual(['2026-11-25']);
    });
  }, 60_000);
});
