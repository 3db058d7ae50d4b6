import { ACCOUNT_MESSAGES, type Account, type AccountSession } from '@structomate/contract';
import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sessions, userIdentities, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { clear, consume, inMinutes, type Limit } from '../../lib/rate-limit';
import { hashToken } from '../auth/auth.service';
import { claimImage, imageIdFromUrl } from '../images/images.service';
import { getUserById } from '../users/users.service';

export async function readAccount(db: Database, userId: string): Promise<Account> {
  const user = await getUserById(db, userId);
  if (!user) throw new AppError('UNAUTHORIZED', 'Log in to continue');
  const [row] = await db
    .select({
      hasPassword: sql<boolean>`${users.passwordHash} is not null`,
      google: sql<boolean>`exists (select 1 from ${userIdentities} where ${userIdentities.userId} = ${users.id})`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return { user, hasPassword: Boolean(row?.hasPassword), signsInWithGoogle: Boolean(row?.google) };
}

/** Name and photo; a new photo must be one this person just uploaded. */
export async function updateProfile(
  db: Database,
  userId: string,
  input: { name: string; photoURL?: string | undefined },
): Promise<void> {
  await db.transaction(async (tx) => {
    const imageId = input.photoURL ? imageIdFromUrl(input.photoURL) : undefined;
    if (input.photoURL && (!imageId || !(await claimImage(tx, imageId, userId)))) {
      throw new AppError('VALIDATION_FAILED', 'The photo is not an image uploaded here', [
        { path: 'photoURL', message: 'is not an image uploaded here' },
      ]);
    }
    await tx
      .update(users)
      .set({
        displayName: input.name,
        ...(imageId ? { photoImageId: imageId, photoUrl: null } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, userId));
  });
}

const wrongPasswordLimit = (userId: string): Limit => ({
  key: `password-change:${userId}`,
  max: 5,
  windowMs: 15 * 60_000,
});

/**
 * Asks for the current password before a change that hands the account over (password, email,
 * deletion); an account that signs in only with Google has none to give. Wrong guesses are
 * throttled per account.
 */
export async function checkCurrentPassword(
  db: Database,
  userId: string,
  currentPassword: string | undefined,
): Promise<void> {
  const [row] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  if (!row?.passwordHash) return;
  if (!currentPassword) {
    throw new AppError('VALIDATION_FAILED', ACCOUNT_MESSAGES.currentRequired, [
      { path: 'currentPassword', message: ACCOUNT_MESSAGES.currentRequired },
    ]);
  }
  // Counted before the check, so parallel guesses cannot outrun the count.
  const limit = wrongPasswordLimit(userId);
  await consume(
    db,
    [limit],
    (seconds) => `Too many wrong passwords. Try again in ${inMinutes(seconds)}.`,
  );
  if (!(await verifyPassword(row.passwordHash, currentPassword))) {
    throw new AppError('VALIDATION_FAILED', ACCOUNT_MESSAGES.wrongPassword, [
      { path: 'currentPassword', message: ACCOUNT_MESSAGES.wrongPassword },
    ]);
  }
  await clear(db, [limit.key]);
}

/**
 * A new password, with the current one (an account that signs in only with Google may set its
 * first without). Every other session of the account ends; this one stays.
 */
export async function changePassword(
  db: Database,
  userId: string,
  currentToken: string,
  input: { currentPassword?: string | undefined; newPassword: string },
): Promise<void> {
  await checkCurrentPassword(db, userId, input.currentPassword);
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
    await signOutOthers(tx, userId, currentToken);
  });
}

/** Ends every session of the person but the one asking; says how many ended. */
export async function signOutOthers(
  db: Database,
  userId: string,
  currentToken: string,
): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, hashToken(currentToken))))
    .returning({ userId: sessions.userId });
  return ended.length;
}

/** The person's signed-in sessions, newest first, the current one marked. */
export async function listSessions(
  db: Database,
  userId: string,
  currentToken: string,
): Promise<AccountSession[]> {
  const current = hashToken(currentToken);
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.createdAt));
  return rows.map((row) => ({
    // A prefix of the hash names a session without giving anything away.
    id: row.tokenHash.slice(0, 12),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    userAgent: row.userAgent,
    current: row.tokenHash === current,
  }));
}
