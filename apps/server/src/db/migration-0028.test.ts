import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build';
import { migrationStatements } from '../../test/migrations';

/**
 * 0028 makes a key name one deposit entry or one repair cost whatever lease or request it was sent
 * for. A database from before it may hold a key sent for two leases (the bug it closes): the later
 * entry must lose its key, through the deposit ledger's guard against updates, or the unique index
 * cannot be made and the server does not start.
 */
/** The statements that clear the duplicates and make the indexes (the rest is done already). */
const keyStatements = migrationStatements('0028').filter(
  (statement) => !/DROP INDEX|payment_intents/.test(statement),
);

const KEY = '00000000-0000-4000-8000-0000000000aa';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ demo: true });
});
afterAll(() => t.close());

describe('migration 0028 on a key sent for two leases', () => {
  it('keeps both entries and their money, the later one without its key, and makes the index', async () => {
    const sql = (text: string) => t.database.executeSql(text);
    // As before 0028: no index on the key alone, and one key recorded for two leases.
    await sql('drop index deposit_entries_key_unique');
    await sql('drop index maintenance_costs_key_unique');
    const { rows: leases } = await sql(
      "select id from agreements where status in ('accepted', 'ended') order by signed_at limit 2",
    );
    const { rows: admins } = await sql("select id from users where role = 'admin' limit 1");
    const [first, second] = leases as { id: string }[];
    const [admin] = admins as { id: string }[];
    for (const [lease, at] of [
      [first?.id, '2026-11-20T10:00:00Z'],
      [second?.id, '2026-11-21T10:00:00Z'],
    ] as const) {
      await sql(`insert into deposit_entries
        (agreement_id, kind, amount, method, entry_date, recorded_by, recorded_at, request_key)
        values ('${lease}', 'received', 5000, 'cash', '2026-11-20', '${admin?.id}', '${at}', '${KEY}')`);
    }

    for (const statement of keyStatements) await sql(statement);

    const { rows } = await sql(
      `select agreement_id as "lease", amount, request_key as "key" from deposit_entries
        where amount = 5000 and entry_date = '2026-11-20' order by recorded_at`,
    );
    expect(rows).toEqual([
      { lease: first?.id, amount: 5000, key: KEY },
      { lease: second?.id, amount: 5000, key: null },
    ]);
    const { rows: indexes } = await sql(
      "select indexname from pg_indexes where indexname in ('deposit_entries_key_unique', 'maintenance_costs_key_unique') order by 1",
    );
    expect(indexes).toEqual([
      { indexname: 'deposit_entries_key_unique' },
      { indexname: 'maintenance_costs_key_unique' },
    ]);
    // The ledger's guard is back: an entry cannot be changed.
    await expect(sql('update deposit_entries set amount = 1')).rejects.toThrow();
  });
});
