import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migratedPgliteSnapshot } from '../src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory (a tar file) that each test's database starts from. */
    pgliteSnapshot: string | undefined;
  }
}

interface SharedSnapshot {
  /** The folder and its tar file, made on first use. */
  made: Promise<{ folder: string; file: string }>;
  /** Projects that have not yet torn down; the last one removes the folder. */
  users: number;
}

/**
 * The server and server-properties projects both run this setup, in the one main process of a
 * run: the first makes the snapshot, the second reads the same file, and the file goes with the
 * last project's teardown. Kept on `globalThis`, since each project may load this module apart.
 */
const shared = globalThis as { structomatePgliteSnapshot?: SharedSnapshot };

async function makeSnapshot() {
  const folder = await mkdtemp(path.join(tmpdir(), 'structomate-pglite-'));
  const file = path.join(folder, 'migrated.tar');
  const snapshot = await migratedPgliteSnapshot();
  await writeFile(file, Buffer.from(await snapshot.arrayBuffer()));
  return { folder, file };
}

/**
 * Once per run, on the embedded database: a migrated database, dumped, so each test file loads
 * it (under a second) instead of running initdb and every migration (about four seconds).
 */
export async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteSnapshot', undefined);
    return undefined;
  }
  const snapshot = (shared.structomatePgliteSnapshot ??= { made: makeSnapshot(), users: 0 });
  snapshot.users += 1;
  const { folder, file } = await snapshot.made;
  project.provide('pgliteSnapshot', file);
  return async () => {
    snapshot.users -= 1;
    if (snapshot.users > 0) return;
    shared.structomatePgliteSnapshot = undefined;
    await rm(folder, { recursive: true, force: true });
  };
}
