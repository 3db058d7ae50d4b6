import { spawn } from 'node:child_process';
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Config } from '../config';
import { openDatabase, type DatabaseHandle } from './client';
import { DataDirLockedError, LOCK_FILE, lockDataDir } from './data-dir-lock';
import { checkConsistency, migrationState, rowCounts, type ConsistencyReport } from './consistency';
import { openConfiguredDatabase } from './open';

/**
 * `npm run backup` and `npm run restore` for both engines. PostgreSQL: pg_dump's custom format
 * and pg_restore, in one transaction, into an empty database. PGlite: its data directory as a
 * .tar.gz (`dumpDataDir`), loaded into an empty DATA_DIR (`loadDataDir`). A restore never
 * replaces data: the target must be empty, so a mistyped target costs nothing.
 */

/** A refusal or failure told to the operator in one line. */
export class BackupError extends Error {}

export type BackupKind = 'postgres' | 'pglite';

export interface BackupResult {
  file: string;
  kind: BackupKind;
  bytes: number;
  /** Rows per table in what was backed up (the same snapshot as the dump). */
  rowCounts: Record<string, number>;
}

export interface RestoreResult {
  kind: BackupKind;
  /** Migrations the backup predated, applied after loading it (as a server start would). */
  migrationsApplied: number;
  report: ConsistencyReport;
}

/** The embedded database's own directory under DATA_DIR (as `openConfiguredDatabase` opens it). */
export const pgliteDirectory = (dataDir: string) => path.join(dataDir, 'pglite');

export function defaultBackupName(kind: BackupKind, now = new Date()): string {
  const stamp = now.toISOString().slice(0, 19).replaceAll(':', '-');
  return `structomate-${stamp}Z.${kind === 'postgres' ? 'pgdump' : 'tar.gz'}`;
}

export async function backup(config: Config, file: string): Promise<BackupResult> {
  if (await exists(file)) throw new BackupError(`${file} already exists; choose another file`);
  const partial = `${file}.partial`;
  try {
    const counts = config.databaseUrl
      ? await dumpPostgres(config.databaseUrl, partial)
      : await dumpPglite(config, partial);
    await rename(partial, file);
    return {
      file,
      kind: config.databaseUrl ? 'postgres' : 'pglite',
      bytes: (await stat(file)).size,
      rowCounts: counts,
    };
  } finally {
    await rm(partial, { force: true });
  }
}

export async function restore(config: Config, file: string): Promise<RestoreResult> {
  const kind = await backupKindOf(file);
  const target = config.databaseUrl ? 'postgres' : 'pglite';
  if (kind !== target) {
    throw new BackupError(
      kind === 'pglite'
        ? `${file} is a backup of the embedded database: restore it without DATABASE_URL`
        : `${file} is a PostgreSQL backup: restore it with DATABASE_URL set`,
    );
  }
  if (config.databaseUrl) await loadPostgres(config.databaseUrl, file);
  else await loadPglite(config, file);

  const database = config.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: config.databaseUrl, poolSize: 2 })
    : await openConfiguredDatabase(config);
  try {
    return { kind, ...(await checkRestored(database)) };
  } finally {
    await database.close();
  }
}

/**
 * A backup from an earlier version is brought up to the code's migrations, as the server's next
 * start would do; one that does not match the code's migrations is left as it is, and the check
 * says why.
 */
async function checkRestored(database: DatabaseHandle) {
  const state = await migrationState((text) => database.executeSql(text));
  let migrationsApplied = 0;
  if (state.status === 'behind') {
    await database.migrate();
    migrationsApplied = state.pending;
  }
  return { migrationsApplied, report: await checkConsistency(database) };
}

async function backupKindOf(file: string): Promise<BackupKind> {
  const handle = await open(file, 'r').catch(() => {
    throw new BackupError(`cannot read ${file}`);
  });
  try {
    const head = Buffer.alloc(5);
    await handle.read(head, 0, 5, 0);
    if (head.toString('latin1') === 'PGDMP') return 'postgres';
    if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
  } finally {
    await handle.close();
  }
  throw new BackupError(`${file} is not a StructoMate backup (pg_dump custom format or .tar.gz)`);
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

// PostgreSQL ------------------------------------------------------------------------------------

/**
 * The client tools get the server's address without its password, which goes in the
 * environment: a command line is readable by every user of the machine.
 */
function clientToolArguments(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    dbname: `--dbname=${parsed.toString()}`,
    env: password ? { ...process.env, PGPASSWORD: password } : process.env,
  };
}

