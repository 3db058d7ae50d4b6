import { mkdir } from 'node:fs/promises';
import { PGlite, type Results, type Transaction } from '@electric-sql/pglite';
import { lockDataDir } from './data-dir-lock';
import { createClusterApart } from './pglite-initdb';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';
import { migrationsFolder } from '../paths';

export type Schema = typeof schema;
/** The query builder both drivers share; services only ever see this. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  /** Applies the migrations in `apps/server/drizzle`; safe when several servers start at once. */
  migrate(): Promise<void>;
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  /**
   * One raw statement (several, without `values`): what libraries that bring their own SQL (the
   * job engine) run through our connections.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /** PostgreSQL NOTIFY: every process listening on `channel` hears `payload`. */
  notify(channel: string, payload: string): Promise<void>;
  /**
   * PostgreSQL LISTEN on a connection of its own. `onLost` is told when that connection breaks
   * (notifications may be missed until it is back); listening resumes by itself, and
   * `onRestored` is told when it has (what was missed in between is not replayed).
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onLost?: (error: Error) => void,
    onRestored?: () => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

// Any constant works; it only has to be the same in every process that migrates this database.
const MIGRATION_LOCK_KEY = 7_311_530_001;

export type DatabaseOptions =
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      /** Told when an idle pooled connection breaks; the pool replaces it. */
      onIdleError?: (error: Error) => void;
      /** How often a LISTEN connection must answer (15 s; shorter in tests). */
      listenHeartbeatMs?: number;
    }
  /**
   * `dataDir` undefined keeps the database in memory (tests); `snapshot` starts it from a dump of
   * a data directory (the tests' migrated database, made once per run) instead of an empty one.
   */
  | { kind: 'pglite'; dataDir: string | undefined; snapshot?: Blob };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.kind === 'postgres'
    ? openPostgres(
        options.url,
        options.poolSize ?? 10,
        options.onIdleError,
        options.listenHeartbeatMs,
      )
    : openPglite(options.dataDir, options.snapshot);
}

/**
 * PostgreSQL's shared buffers in PGlite's memory, not the default 128 MB: the data files are
 * ordinary files, so the operating system caches them anyway, and 128 MB of buffers was half of
 * an idle server's memory. A building's database is tens of megabytes. 8 MB, not 16: an embedded
 * server then peaked at 233–237 MB under load instead of 242–247 MB (`npm run bench:memory`,
 * `npm run bench`), its reads within their spread; a building large enough to feel it runs on
 * PostgreSQL.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=8MB'];

async function openPglite(
  dataDir: string | undefined,
  snapshot: Blob | undefined,
): Promise<DatabaseHandle> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  // One process at a time in a data directory (data-dir-lock.ts).
  const unlock = dataDir ? await lockDataDir(dataDir) : async () => undefined;
  let client: PGlite;
  try {
    if (dataDir && !snapshot) await createClusterApart(dataDir);
    client = await PGlite.create({
      ...(dataDir ? { dataDir } : {}),
      startParams: PGLITE_START_PARAMS,
      ...(snapshot ? { loadDataDir: snapshot } : {}),
    });
  } catch (error) {
    await unlock();
    throw error;
  }
  takeTurns(client);
  const db = drizzlePglite({ client, schema });
  return {
    db,
    kind: 'pglite',
    // PGlite is one connection in this process: nothing else can migrate concurrently.
    migrate: () => migratePglite(db, { migrationsFolder }),
    ping: async () => {
      await client.query('select 1');
    },
    // The extended protocol takes one statement; scripts without parameters go through exec.
    executeSql: async (text, values) => {
      if (values && values.length > 0) return client.query(text, values);
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
    notify: async (channel, payload) => {
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    // One process owns a PGlite database, so its own connection hears every notification.
    listen: (channel, onMessage) => client.listen(channel, onMessage),
    close: async () => {
      await client.close();
      await unlock();
    },
  };
}

/**
 * PGlite runs each statement synchronously in this thread and hands itself to the next waiting
 * one within the same round of promise callbacks, so while statements were queued the event loop
 * never got back to the network: a request not yet read waited for the whole queue to drain, and
 * a visitor's cached page waited behind an admin's figures (under load: p99 of seconds). The
 * statements and transactions of this process now run one after another, each after the loop
 * has had a turn.
 */
