import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/client';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database on
 * the PostgreSQL server named by DATABASE_URL (dropped again on close), so both engines run the
 * same tests without sharing state.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({
      kind: 'pglite',
      dataDir: undefined,
      snapshot: await migratedSnapshot(),
    });
    // Nothing to apply when the snapshot is current; checks it is.
    await database.migrate();
    return database;
  }

  return (await createPostgresTestDatabase(serverUrl)).database;
}

let snapshot: Promise<Blob | undefined> | undefined;

/** The run's migrated PGlite database (test/global-setup.ts), read once per test file. */
function migratedSnapshot(): Promise<Blob | undefined> {
  snapshot ??= (async () => {
    const file = inject('pgliteSnapshot');
    return file ? new Blob([await readFile(file)]) : undefined;
  })();
  return snapshot;
}

/**
 * A new, migrated database on the PostgreSQL server at `serverUrl`, with its own URL (for server
 * processes a test starts); closing the handle drops it.
 */
export async function createPostgresTestDatabase(
  serverUrl: string,
): Promise<{ url: string; database: DatabaseHandle }> {
  const name = `structomate_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 5 });
  await database.migrate();
  return {
    url: url.toString(),
    database: {
      ...database,
      close: async () => {
        await database.close();
        const dropper = new pg.Client({ connectionString: serverUrl });
        await dropper.connect();
        try {
          await dropper.query(`drop database if exists "${name}" with (force)`);
        } finally {
          await dropper.end();
        }
      },
    },
  };
}
