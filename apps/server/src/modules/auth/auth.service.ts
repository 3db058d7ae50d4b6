import { createHash, randomBytes } from 'node:crypto';
import { AUTH_MESSAGES, type SessionUser } from '@structomate/contract';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { agreements, appSecrets, sessions, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { verifyPassword } from '../../lib/passwords';
import { block, clear, count, inMinutes, refund, type Limit } from '../../lib/rate-limit';
import { toSessionUser, userColumns } from '../users/users.service';

/** 256 random bits; only the SHA-256 of a token is stored, so a database leak opens no session. */
export function newSessionToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createSession(
  db: Database,
  userId: string,
  days: number,
  userAgent: string | undefined,
): Promise<{ token: string; expiresAt: Date }> {
  const { token, tokenHash } = newSessionToken();
  const expiresAt = new Date(Date.now() + days * 86_400_000);
  await db.transaction(async (tx) => {
    // The account held (shared) while its session is written: a deletion under way finishes
    // first (and no session is written) or waits, and then ends this one with the others.
    const [live] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      .for('share');
    if (!live) throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.invalidCredentials);
    await tx
      .insert(sessions)
      .values({ tokenHash, userId, expiresAt, userAgent: userAgent?.slice(0, 300) ?? null });
  });
  return { token, expiresAt };
}

/**
 * The signed-in user for a token, read fresh on every request: a role change or a removal
 * shows on the very next call.
 */
/** A live session's user, the last day of their lease if it has one, and when it expires. */
export interface TokenSession {
  user: SessionUser;
  leaseEndsOn: string | null;
  expiresAt: Date;
}

export async function userForToken(db: Database, token: string): Promise<TokenSession | null> {
  const [row] = await db
    .select({
      ...userColumns,
      expiresAt: sessions.expiresAt,
      // A member's lease may end by notice: the caller closes it once its last day has passed.
      leaseEndsOn: sql<string | null>`(
        select to_char(lease.ends_on, 'YYYY-MM-DD') from ${agreements} as lease
        where lease.tenant_id = ${users.id} and lease.status = 'accepted'
      )`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        gt(sessions.expiresAt, sql`now()`),
        // Deleting an account ends its sessions; one opened as it was being deleted (a sign-in
        // checked just before) opens nothing either.
        isNull(users.deletedAt),
      ),
    );
  return row
    ? { user: toSessionUser(row), leaseEndsOn: row.leaseEndsOn, expiresAt: row.expiresAt }
    : null;
}

export async function revokeSession(db: Database, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

export async function deleteExpiredSessions(db: Database): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(lt(sessions.expiresAt, sql`now()`))
    .returning({ userId: sessions.userId });
  return rows.length;
}

const FAILURE_WINDOW_MS = 15 * 60_000;
/**
 * Login attempts allowed per account from one address, and per address over all accounts
 * (several people may share one). Counted before the password is checked, so parallel guesses
 * cannot outrun the count; a successful login gives its attempts back. The address's limit
 * counts only attempts the account's limit let through (countLoginAttempt).
 */
const ATTEMPTS_PER_ACCOUNT_AND_ADDRESS = 5;
const ATTEMPTS_PER_ADDRESS = 20;
/**
 * Each time one address exhausts an account's attempts, it waits twice as long as the time
 * before (15 minutes, 30, 60 … at most a day). Nobody else is shut out: the owner, from any other
 * address, signs in as usual, so guessing cannot lock an account.
 */
const FIRST_WAIT_SECONDS = 15 * 60;
const LONGEST_WAIT_SECONDS = 24 * 60 * 60;

const loginLimits = (email: string, ip: string) => {
  const account = email.toLowerCase();
  return {
    pair: {
      key: `login:account-address:${account}:${ip}`,
      max: ATTEMPTS_PER_ACCOUNT_AND_ADDRESS,
      windowMs: FAILURE_WINDOW_MS,
    },
    address: { key: `login:address:${ip}`, max: ATTEMPTS_PER_ADDRESS, windowMs: FAILURE_WINDOW_MS },
    // How many times this address has used up this account's attempts today.
    strikes: {
      key: `login:strikes:${account}:${ip}`,
      max: Number.MAX_SAFE_INTEGER,
      windowMs: LONGEST_WAIT_SECONDS * 1000,
    },
  } satisfies Record<string, Limit>;
};

const loginThrottled = (seconds: number) =>
  new AppError(
    'TOO_MANY_REQUESTS',
    `Too many failed logins. Try again in ${inMinutes(seconds)}.`,
    undefined,
    seconds,
  );

/**
 * Counts a login attempt before any password work; refuses once a limit is passed. The account's
 * limit from this address is counted first, and the address's only for an attempt it lets
 * through: a guesser stopped at one account does not use up the address's attempts for the others
 * behind it (a NAT), and an attempt the address's limit refuses is given back to the account's.
 */
async function countLoginAttempt(db: Database, email: string, ip: string) {
  const limits = loginLimits(email, ip);
  const [pair] = await count(db, [limits.pair]);
  if (!pair) throw new Error('login limits not counted');
  if (pair.count > pair.limit.max) {
    let seconds = pair.seconds;
    // The attempt that crosses the line sets the wait, growing with each crossing.
    if (pair.count === pair.limit.max + 1) {
      const [strikes] = await count(db, [limits.strikes]);
      seconds = Math.min(
        FIRST_WAIT_SECONDS * 2 ** Math.max(0, (strikes?.count ?? 1) - 1),
        LONGEST_WAIT_SECONDS,
      );
      await block(db, limits.pair, seconds);
    }
    throw loginThrottled(seconds);
  }
  const [address] = await count(db, [limits.address]);
  if (!address) throw new Error('login limits not counted');
  if (address.count > address.limit.max) {
    await refund(db, [limits.pair]);
    throw loginThrottled(address.seconds);
  }
  return limits;
}

/**
 * Checks email and password. Unknown accounts, accounts without a password and wrong passwords
 * all fail alike, after the same argon2 work, with the same message.
 */
export async function verifyCredentials(
  db: Database,
  email: string,
  password: string,
  ip: string,
): Promise<SessionUser> {
  const limits = await countLoginAttempt(db, email, ip);
  const [row] = await db
    .select({ ...userColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, isNull(users.deletedAt)));
  const valid = await verifyPassword(row?.passwordHash ?? null, password);
  if (!row || !valid) throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.invalidCredentials);
  await clear(db, [limits.pair.key]);
  await refund(db, [limits.address]);
  return toSessionUser(row);
}

/** For other modules: the security notice sent after any password change. */
export { mailPasswordChanged } from './password-reset.service';

/**
 * The key that signs short-lived cookies (the pending Google sign-in), shared by every server:
 * the first to start makes it, the rest read it.
 */
export async function cookieSigningKey(db: Database): Promise<string> {
  await db
    .insert(appSecrets)
    .values({ name: 'cookie-signing', value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.name, 'cookie-signing'));
  if (!row) throw new Error('the cookie signing key could not be read');
  return row.value;
}
