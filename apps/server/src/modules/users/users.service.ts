import {
  atReservedDomain,
  oneLineFrom,
  type AdminStats,
  type RegistrationRequest,
  type Role,
  type SessionUser,
  type UserListPage,
} from '@structomate/contract';
import { and, count, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { agreements, apartments, userIdentities, users } from '../../db/schema';
import { AppError, conflict, notFound } from '../../lib/app-error';
import { likePattern } from '../../lib/like-pattern';
import { hashPassword } from '../../lib/passwords';
import { calendarDay } from '../../lib/clock';
import { occupancyByBlock } from '../apartments/apartments.service';
import { claimImage, imageIdFromUrl, personPhotoUrl } from '../images/images.service';
import { rentCollectedByMonth } from '../payments/payments.service';

export const userColumns = {
  id: users.id,
  email: users.email,
  displayName: users.displayName,
  photoImageId: users.photoImageId,
  photoUrl: users.photoUrl,
  role: users.role,
  // The table named in full: a one-table select names its columns bare, which inside this
  // subquery would be the agreement's own id.
  formerTenant: sql<boolean>`exists (
    select 1 from ${agreements} as past
    where past.tenant_id = ${users}.id and past.status = 'ended'
  )`,
};

interface UserRow {
  id: string;
  email: string;
  displayName: string;
  photoImageId: string | null;
  photoUrl: string | null;
  role: Role;
  formerTenant: boolean;
}

export function toSessionUser(row: UserRow): SessionUser {
  return {
    _id: row.id,
    email: row.email,
    displayName: row.displayName,
    photoURL: personPhotoUrl(row.photoImageId, row.photoUrl),
    role: row.role,
    formerTenant: row.formerTenant,
  };
}

const byEmail = (email: string) => sql`lower(${users.email}) = lower(${email})`;

/** A deleted account is nobody's: its made-up address names no account. */
const liveByEmail = (email: string) => and(byEmail(email), isNull(users.deletedAt));

export async function userExists(db: Database, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(liveByEmail(email));
  return row !== undefined;
}

export async function getUserByEmail(db: Database, email: string): Promise<SessionUser> {
  const [row] = await db.select(userColumns).from(users).where(liveByEmail(email));
  if (!row) throw notFound('No account has this email');
  return toSessionUser(row);
}

export async function getUserById(db: Database, id: string): Promise<SessionUser | undefined> {
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, id));
  return row && toSessionUser(row);
}

/**
 * The person `id` as their rent account names them, and whether their account was deleted (its
 * books stay, under "Deleted account"), in one read.
 */
export async function getAccountHolder(
  db: Database,
  id: string,
): Promise<(SessionUser & { deleted: boolean }) | undefined> {
  const [row] = await db
    .select({ ...userColumns, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, id));
  return row && { ...toSessionUser(row), deleted: row.deletedAt !== null };
}

/**
 * The person `id`'s row, held (shared) until the caller's transaction ends, and whether their
 * account was deleted: money recorded for them meanwhile and their account's deletion take
 * turns. A deletion under way finishes first (and the caller refuses) or waits, and then sees
 * what the caller recorded. Undefined: no such person.
 */
export async function holdPerson(
  tx: Database,
  id: string,
): Promise<{ name: string; deleted: boolean } | undefined> {
  const [row] = await tx
    .select({ name: users.displayName, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, id))
    .for('share');
  return row && { name: row.name, deleted: row.deletedAt !== null };
}

/**
 * Holds the lease's row, then the person's (shared), until the caller's transaction ends: the
 * order Remove member, a lease's end and an account's deletion take them in, so none of them can
 * deadlock with money recorded for them. `no key update` also makes the lease's deposit entries
 * take turns (their trigger takes the same lock), so what is held before one is exact; `share`
 * only makes Remove member's and a lease's end's updates wait. The person as `holdPerson` gives
 * them: an account deletion under way finishes first (and the caller refuses) or waits, and then
 * finds what the caller recorded.
 */
