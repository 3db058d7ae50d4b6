import { AdminStatsSchema } from '@structomate/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, loginAs, type TestApp } from '../../../test/build';
import { newApplicant, newMember } from '../../../test/payments';
import { agreements, apartments, occupancyFigures } from '../../db/schema';
import { FakeClock } from '../../lib/clock';

/**
 * The admin's occupancy is kept for the building's day and read again while no apartment or lease
 * has changed (ADR 017). What is kept must be what is read, and anything that can move occupancy
 * must make it be worked out again.
 */
const clock = new FakeClock('2026-11-15T04:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ demo: true, clock });
});

afterAll(async () => {
  await t?.close();
});

describe('the occupancy the admin’s figures keep', () => {
  it('is read while nothing moved it, and worked out again after any change that can', async () => {
    const admin = await loginAs(t.app, 'admin');
    const db = t.database.db;
    const stats = async () => {
      const response = await admin.inject({ method: 'POST', url: '/api/admin' });
      expect(response.statusCode, response.body).toBe(200);
      return AdminStatsSchema.parse(response.json());
    };
    const block = async (name: string) =>
      (await stats()).blocks.find((row) => row.blockName === name);
    /**
     * Alters what is kept by hand: only a kept figure shows it. The kept table is not announced
     * (ADR 019: only what it is kept from changes it), so the server's kept answer is forgotten
     * here as after any announced change, and the next request reads the kept figures.
     */
    const tamper = async () => {
      await db.execute(
        sql`update occupancy_figures set occupied = occupied + 100 where block_name = 'C'`,
      );
      t.app.changesCache.forgetChanges();
    };

    // Worked out (after a new apartment) and then read from what was kept: the blocks in one
    // order, the database's, whatever their case.
    await db.insert(apartments).values({
      apartmentNo: 'b-101',
      details: 'A flat in a lower-case block.',
      floorNo: 1,
      blockName: 'b',
      rent: 20_000,
    });
    const workedOut = (await stats()).blocks;
    expect((await stats()).blocks).toEqual(workedOut);
    expect(workedOut.map((row) => row.blockName)).toContain('b');

    const before = await block('C');
    if (!before) throw new Error('no block C');
    await tamper();
    expect((await block('C'))?.occupied).toBe(before.occupied + 100);

    // A request coming in moves nothing: still the kept figure.
    await newApplicant(t, 'C-501', 'Occupancy Applicant');
    expect((await block('C'))?.occupied).toBe(before.occupied + 100);
    // Nor does an apartment's description.
    await db
      .update(apartments)
      .set({ details: 'Repainted in November.' })
      .where(eq(apartments.apartmentNo, 'C-602'));
    expect((await block('C'))?.occupied).toBe(before.occupied + 100);

    // A lease accepted: worked out again, the new lease counted and the hand-made change gone.
    const tenant = await newMember(t, 'C-602', 'Occupancy Tenant');
    expect((await block('C'))?.occupied).toBe(before.occupied + 1);

    // An apartment archived.
    await tamper();
    await db
      .update(apartments)
      .set({ status: 'archived' })
      .where(eq(apartments.apartmentNo, 'C-801'));
    expect(await block('C')).toEqual({
      blockName: 'C',
      total: before.total - 1,
      occupied: before.occupied + 1,
    });

    // A lease that ends today holds the flat today; tomorrow is another day, worked out again.
    await db
      .update(agreements)
      .set({ endsOn: '2026-11-15' })
      .where(eq(agreements.tenantId, tenant.id));
    expect((await block('C'))?.occupied).toBe(before.occupied + 1);
    await tamper();
    clock.set('2026-11-16T04:00:00Z');
    expect((await block('C'))?.occupied).toBe(before.occupied);

    // Nothing changed but the day: worked out again all the same.
    await tamper();
    clock.set('2026-11-17T04:00:00Z');
    expect((await block('C'))?.occupied).toBe(before.occupied);

    // Figures written from a snapshot older than the last change carry its version and are never
    // read: the kept rows are put back to an earlier version after a change, as a server that
    // worked them out before the change and wrote them after it would.
    await stats();
    const [kept] = await db
      .select({ version: occupancyFigures.version })
      .from(occupancyFigures)
      .where(eq(occupancyFigures.blockName, 'C'));
    await db
      .update(apartments)
      .set({ status: 'listed' })
      .where(eq(apartments.apartmentNo, 'C-801'));
    await db.execute(
      sql`update occupancy_figures set version = ${kept?.version}, total = total + 100`,
    );
    // The kept table was altered by hand after the announced change: as in tamper(), the answer
    // kept in memory is forgotten here, not when the change's notice happens to arrive (moments
    // later on PostgreSQL, where a read could otherwise still meet the answer from before it).
    t.app.changesCache.forgetChanges();
    expect((await block('C'))?.total).toBe(before.total);
  });
});
