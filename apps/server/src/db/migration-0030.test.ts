import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build';
import { migrationStatements } from '../../test/migrations';

/**
 * 0030 lists a contact's name once for a trade. A database from before it may list one twice (the
 * form let it): the later ones get a number after their name, or the unique index cannot be made
 * and the server does not start. Nothing is removed, since requests name them.
 */
const statements = migrationStatements('0030');

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ demo: true });
});
afterAll(() => t.close());

describe('migration 0030 on a contact listed twice', () => {
  it('numbers the later ones, past numbers taken, leaves the rest, and makes the index', async () => {
    const sql = (text: string) => t.database.executeSql(text);
    // As before 0030: no index, and Karim Hossain (the demo's plumber) listed three times over,
    // beside a "Karim Hossain (2)" the admin typed to tell two of them apart.
    await sql('drop index maintenance_contacts_name_trade_unique');
    await sql(`insert into maintenance_contacts (name, trade, phone, created_at) values
      ('Karim Hossain (2)', 'Plumber', '01711 000006', now() + interval '12 hours'),
      ('KARIM HOSSAIN', 'plumber', '01711 000001', now() + interval '1 day'),
      ('Karim Hossain', 'Plumber', '01711 000002', now() + interval '2 days'),
      ('Karim Hossain', 'Electrician', '01711 000003', now() + interval '3 days')`);
    await sql(`insert into maintenance_contacts (name, trade, phone, removed_at) values
      ('Karim Hossain', 'Plumber', '01711 000004', now())`);
    // A name as long as a name may be, twice: the number takes the place of its last letters.
    const long = `Glass and Mirror ${'a'.repeat(63)}`;
    await sql(`insert into maintenance_contacts (name, trade, phone, created_at) values
      ('${long}', 'Glazier', '01711 000007', now() + interval '1 day'),
      ('${long}', 'Glazier', '01711 000008', now() + interval '2 days')`);

    for (const statement of statements) await sql(statement);

    const { rows } = await sql(
      `select name, trade, phone, removed_at is not null as removed from maintenance_contacts
        where name ilike 'karim hossain%' order by created_at`,
    );
    expect(rows).toEqual([
      { name: 'Karim Hossain', trade: 'Plumber', phone: '+880 1711 555 201', removed: false },
      { name: 'Karim Hossain', trade: 'Plumber', phone: '01711 000004', removed: true },
      { name: 'Karim Hossain (2)', trade: 'Plumber', phone: '01711 000006', removed: false },
      { name: 'KARIM HOSSAIN (3)', trade: 'plumber', phone: '01711 000001', removed: false },
      { name: 'Karim Hossain (4)', trade: 'Plumber', phone: '01711 000002', removed: false },
      { name: 'Karim Hossain', trade: 'Electrician', phone: '01711 000003', removed: false },
    ]);
    const { rows: glaziers } = await sql(
      "select name from maintenance_contacts where trade = 'Glazier' order by created_at",
    );
    expect(long).toHaveLength(80);
    expect(glaziers).toEqual([{ name: long }, { name: `${long.slice(0, 76)} (2)` }]);
    await expect(
      sql(
        "insert into maintenance_contacts (name, trade, phone) values ('karim hossain', 'PLUMBER', '01711 000005')",
      ),
    ).rejects.toMatchObject({
      code: '23505',
      constraint: 'maintenance_contacts_name_trade_unique',
    });
  });
});