export async function holdLeaseThenPerson(
  tx: Database,
  leaseId: string,
  personId: string,
  lock: 'share' | 'no key update',
): ReturnType<typeof holdPerson> {
  await tx
    .select({ id: agreements.id })
    .from(agreements)
    .where(eq(agreements.id, leaseId))
    .for(lock);
  return holdPerson(tx, personId);
}

const DUPLICATE_EMAIL = 'An account with this email already exists. Log in instead.';

/** Registration's email check, asked before the photo is uploaded; the same 409 as registering. */
export async function assertEmailFree(db: Database, email: string): Promise<void> {
  if (await userExists(db, email)) throw conflict(DUPLICATE_EMAIL);
}

/** Registration: a `user` with an argon2id hash; the uploaded photo becomes theirs. */
export async function registerUser(db: Database, input: RegistrationRequest): Promise<SessionUser> {
  const passwordHash = await hashPassword(input.password);
  const imageId = imageIdFromUrl(input.photoURL);
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(users)
      .values({
        email: input.email,
        displayName: input.name,
        role: 'user',
        passwordHash,
        photoImageId: null,
      })
      // The unique index on lower(email) decides a race between two registrations.
      .onConflictDoNothing()
      .returning(userColumns);
    const row = inserted[0];
    if (!row) throw conflict(DUPLICATE_EMAIL);
    if (imageId) {
      if (!(await claimImage(tx, imageId, row.id))) {
        throw new AppError('VALIDATION_FAILED', 'photoURL is not an image uploaded here', [
          { path: 'photoURL', message: 'is not an image uploaded here' },
        ]);
      }
      await tx.update(users).set({ photoImageId: imageId }).where(eq(users.id, row.id));
      row.photoImageId = imageId;
    }
    return toSessionUser(row);
  });
}

export interface ExternalIdentity {
  issuer: string;
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  name: string | undefined;
  picture: string | undefined;
}

/**
 * An OpenID Connect sign-in: found by issuer and subject. A first sign-in joins an existing
 * account only when the provider vouches for the email; otherwise it creates a `user`. A deleted
 * account is never found: the account found is held (shared) until the provider's account is
 * linked to it, so a deletion under way finishes first (and the account is not found) or waits,
 * and then removes the link with the rest. The session is written after, by createSession.
 */
export async function findOrCreateExternalUser(
  db: Database,
  identity: ExternalIdentity,
): Promise<{ user: SessionUser; created: boolean }> {
  return db.transaction(async (tx) => {
    const [linked] = await tx
      .select(userColumns)
      .from(userIdentities)
      .innerJoin(users, eq(users.id, userIdentities.userId))
      .where(
        and(
          eq(userIdentities.issuer, identity.issuer),
          eq(userIdentities.subject, identity.subject),
          isNull(users.deletedAt),
        ),
      )
      .for('share', { of: users });
    if (linked) return { user: toSessionUser(linked), created: false };

    if (!identity.email) throw new AppError('BAD_REQUEST', 'The identity provider sent no email');
    const [sameEmail] = await tx
      .select(userColumns)
      .from(users)
      .where(liveByEmail(identity.email))
      .for('share');
    // A new account takes no address at a reserved domain, as signing up does not.
    if (!sameEmail && atReservedDomain(identity.email)) {
      throw new AppError('BAD_REQUEST', 'The identity provider sent no usable email');
    }
    if (sameEmail && !identity.emailVerified) {
      throw conflict('An account with this email exists; the provider has not verified the email');
    }
    const picture = identity.picture?.startsWith('https://') ? identity.picture : null;
    const user =
      sameEmail ??
      (
        await tx
          .insert(users)
          .values({
            email: identity.email,
            displayName:
              oneLineFrom(identity.name, 80) || identity.email.split('@')[0] || 'Resident',
            role: 'user',
            photoUrl: picture,
          })
          .returning(userColumns)
      )[0];
    if (!user) throw new AppError('INTERNAL', 'Could not create the account');
    // A link to an account recorded as it was deleted (by a server of an earlier release, which
    // did not hold the account) would keep the provider's account from ever signing in again: it
    // goes now.
    await tx
      .delete(userIdentities)
      .where(
        and(
          eq(userIdentities.issuer, identity.issuer),
          eq(userIdentities.subject, identity.subject),
          sql`${userIdentities.userId} in (select ${users.id} from ${users} where ${users.deletedAt} is not null)`,
        ),
      );
    await tx.insert(userIdentities).values({
      userId: user.id,
      issuer: identity.issuer,
      subject: identity.subject,
    });
    return { user: toSessionUser(user), created: !sameEmail };
  });
}

