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

/**
 * Once per run, on the embedded database: a migrated database, dumped, so each test file loads
 * it (under a second) instead of running initdb and every migration (about four seconds).
 */
export async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteSnapshot', undefined);
    return undefined;
  }
  const folder = await mkdtemp(path.join(tmpdir(), 'structomate-pglite-'));
  const file = path.join(folder, 'migrated.tar');
  const snapshot = await migratedPgliteSnapshot();
  await writeFile(file, Buffer.from(await snapshot.arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  return () => rm(folder, { recursive: true, force: true });
}
