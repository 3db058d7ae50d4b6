import { createHash, randomBytes } from 'node:crypto';
import { AUTH_MESSAGES, type SessionUser } from '@structomate/contract';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { agreements, sessions, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { verifyPassword } from '../../lib/passwords';
import { clear, hit, inMinutes, assertNotBlocked, type Limit } from '../../lib/rate-limit';
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
  await db
    .insert(sessions)
    .values({ tokenHash, userId, expiresAt, userAgent: userAgent?.slice(0, 300) ?? null });
  return { token, expiresAt };
}

/**
 * The signed-in user for a token, read fresh on every request: a role change or a removal
 * shows on the very next call.
 */
export async function userForToken(
  db: Database,
  token: string,
): Promise<{ user: SessionUser; leaseEndsOn: string | null } | null> {
  const [row] = await db
    .select({
      ...userColumns,
      // A member's lease may end by notice: the caller closes it once its last day has passed.
      leaseEndsOn: sql<string | null>`(
        select to_char(lease.ends_on, 'YYYY-MM-DD') from ${agreements} as lease
        where lease.tenant_id = ${users.id} and lease.status = 'accepted'
      )`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, sql`now()`)));
  return row ? { user: toSessionUser(row), leaseEndsOn: row.leaseEndsOn } : null;
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
/** Failed logins allowed per account, and per address (several people may share one). */
const MAX_FAILURES_PER_ACCOUNT = 5;
const MAX_FAILURES_PER_ADDRESS = 20;

const loginLimits = (email: string, ip: string): Limit[] => [
  {
    key: `login:account:${email.toLowerCase()}`,
    max: MAX_FAILURES_PER_ACCOUNT,
    windowMs: FAILURE_WINDOW_MS,
  },
  { key: `login:address:${ip}`, max: MAX_FAILURES_PER_ADDRESS, windowMs: FAILURE_WINDOW_MS },
];

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
  const limits = loginLimits(email, ip);
  await assertNotBlocked(
    db,
    limits,
    (seconds) => `Too many failed logins. Try again in ${inMinutes(seconds)}.`,
  );
  const [row] = await db
    .select({ ...userColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  const valid = await verifyPassword(row?.passwordHash ?? null, password);
  if (!row || !valid) {
    await hit(db, limits);
    throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.invalidCredentials);
  }
  await clear(db, [limits[0]?.key ?? '']);
  return toSessionUser(row);
}

/** For other modules: the security notice sent after any password change. */
export { mailPasswordChanged } from './password-reset.service';