export async function countByRole(db: Database): Promise<Record<Role, number>> {
  // A deleted account is nobody's any more: kept only so its leases and payments have a payer.
  const rows = await db
    .select({ role: users.role, n: count() })
    .from(users)
    .where(isNull(users.deletedAt))
    .groupBy(users.role);
  const counts: Record<Role, number> = { user: 0, member: 0, admin: 0 };
  for (const row of rows) counts[row.role] = row.n;
  return counts;
}

/** Spec §3 admin stats, every figure counted now (the months by the building's calendar). */
export async function adminStats(db: Database, now: Date, timeZone: string): Promise<AdminStats> {
  const [blocks, roles, rentCollected] = await Promise.all([
    occupancyByBlock(db, calendarDay(now, timeZone)),
    countByRole(db),
    rentCollectedByMonth(db, now, timeZone),
  ]);
  const total = blocks.reduce((sum, block) => sum + block.total, 0);
  const occupied = blocks.reduce((sum, block) => sum + block.occupied, 0);
  return {
    totalRooms: total,
    occupiedRooms: occupied,
    availableRooms: total - occupied,
    users: roles.user,
    members: roles.member,
    blocks,
    rentCollected,
  };
}

/**
 * Every account for the admin, newest first, by role and by part of the name or email, with the
 * person's latest lease request; filtered, counted and paged in the database.
 */
export async function listUsers(
  db: Database,
  query: { page: number; limit: number; role?: Role; q?: string },
): Promise<UserListPage> {
  // Deleted accounts are not people to manage (their books stay, under "Deleted account").
  const filters: SQL[] = [isNull(users.deletedAt)];
  if (query.role) filters.push(eq(users.role, query.role));
  if (query.q) {
    const text = or(
      ilike(users.displayName, likePattern(query.q)),
      ilike(users.email, likePattern(query.q)),
    );
    if (text) filters.push(text);
  }
  const where = and(...filters);
  const latest = db
    .select({
      status: agreements.status,
      apartmentNo: apartments.apartmentNo,
    })
    .from(agreements)
    .innerJoin(apartments, eq(apartments.id, agreements.apartmentId))
    .where(eq(agreements.tenantId, users.id))
    .orderBy(desc(agreements.signedAt))
    .limit(1)
    .as('latest');
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: users.id,
        displayName: users.displayName,
        email: users.email,
        role: users.role,
        createdAt: users.createdAt,
        status: latest.status,
        apartmentNo: latest.apartmentNo,
        // A lease accepted once, running or ended, whatever they asked for since.
        hasRentAccount: sql<boolean>`exists (select 1 from ${agreements} where ${agreements.tenantId} = ${users.id} and ${agreements.status} in ('accepted', 'ended'))`,
      })
      .from(users)
      .leftJoinLateral(latest, sql`true`)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(users).where(where),
  ]);
  const total = counted?.n ?? 0;
  return {
    result: rows.map((row) => ({
      _id: row.id,
      displayName: row.displayName,
      email: row.email,
      role: row.role,
      joinedAt: row.createdAt.toISOString(),
      latestRequest:
        row.status && row.apartmentNo ? { status: row.status, apartmentNo: row.apartmentNo } : null,
      hasRentAccount: row.hasRentAccount,
    })),
    total,
    page: query.page,
    limit: query.limit,
    pageCount: Math.max(1, Math.ceil(total / query.limit)),
  };
}
