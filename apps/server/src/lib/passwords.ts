import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import pLimit from 'p-limit';

// argon2id (the library's default algorithm) with OWASP's minimum parameters: 19 MiB, 2 passes.
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Hashes take turns. Each one runs off the event loop but takes a whole core and 19 MiB for tens
 * of milliseconds: fifty logins at once would take every core from the event loop (every other
 * request stalls) and nearly a gigabyte. One fewer than the cores run at once (at least one); the
 * rest wait their turn in memory that costs nothing.
 */
export const passwordHashing = pLimit(Math.max(1, availableParallelism() - 1));

export function hashPassword(password: string): Promise<string> {
  return passwordHashing(() => hash(password, ARGON2_OPTIONS));
}

// Verified against when there is no account (or no password), so a wrong email costs as much
// time as a wrong password and response timing does not reveal which accounts exist.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(
  passwordHash: string | null,
  password: string,
): Promise<boolean> {
  dummyHash ??= hashPassword('no account has this password, it only spends time');
  const target = passwordHash ?? (await dummyHash);
  try {
    const matches = await passwordHashing(() => verify(target, password));
    return passwordHash !== null && matches;
  } catch {
    return false;
  }
}
