import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs, testConfig } from '../../test/build';
import { createPostgresTestDatabase } from '../../test/database';
import { buildApp } from '../app';
import type { Config } from '../config';
import { backup, restore } from './backup';
import { openDatabase, type DatabaseHandle } from './client';
import { rowCounts } from './consistency';
import { seedDemoData } from './seed';

/**
 * PostgreSQL (the pass with DATABASE_URL): pg_dump from one database of our own, pg_restore into
 * another, empty one, checked and used; both are dropped afterwards.
 */

const serverUrl = process.env.DATABASE_URL ?? '';
let workDir: string;
let sourceDatabase: DatabaseHandle;
let source: Config;
const emptyDatabases: string[] = [];
let before: { cookie: string; transactions: unknown };

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A new, empty database (no migrations) on the test server; dropped after the file. */
async function emptyDatabase(): Promise<Config> {
  const name = `structomate_backup_${randomBytes(6).toString('hex')}`;
  await admin((client) => client.query(`create database "${name}"`));
  emptyDatabases.push(name);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return testConfig({ databaseUrl: url.toString() });
}

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
  workDir = await mkdtemp(path.join(tmpdir(), 'structomate-backup-pg-'));
  const created = await createPostgresTestDatabase(serverUrl);
  sourceDatabase = created.database;
  source = testConfig({ databaseUrl: created.url });
  await seedDemoData(sourceDatabase.db, { now: new Date(), timeZone: source.rent.timeZone });
  // The app creates the job engine's schema and a session, so those are backed up too.
  before = await memberTransactions(source, sourceDatabase);
});

afterAll(async () => {
  await sourceDatabase.close();
  await admin(async (client) => {
    for (const name of emptyDatabases) {
      await client.query(`drop database if exists "${name}" with (force)`);
    }
  });
  await rm(workDir, { recursive: true, force: true });
});

describe('backup and restore on PostgreSQL', () => {
  let file: string;
  let target: Config;

  it('restores into an empty database what was backed up, and the check passes', async () => {
    file = path.join(workDir, 'building.pgdump');
    const written = await backup(source, file);
    expect(written).toMatchObject({ file, kind: 'postgres' });
    expect(written.rowCounts).toMatchObject({ apartments: 24, users: 4, 'pgboss.version': 1 });

    target = await emptyDatabase();
    const restored = await restore(target, file);
    expect(restored.report.lines.filter((line) => !line.ok)).toEqual([]);
    expect(restored.report.ok).toBe(true);
    expect(restored.report.rowCounts).toEqual(written.rowCounts);

    const database = await openDatabase({ kind: 'postgres', url: target.databaseUrl ?? '' });
    try {
      const after = await memberTransactions(target, database, before.cookie);
      expect(after.transactions).toEqual(before.transactions);
      expect(Array.isArray(before.transactions) && before.transactions.length).toBeGreaterThan(0);
    } finally {
      await database.close();
    }
  }, 60_000);

  it('refuses a database that is not empty, and leaves none half-restored', async () => {
    await expect(restore(target, file)).rejects.toThrow(
      /^refusing to restore: the target database is not empty/,
    );

    // A backup cut short fails in pg_restore, and its one transaction leaves the target empty.
    const cut = path.join(workDir, 'cut.pgdump');
    const whole = await readFile(file);
    await writeFile(cut, whole.subarray(0, Math.floor(whole.length * 0.8)));
    const fresh = await emptyDatabase();
    await expect(restore(fresh, cut)).rejects.toThrow(/^pg_restore failed: /);
    const database = await openDatabase({ kind: 'postgres', url: fresh.databaseUrl ?? '' });
    try {
      expect(await rowCounts((text) => database.executeSql(text))).toEqual({});
    } finally {
      await database.close();
    }
  });
});
