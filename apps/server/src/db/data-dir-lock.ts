import { hostname } from 'node:os';
import path from 'node:path';
import { link, open, readFile, rename, rm } from 'node:fs/promises';

/**
 * One process at a time in a PGlite data directory. PGlite is PostgreSQL inside this process,
 * with no locking of its own between processes: a second server on the same DATA_DIR would start,
 * see only its own writes, and lose acknowledged ones at the next restart. The lock file names
 * the process that holds it; one whose process is gone (killed, crashed) is taken over.
 */
export const LOCK_FILE = 'structomate.lock';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

interface Holder {
  pid: number;
  host: string;
  since: string;
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

async function readHolder(file: string): Promise<Holder | undefined> {
  try {
    const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));
    if (
      parsed &&
      typeof parsed === 'object' &&
      'pid' in parsed &&
      typeof parsed.pid === 'number' &&
      'host' in parsed &&
      typeof parsed.host === 'string'
    ) {
      return {
        pid: parsed.pid,
        host: parsed.host,
        since: String('since' in parsed && parsed.since),
      };
    }
  } catch {
    // Unreadable or half-written: treated as held by nobody we can name.
  }
  return undefined;
}

function lockedMessage(dataDir: string, holder: Holder | undefined): string {
  const who = holder
    ? `process ${holder.pid} on ${holder.host} (since ${holder.since})`
    : 'another process';
  return `The data directory ${dataDir} is in use by ${who}. Stop it first, or give this server its own DATA_DIR (or use PostgreSQL with DATABASE_URL to run several servers).`;
}

/** Takes the lock or throws DataDirLockedError; resolves to its release. */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const file = path.join(dataDir, LOCK_FILE);
  const me: Holder = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      // 'wx': created only if absent, atomically; of two processes, one wins.
      const handle = await open(file, 'wx');
      await handle.writeFile(JSON.stringify(me));
      await handle.close();
      return async () => {
        const holder = await readHolder(file);
        if (holder?.pid === me.pid && holder.host === me.host) await rm(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = await readHolder(file);
    // Another machine's process cannot be checked from here: never taken over.
    if (!holder || holder.host !== me.host || isRunning(holder.pid)) {
      throw new DataDirLockedError(lockedMessage(dataDir, holder));
    }
    // Its process is gone. Move the stale file aside under a name of our own, so that of two
    // processes taking it over, one does; then try again to create the lock.
    const claim = `${file}.${process.pid}`;
    try {
      await rename(file, claim);
    } catch {
      continue;
    }
    const claimed = await readHolder(claim);
    if (claimed?.pid !== holder.pid) {
      // It was a fresh lock of the other process, taken over a moment ago: give it back.
      await link(claim, file).catch(() => undefined);
      await rm(claim, { force: true });
      throw new DataDirLockedError(lockedMessage(dataDir, claimed));
    }
    await rm(claim, { force: true });
  }
  throw new DataDirLockedError(lockedMessage(dataDir, await readHolder(file)));
}
