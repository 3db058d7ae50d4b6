import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, loginAs, type Session, type TestApp } from '../../../test/build';
import { FakeClock } from '../../lib/clock';
import { rowsOf } from '../../lib/sql-rows';
import { keepStaleFigures, refreshFigureStatistics } from './lease-figures.service';
import { billingRules } from './payments.service';
import { rollStatement } from './rent-roll.service';

/**
 * The rent roll on a new day: the day's first roll brings the planner's statistics of the kept
 * figures to today (ANALYZE), so that in a large building it reads a page of the roll in index
 * order rather than sorting every lease for it. Without it the statistics still describe
 * yesterday's figures (or none) until autovacuum comes by, and on the embedded database, never.
 */
let t: TestApp;
let admin: Session;

/** As many tenants as make a large building, each with a lease from October. */
const LARGE = 1000;

/** The days the planner's statistics hold for the kept figures, most common first. */
async function daysInStatistics(): Promise<string[]> {
  const result = await t.database.db.execute(sql`
    select coalesce(most_common_vals::text, '{}') as days from pg_stats
    where tablename = 'lease_figures' and attname = 'computed_for'`);
  const [row] = rowsOf(z.object({ days: z.string() }), result);
  return row ? row.days.replace(/[{}]/g, '').split(',').filter(Boolean) : [];
}

/** The share of kept figures the planner's statistics say are of `day` (0 when unnamed). */
async function shareInStatistics(day: string): Promise<number> {
  const result = await t.database.db.execute(sql`
    select coalesce((
      select most_common_freqs[array_position(most_common_vals::text::date[], ${day}::date)]
      from pg_stats where tablename = 'lease_figures' and attname = 'computed_for' limit 1
    ), 0)::float8 as share`);
  const [row] = rowsOf(z.object({ share: z.coerce.number() }), result);
  return row?.share ?? 0;
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

/** A plan whose page of rows comes straight from the index: no sort of every lease under it. */
const pageInIndexOrder = (sort: 'apartment' | 'balance') =>
  new RegExp(`Limit .*\\n\\s*-> {2}Index Scan using lease_figures_${sort}_order_idx`);

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

async function addTenants() {
  await t.database.db.execute(sql`
    insert into apartments (apartment_no, details, floor_no, block_name, rent)
    select 'P-' || g, '2 bedrooms, 1 bathroom', 1 + g % 20, 'P', 20000 + g % 50 * 1000
    from generate_series(1, ${LARGE}) g`);
  await t.database.db.execute(sql`
    insert into users (email, display_name, role)
    select 'plan.member.' || g || '@example.com', 'Plan Member ' || g, 'member'
    from generate_series(1, ${LARGE}) g`);
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

/** The ids of the first `n` of the added tenants. */
async function someTenants(n: number): Promise<string[]> {
  const result = await t.database.db.execute(sql`
    select id::text from users where email like 'plan.member.%' order by email limit ${n}`);
  return rowsOf(z.object({ id: z.string() }), result).map((row) => row.id);
}

describe('the planner’s statistics of the kept figures', () => {
  it('are brought to today by the day’s first rent roll, in a small building too', async () => {
    await withBuilding(async () => {
      expect(await daysInStatistics()).toEqual([]);
      const { total } = await readRoll();
      expect(total).toBeGreaterThan(0);
      expect(await daysInStatistics()).toContain('2026-11-24');
    });
  });

  it('let a large building’s roll read a page in index order, each new day', async () => {
    await withBuilding(async (clock) => {
      await addTenants();
      const { total } = await readRoll();
      expect(total).toBeGreaterThan(LARGE);
      expect(await daysInStatistics()).toContain('2026-11-24');
      for (const sort of ['apartment', 'balance'] as const) {
        expect(await planOf('2026-11-24', sort)).toMatch(pageInIndexOrder(sort));
      }

      // The next day a page of members keeps its people's figures first (no ANALYZE for a few
      // people), and the roll keeps everyone else's: the statistics come to the new day.
      clock.set('2026-11-25T04:00:00Z');
      const rules = billingRules(t.app.config);
      await keepStaleFigures(t.database.db, rules, '2026-11-25', await someTenants(20));
      expect(await daysInStatistics()).not.toContain('2026-11-25');
      await readRoll();
      expect(await daysInStatistics()).toContain('2026-11-25');
      expect(await planOf('2026-11-25', 'apartment')).toMatch(pageInIndexOrder('apartment'));
    });
  }, 60_000);

  it('are taken again when they were taken while few figures were today’s', async () => {
    await withBuilding(async (clock) => {
      await addTenants();
      await readRoll();

      // The next day a page of members keeps 20 people's figures, and the statistics are taken
      // then (as autovacuum may): they name the new day, for about 2 % of the figures.
      clock.set('2026-11-25T04:00:00Z');
      const rules = billingRules(t.app.config);
      await keepStaleFigures(t.database.db, rules, '2026-11-25', await someTenants(20));
      await t.database.db.execute(sql`analyze lease_figures`);
      expect(await daysInStatistics()).toContain('2026-11-25');
      expect(await shareInStatistics('2026-11-25')).toBeLessThan(0.1);

      // The roll keeps everyone else's figures, and the statistics are taken again.
      await readRoll();
      expect(await shareInStatistics('2026-11-25')).toBeGreaterThan(0.9);
      for (const sort of ['apartment', 'balance'] as const) {
        expect(await planOf('2026-11-25', sort)).toMatch(pageInIndexOrder(sort));
      }
    });
  }, 60_000);

  it('are left as they are once right, however many requests were refused', async () => {
    await withBuilding(async () => {
      await addTenants();
      // Each tenant had two requests refused before the lease. A change to their money gives
      // each refused request a row of figures that is never of any day: two rows in three.
      await t.database.db.execute(sql`
        insert into agreements (tenant_id, apartment_id, status, rent, start_date, end_date,
          term_months, rent_due_day, signed_at, checked_at)
        select a.tenant_id, a.apartment_id, 'rejected', a.rent, a.start_date, a.end_date,
          a.term_months, a.rent_due_day, a.signed_at, a.checked_at
        from agreements a join users u on u.id = a.tenant_id
        cross join generate_series(1, 2)
        where u.email like 'plan.member.%' and a.status = 'accepted'`);
      await t.database.db.execute(sql`
        select tenant_money_changed(array(
          select id from users where email like 'plan.member.%'))`);
      await readRoll();
      const share = await shareInStatistics('2026-11-24');
      expect(share).toBeGreaterThan(0.25);
      expect(share).toBeLessThan(0.5);
      expect(await planOf('2026-11-24', 'apartment')).toMatch(pageInIndexOrder('apartment'));

      // The next roll to keep anyone's figures finds the statistics right, and takes none.
      let analyses = 0;
      const counting = new Proxy(t.database.db, {
        get(target, property, receiver) {
          if (property === 'transaction') analyses += 1;
          return Reflect.get(target, property, receiver) as unknown;
        },
      });
      await refreshFigureStatistics(counting, '2026-11-24');
      expect(analyses).toBe(0);
    });
  }, 60_000);
});
