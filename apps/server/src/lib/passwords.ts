import { hash, verify } from '@node-rs/argon2';

// argon2id (the library's default algorithm) with OWASP's minimum parameters: 19 MiB, 2 passes.
// The async API hashes on libuv's thread pool, so a burst of logins does not stall the event loop.
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
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
    const matches = await verify(target, password);
    return passwordHash !== null && matches;
  } catch {
    return false;
  }
}
