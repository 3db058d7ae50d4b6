import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs, testConfig } from '../../test/build';
import { buildApp } from '../app';
import type { Config } from '../config';
import { backup, BackupError, pgliteDirectory, restore } from './backup';
import type { DatabaseHandle } from './client';
import { checkConsistency } from './consistency';
import { LOCK_FILE } from './data-dir-lock';
import { openConfiguredDatabase } from './open';
import { seedDemoData } from './seed';

/**
 * The embedded database (PGlite in a DATA_DIR on disk, as a real install keeps it): backed up,
 * restored into an empty DATA_DIR, checked, and used. PostgreSQL: backup.pg.test.ts.
 */

let workDir: string;
let source: Config;
let target: Config;
let file: string;
/** What the demo member saw before the backup, and the cookie of that sign-in. */
let before: { cookie: string; transactions: unknown };

/** The app on `database`: the member's payments as they read them with `cookie`. */
async function memberTransactions(config: Config, database: DatabaseHandle, cookie?: string) {
  const app = await buildApp({ config, database });
  try {
    const session = cookie ?? (await loginAs(app, 'member')).cookie;
    const response = await app.inject({
      method: 'POST',
      url: '/api/get/transactions',
      headers: { cookie: session },
    });
    expect(response.statusCode).toBe(200);
    return { cookie: session, transactions: response.json() };
  } finally {
    await app.close();
  }
}

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'structomate-backup-'));
  source = testConfig({ dataDir: path.join(workDir, 'source') });
  target = testConfig({ dataDir: path.join(workDir, 'target') });
  file = path.join(workDir, 'building.tar.gz');
  const database = await openConfiguredDatabase(source);
  try {
    await database.migrate();
    await seedDemoData(database.db, { now: new Date(), timeZone: source.rent.timeZone });
    // The app creates the job engine's tables and a session, so those are backed up too.
    before = await memberTransactions(source, database);
  } finally {
    await database.close();
  }
});

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

describe('backup and restore of the embedded database', () => {
  it('restores into an empty DATA_DIR what was backed up, and the check passes', async () => {
    const written = await backup(source, file);
    expect(written).toMatchObject({ file, kind: 'pglite' });
    expect(written.rowCounts).toMatchObject({ apartments: 24, users: 4, 'pgboss.version': 1 });

    const restored = await restore(target, file);
    expect(restored.report.lines.filter((line) => !line.ok)).toEqual([]);
    expect(restored.report.ok).toBe(true);
    expect(restored.migrationsApplied).toBe(0);
    expect(restored.report.rowCounts).toEqual(written.rowCounts);
    // The backup process's lock came along in the tarball; it must not claim the new directory.
    expect(existsSync(path.join(pgliteDirectory(target.dataDir), LOCK_FILE))).toBe(false);

    const database = await openConfiguredDatabase(target);
    try {
      // The member's sign-in from before the backup still holds, and their payments are all there.
      const after = await memberTransactions(target, database, before.cookie);
      expect(after.transactions).toEqual(before.transactions);
      expect(Array.isArray(before.transactions) && before.transactions.length).toBeGreaterThan(0);
    } finally {
      await database.close();
    }
  }, 60_000);

  it('refuses to restore over a database, and to overwrite a backup', async () => {
    await expect(restore(target, file)).rejects.toThrow(
      /^refusing to restore: .*target[/\\]pglite is not empty/,
    );
    await expect(backup(source, file)).rejects.toThrow(/already exists/);
    await expect(
      restore({ ...target, databaseUrl: 'postgres://127.0.0.1:1/nowhere' }, file),
    ).rejects.toThrow(/backup of the embedded database: restore it without DATABASE_URL/);
    const notABackup = path.join(workDir, 'notes.txt');
    await writeFile(notABackup, 'hello');
    await expect(restore(target, notABackup)).rejects.toBeInstanceOf(BackupError);
  });

  it('refuses to back up or restore into a data directory a server holds', async () => {
    const server = await openConfiguredDatabase(source);
    try {
      await expect(backup(source, path.join(workDir, 'busy.tar.gz'))).rejects.toThrow(
        /^refusing to back up: The data directory .* is in use by process/,
      );
      await expect(restore(source, file)).rejects.toThrow(
        /^refusing to restore: The data directory .* is in use by process/,
      );
    } finally {
      await server.close();
    }
    expect(existsSync(path.join(workDir, 'busy.tar.gz'))).toBe(false);
  });

  it("brings a backup from an earlier version up to the code's migrations", async () => {
    const earlier = testConfig({ dataDir: path.join(workDir, 'earlier') });
    const migrations = readMigrationFiles({
      migrationsFolder: path.resolve(import.meta.dirname, '../../drizzle'),
    });
    const database = await openConfiguredDatabase(earlier);
    try {
      // The database as the version before the last migration left it.
      await database.executeSql(
        `create schema drizzle;
         create table drizzle.__drizzle_migrations (id serial primary key, hash text not null,
           created_at bigint)`,
      );
      for (const migration of migrations.slice(0, -1)) {
        for (const statement of migration.sql) await database.executeSql(statement);
        await database.executeSql(
          'insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)',
          [migration.hash, migration.folderMillis],
        );
      }
    } finally {
      await database.close();
    }
    const earlierFile = path.join(workDir, 'earlier.tar.gz');
    await backup(earlier, earlierFile);

    const restored = await restore(
      testConfig({ dataDir: path.join(workDir, 'from-earlier') }),
      earlierFile,
    );
    expect(restored.migrationsApplied).toBe(1);
    expect(restored.report.lines.filter((line) => !line.ok)).toEqual([]);
    expect(restored.report.lines[0]?.text).toBe(
      `migrations: ${migrations.length} applied, as in the code`,
    );
  }, 60_000);

  it('refuses to back up a DATA_DIR without a database', async () => {
    const empty = testConfig({ dataDir: path.join(workDir, 'empty') });
    await expect(backup(empty, path.join(workDir, 'none.tar.gz'))).rejects.toThrow(
      /no embedded database/,
    );
  });

  it('fails the check when the restored data breaks a rule or the migrations differ', async () => {
    const database = await openConfiguredDatabase(target);
    try {
      // What a restore that could not rebuild an index would leave: the rule gone, a duplicate in.
      await database.executeSql('drop index payments_one_per_member_month');
      await database.executeSql(
        `insert into payments (transaction_id, user_id, agreement_id, billing_month, rent,
           amount_charged, currency, rate, provider, method, reference, received_on, recorded_by)
         select 'pi_duplicate', user_id, agreement_id, billing_month, rent, amount_charged,
           currency, rate, provider, method, reference, received_on, recorded_by
           from payments limit 1`,
      );
      const broken = await checkConsistency(database);
      expect(broken.ok).toBe(false);
      const failures = broken.lines.filter((line) => !line.ok).map((line) => line.text);
      expect(failures).toEqual([
        'schema: index payments_one_per_member_month is missing',
        'one payment per member and month: 1 broken',
      ]);

      await database.executeSql(
        `update drizzle.__drizzle_migrations set hash = 'edited'
          where id = (select min(id) from drizzle.__drizzle_migrations)`,
      );
      const diverged = await checkConsistency(database);
      expect(diverged.lines.map((line) => [line.ok, line.text])).toEqual([
        [false, "migrations: do not match the code: migration 0 differs from the code's"],
      ]);
    } finally {
      await database.close();
    }
  }, 60_000);
});
