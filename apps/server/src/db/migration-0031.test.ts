import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build';
import { migrationStatements } from '../../test/migrations';
import { occupancyByBlock } from '../modules/apartments/apartments.service';

/**
 * 0031 drops the occupancy figures kept by the release before, which counted a vacant unlisted
 * apartment as a room to let: kept for the day and version of now, they would be read as they are
 * until an apartment or a lease next changed.
 */
const statements = migrationStatements('0031');

const TODAY = '2026-11-23';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ demo: true });
});
afterAll(() => t.close());

describe('migration 0031 on occupancy figures kept the old way', () => {
  it('makes the next read work them out again', async () => {
    const counted = await occupancyByBlock(t.database.db, TODAY);
    // As the release before kept them: one room more in each block, for today and this version.
    await t.database.executeSql('update occupancy_figures set total = total + 1');
    const stale = await occupancyByBlock(t.database.db, TODAY);
    expect(stale.map((block) => block.total)).toEqual(counted.map((block) => block.total + 1));

    for (const statement of statements) await t.database.executeSql(statement);

    expect(await occupancyByBlock(t.database.db, TODAY)).toEqual(counted);
  });
});