function takeTurns(client: PGlite): void {
  let previous: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(run: () => Promise<T>): Promise<T> => {
    const result = previous
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(run);
    previous = result.catch(() => undefined);
    return result;
  };
  const { query, exec, transaction } = client;
  client.query = <T>(...args: Parameters<PGlite['query']>) =>
    inTurn(() => query.apply(client, args) as Promise<Results<T>>);
  client.exec = (...args: Parameters<PGlite['exec']>) => inTurn(() => exec.apply(client, args));
  client.transaction = <T>(callback: (tx: Transaction) => Promise<T>) =>
    inTurn(() => transaction.call(client, callback) as Promise<T>);
}

/**
 * A dump of a new in-memory PGlite database with every migration applied: the tests make one per
 * run and start each test's database from it (`snapshot`), which skips initdb and the migrations.
 */
export async function migratedPgliteSnapshot(): Promise<Blob> {
  const client = await PGlite.create();
  try {
    await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder });
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

/** How often a LISTEN connection is asked to answer, and how long it has to. */
const LISTEN_HEARTBEAT_MS = 15_000;

async function openPostgres(
  url: string,
  poolSize: number,
  onIdleError: (error: Error) => void = () => undefined,
  listenHeartbeatMs = LISTEN_HEARTBEAT_MS,
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    // No JIT compilation: our queries are short, and PostgreSQL's guess of a set-returning
    // function's rows (a lease's months) made it compile the rent roll for 1.3 s of its 3.8 s.
    options: '-c jit=off',
  });
  // Without a listener, an idle client losing its connection would crash the process.
  pool.on('error', onIdleError);
  const db = drizzleNodePg({ client: pool, schema });
  return {
    db,
    kind: 'postgres',
    migrate: async () => {
      const lockClient = await pool.connect();
      try {
        await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migrateNodePg(db, { migrationsFolder });
      } finally {
        await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
        lockClient.release();
      }
    },
    ping: async () => {
      await pool.query('select 1');
    },
    executeSql: (text, values) => pool.query(text, values),
    notify: async (channel, payload) => {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    listen: (channel, onMessage, onLost, onRestored) =>
      listenOn(url, channel, onMessage, onLost, onRestored, listenHeartbeatMs),
    close: () => pool.end(),
  };
}

/**
 * LISTEN on a dedicated connection, reconnecting (after 1 s, then up to 30 s) when it breaks or
 * leaves a `select 1` unanswered for `heartbeatMs`.
 */
async function listenOn(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onLost: (error: Error) => void = () => undefined,
  onRestored: () => void = () => undefined,
  heartbeatMs: number,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let delay = 1000;
  let timer: NodeJS.Timeout | undefined;
  let beating: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    // Named, so an operator (or a test) can tell this connection from the pool's.
    const next = new pg.Client({
      connectionString: url,
      application_name: `structomate-listen-${process.pid}`,
      keepAlive: true,
    });
    next.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    let lost = false;
    // A server that ends the connection may say so with an error, or only by closing it.
    const onBroken = (error: Error) => {
      if (stopped || lost || client !== next) return;
      lost = true;
      client = undefined;
      // The heartbeat is this connection's: it is the current one until now.
      clearInterval(beating);
      onLost(error);
      next.end().catch(() => undefined);
      timer = setTimeout(retry, delay);
      timer.unref();
    };
    next.on('error', onBroken);
    next.on('end', () => onBroken(new Error('the LISTEN connection was closed')));
    await next.connect();
    await next.query(`listen ${pg.escapeIdentifier(channel)}`);
    client = next;
    delay = 1000;
    // A connection can die without a word (a network gone quiet, a frozen server): then nothing
    // is heard, and the caches would go on serving. It is asked to answer now and then.
    let asking = false;
    beating = setInterval(() => {
      if (asking) return;
      asking = true;
      const silence = setTimeout(
        () => onBroken(new Error('the LISTEN connection stopped answering')),
        heartbeatMs,
      );
      next
        .query('select 1')
        .then(
          () => undefined,
          (error: Error) => onBroken(error),
        )
        .finally(() => {
          clearTimeout(silence);
          asking = false;
        });
    }, heartbeatMs);
    beating.unref();
  };
  const retry = () => {
    if (stopped) return;
    connect().then(onRestored, (error: Error) => {
      onLost(error);
      delay = Math.min(delay * 2, 30_000);
      timer = setTimeout(retry, delay);
      timer.unref();
    });
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    clearInterval(beating);
    await client?.end().catch(() => undefined);
  };
}