function runTool(tool: 'pg_dump' | 'pg_restore', args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString('utf8');
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new BackupError(
              `${tool} not found: install the PostgreSQL client tools (the server's version or newer)`,
            )
          : error,
      );
    });
    child.on('close', (code) => {
      if (code === 0) resolve();
      else {
        const firstLine = errors.trim().split('\n')[0] ?? `exit code ${code}`;
        reject(new BackupError(`${tool} failed: ${firstLine}`));
      }
    });
  });
}

/**
 * pg_dump reads a snapshot this transaction exports, so the row counts printed are those of the
 * dump itself, however busy the database is.
 */
async function dumpPostgres(url: string, file: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const snapshot = await client.query<{ id: string }>('select pg_export_snapshot() as id');
    const id = snapshot.rows[0]?.id;
    if (!id) throw new Error('PostgreSQL exported no snapshot');
    const counts = await rowCounts((text) => client.query(text));
    const { dbname, env } = clientToolArguments(url);
    await runTool(
      'pg_dump',
      ['--format=custom', `--snapshot=${id}`, `--file=${file}`, dbname],
      env,
    );
    await client.query('commit');
    return counts;
  } finally {
    await client.end();
  }
}

async function loadPostgres(url: string, file: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      `select n.nspname || '.' || c.relname as name
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname not in ('pg_catalog', 'information_schema')
          and n.nspname not like 'pg\\_%'
        union all
       select nspname from pg_namespace
        where nspname not in ('public', 'pg_catalog', 'information_schema')
          and nspname not like 'pg\\_%'
        limit 1`,
    );
    if (rows[0]) {
      throw new BackupError(
        `refusing to restore: the target database is not empty (it has ${rows[0].name}); ` +
          'restore into a new database (createdb) or drop and re-create this one',
      );
    }
  } finally {
    await client.end();
  }
  const { dbname, env } = clientToolArguments(url);
  // One transaction: a restore that fails part-way leaves the database empty, not half-loaded.
  // Objects belong to whoever restores them; the backup's roles may not exist here.
  await runTool(
    'pg_restore',
    ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', dbname, file],
    env,
  );
}

// PGlite ----------------------------------------------------------------------------------------

/**
 * The data directory is opened the way the server opens it, so a server holding it refuses this
 * process; PGlite is one process's database, and a second opening it would corrupt it.
 */
async function dumpPglite(config: Config, file: string): Promise<Record<string, number>> {
  const directory = pgliteDirectory(config.dataDir);
  if (!(await exists(path.join(directory, 'PG_VERSION')))) {
    throw new BackupError(`no embedded database in ${config.dataDir} (DATA_DIR) to back up`);
  }
  const database = await openConfiguredDatabase(config).catch((error: unknown) => {
    throw error instanceof DataDirLockedError
      ? new BackupError(`refusing to back up: ${error.message}`)
      : error;
  });
  try {
    const client: unknown = Reflect.get(database.db, '$client');
    if (!(client instanceof PGlite)) throw new Error('The embedded database has no PGlite client');
    const counts = await rowCounts((text) => database.executeSql(text));
    await database.executeSql('checkpoint');
    const tarball = await client.dumpDataDir('gzip');
    await writeFile(file, Buffer.from(await tarball.arrayBuffer()), { flag: 'wx' });
    return counts;
  } finally {
    await database.close();
  }
}

async function loadPglite(config: Config, file: string): Promise<void> {
  const directory = pgliteDirectory(config.dataDir);
  await mkdir(directory, { recursive: true });
  // Held while loading, so that no server starts on the directory meanwhile.
  const unlock = await lockDataDir(directory).catch((error: unknown) => {
    throw error instanceof DataDirLockedError
      ? new BackupError(`refusing to restore: ${error.message}`)
      : error;
  });
  try {
    const entries = (await readdir(directory)).filter((entry) => entry !== LOCK_FILE);
    if (entries.length > 0) {
      throw new BackupError(
        `refusing to restore: ${directory} is not empty; stop the server and move DATA_DIR aside, ` +
          'or restore into a new DATA_DIR',
      );
    }
    // The type tells PGlite the tarball is gzipped.
    const tarball = new Blob([await readFile(file)], { type: 'application/gzip' });
    try {
      const client = await PGlite.create({ dataDir: directory, loadDataDir: tarball });
      await client.close();
    } catch (error) {
      // The directory was empty before: what is there now is only this failed attempt.
      await rm(directory, { recursive: true, force: true });
      throw new BackupError(`cannot load ${file}: ${messageOf(error)}`);
    }
  } finally {
    await unlock();
  }
  // The backup was taken under its own process's lock, and the tarball holds that lock file: it
  // would name a process of another time (or machine) as holding this directory.
  await rm(path.join(directory, LOCK_FILE), { force: true });
}
