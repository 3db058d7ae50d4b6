import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Creates the PostgreSQL cluster of a new PGlite data directory in a short-lived process of its
 * own. PGlite's initdb runs a second PostgreSQL and initdb beside the first, and the process that
 * does it peaks at about 770 MB and keeps much of it; done apart, the server itself starts on the
 * finished directory at about a fifth of that. A directory that has a cluster is left alone.
 */
export async function createClusterApart(dataDir: string): Promise<void> {
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) return;
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const script = `require(${JSON.stringify(pglite)}).PGlite.create({ dataDir: process.argv[1] })
    .then((db) => db.close())`;
  // Without the server's allocator setting (node-flags.ts): this process is short-lived and its
  // memory goes back when it exits, while the setting made its work take 8–12 s instead of about
  // 5 s (two runs each).
  const { MALLOC_MMAP_THRESHOLD_: _serverOnly, ...env } = process.env;
  try {
    await run(process.execPath, ['-e', script, dataDir], { maxBuffer: 16 * 1024 * 1024, env });
  } catch (error) {
    const { stderr } = error as { stderr?: string };
    throw new Error(`Could not create the embedded database in ${dataDir}: ${stderr || error}`, {
      cause: error,
    });
  }
}
