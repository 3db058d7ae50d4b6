import path from 'node:path';
import type { Config } from '../config';
import { openDatabase, type DatabaseHandle } from './client';

/** The database the configuration names: PostgreSQL with DATABASE_URL, else PGlite under DATA_DIR. */
export function openConfiguredDatabase(
  config: Config,
  onIdleError?: (error: Error) => void,
): Promise<DatabaseHandle> {
  return config.databaseUrl
    ? openDatabase({ kind: 'postgres', url: config.databaseUrl, onIdleError })
    : openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') });
}

const CONNECTION_FAILURES: Record<string, string> = {
  ECONNREFUSED: 'nothing answers there. Is PostgreSQL running?',
  ENOTFOUND: 'that host name is not known.',
  EAI_AGAIN: 'that host name could not be looked up.',
  ETIMEDOUT: 'it did not answer in time.',
  EHOSTUNREACH: 'that host cannot be reached.',
  // SQLSTATEs PostgreSQL answers while refusing the connection.
  '28P01': 'the password was refused.',
  '28000': 'this user may not connect.',
  '3D000': 'that database does not exist (create it first: createdb).',
};

/**
 * One line for a database that cannot be reached at start, naming where (never the password)
 * and why; undefined for any other failure, which keeps its stack.
 */
export function unreachableDatabase(
  error: unknown,
  databaseUrl: string | undefined,
): string | undefined {
  if (!databaseUrl) return undefined;
  const codes: string[] = [];
  for (let cause: unknown = error; cause && typeof cause === 'object';) {
    if ('code' in cause && typeof cause.code === 'string') codes.push(cause.code);
    // Several addresses tried (localhost: ::1 and 127.0.0.1): an AggregateError.
    if ('errors' in cause && Array.isArray(cause.errors)) cause = cause.errors[0];
    else cause = 'cause' in cause ? cause.cause : undefined;
  }
  const code = codes.find((candidate) => candidate in CONNECTION_FAILURES);
  if (!code) return undefined;
  const url = new URL(databaseUrl);
  const where = `${url.hostname}:${url.port || '5432'}${url.pathname}`;
  return `the database at ${where} (DATABASE_URL) cannot be reached: ${CONNECTION_FAILURES[code]} (${code})`;
}
