import { randomBytes } from 'node:crypto';
import {
  BRAND_NAME,
  BUILDING_MESSAGES,
  LEASE_TERMS,
  SETUP_MESSAGES,
  leaseEndDate,
  parkingTerm,
  type Building,
  type BuildingProfile,
  type LeaseDefaults,
  type SessionUser,
  type SetupStatus,
} from '@structomate/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { building, setupTokens, users } from '../../db/schema';
import { AppError, conflict, forbidden } from '../../lib/app-error';
import { hashPassword } from '../../lib/passwords';
import { hashToken } from '../auth/auth.service';
import { toSessionUser, userColumns } from '../users/users.service';

/**
 * Where the building is and what its leases say until its admin says otherwise: MAP_ADDRESS,
 * and the lease defaults from LEASE_START…LEASE_END (the term's length), PARKING_SPOT,
 * RENT_DUE_DAY and RENT_GRACE_DAYS, with the spec's one month's deposit and 30 days' notice.
 */
export interface BuildingDefaults {
  address: string;
  leaseDefaults: LeaseDefaults;
}

export function buildingDefaults(config: Config): BuildingDefaults {
  const { startDate, endDate, parkingSpot } = config.lease;
  let termMonths = 1;
  while (termMonths < 60 && leaseEndDate(startDate, termMonths) < endDate) termMonths += 1;
  return {
    address: config.mapAddress,
    leaseDefaults: {
      termMonths,
      depositMonths: LEASE_TERMS.depositMonths,
      noticeDays: LEASE_TERMS.noticeDays,
      rentDueDay: config.rent.dueDay,
      graceDays: config.rent.graceDays,
      parking: parkingTerm(parkingSpot),
    },
  };
}

type LeaseDefaultColumns = Pick<
  typeof building.$inferSelect,
  'leaseTermMonths' | 'depositMonths' | 'noticeDays' | 'rentDueDay' | 'graceDays' | 'parking'
>;

/** The admin's lease defaults where set, the first-run defaults elsewhere. */
const leaseDefaultsOf = (
  row: LeaseDefaultColumns | undefined,
  defaults: LeaseDefaults,
): LeaseDefaults => ({
  termMonths: row?.leaseTermMonths ?? defaults.termMonths,
  depositMonths: row?.depositMonths ?? defaults.depositMonths,
  noticeDays: row?.noticeDays ?? defaults.noticeDays,
  rentDueDay: row?.rentDueDay ?? defaults.rentDueDay,
  graceDays: row?.graceDays ?? defaults.graceDays,
  parking: row?.parking ?? defaults.parking,
});

/** What a lease signed now takes. */
export async function readLeaseDefaults(
  db: Database,
  defaults: BuildingDefaults,
): Promise<LeaseDefaults> {
  const [row] = await db
    .select({
      leaseTermMonths: building.leaseTermMonths,
      depositMonths: building.depositMonths,
      noticeDays: building.noticeDays,
      rentDueDay: building.rentDueDay,
      graceDays: building.graceDays,
      parking: building.parking,
    })
    .from(building)
    .where(eq(building.id, 1));
  return leaseDefaultsOf(row, defaults.leaseDefaults);
}

const mapEmbedUrl = (address: string) =>
  `https://www.google.com/maps?q=${encodeURIComponent(address)}&output=embed`;

/** The building's profile; before the first save, the defaults, as version 0. */
export async function readBuilding(db: Database, defaults: BuildingDefaults): Promise<Building> {
  const [row] = await db.select().from(building).where(eq(building.id, 1));
  if (!row) {
    return {
      name: BRAND_NAME,
      address: defaults.address,
      mapEmbedUrl: mapEmbedUrl(defaults.address),
      contactEmail: null,
      contactPhone: null,
      emergencyPhone: null,
      socialLinks: {},
      leaseDefaults: defaults.leaseDefaults,
      version: 0,
    };
  }
  return {
    name: row.name,
    address: row.address,
    mapEmbedUrl: mapEmbedUrl(row.address),
    contactEmail: row.contactEmail,
    contactPhone: row.contactPhone,
    emergencyPhone: row.emergencyPhone,
    socialLinks: row.socialLinks,
    leaseDefaults: leaseDefaultsOf(row, defaults.leaseDefaults),
    version: row.version,
  };
}

const profileColumns = (profile: BuildingProfile) => ({
  name: profile.name,
  address: profile.address,
  contactEmail: profile.contactEmail,
  contactPhone: profile.contactPhone,
  emergencyPhone: profile.emergencyPhone,
  // Links left empty are dropped.
  socialLinks: Object.fromEntries(
    Object.entries(profile.socialLinks).filter((entry): entry is [string, string] =>
      Boolean(entry[1]),
    ),
  ),
});

/**
 * Saves the profile over `version`, the one the admin's form was filled from: a save over a
 * change made meanwhile (another admin, another tab) is a 409, never a silent overwrite.
 */
export async function updateBuilding(
  db: Database,
  profile: BuildingProfile,
  version: number,
  leaseDefaults?: LeaseDefaults,
): Promise<void> {
  const columns = {
    ...profileColumns(profile),
    ...(leaseDefaults && {
      leaseTermMonths: leaseDefaults.termMonths,
      depositMonths: leaseDefaults.depositMonths,
      noticeDays: leaseDefaults.noticeDays,
      rentDueDay: leaseDefaults.rentDueDay,
      graceDays: leaseDefaults.graceDays,
      parking: leaseDefaults.parking,
    }),
  };
  const saved =
    version === 0
      ? await db
          .insert(building)
          .values(columns)
          .onConflictDoNothing()
          .returning({ id: building.id })
      : await db
          .update(building)
          .set({ ...columns, version: sql`${building.version} + 1`, updatedAt: sql`now()` })
          .where(and(eq(building.id, 1), eq(building.version, version)))
          .returning({ id: building.id });
  if (saved.length === 0) throw conflict(BUILDING_MESSAGES.changedMeanwhile);
}

export async function adminExists(db: Database): Promise<boolean> {
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'admin'))
    .limit(1);
  return admin !== undefined;
}

/**
 * A first-run set-up token, while the building has no admin: 256 random bits, of which only the
 * hash is stored. Every server start without an admin adds one; any of them works until one is
 * used, which voids them all.
 */
export async function issueSetupToken(db: Database): Promise<string | undefined> {
  if (await adminExists(db)) return undefined;
  const token = randomBytes(32).toString('base64url');
  await db.insert(setupTokens).values({ tokenHash: hashToken(token) });
  return token;
}

export async function setupStatus(db: Database, token: string | undefined): Promise<SetupStatus> {
  const open = !(await adminExists(db));
  if (!open || !token) return { open, tokenValid: false };
  const [live] = await db
    .select({ tokenHash: setupTokens.tokenHash })
    .from(setupTokens)
    .where(eq(setupTokens.tokenHash, hashToken(token)));
  return { open, tokenValid: live !== undefined };
}

type NewAdmin = { name: string; email: string; password: string };

/** Inserts an admin account; an email that already has an account is a 409 at the field. */
async function insertAdmin(db: Database, admin: NewAdmin, passwordHash: string) {
  const [row] = await db
    .insert(users)
    .values({ email: admin.email, displayName: admin.name, role: 'admin', passwordHash })
    .onConflictDoNothing()
    .returning(userColumns);
  if (!row) {
    throw new AppError('CONFLICT', 'An account with this email already exists.', [
      { path: 'admin.email', message: 'An account with this email already exists.' },
    ]);
  }
  return toSessionUser(row);
}

/** Creates an admin account (`npm run admin:create`); set-up links are void from then on. */
export async function createAdmin(db: Database, admin: NewAdmin): Promise<SessionUser> {
  const created = await insertAdmin(db, admin, await hashPassword(admin.password));
  await db.delete(setupTokens);
  return created;
}

/**
 * First run: the holder of a live set-up token becomes the building's admin and names it. All
 * tokens are deleted in the same transaction, which also makes two claims at once take turns:
 * the second finds its token gone and the building claimed.
 */
export async function claimBuilding(
  db: Database,
  token: string,
  admin: NewAdmin,
  profile: BuildingProfile,
): Promise<SessionUser> {
  const passwordHash = await hashPassword(admin.password);
  const tokenHash = hashToken(token);
  const unclaimable = new Error('no live set-up token');
  const claimed = await db
    .transaction(async (tx) => {
      const voided = await tx.delete(setupTokens).returning({ tokenHash: setupTokens.tokenHash });
      // A wrong token voids nothing: the deletion is rolled back.
      if (!voided.some((row) => row.tokenHash === tokenHash)) throw unclaimable;
      const created = await insertAdmin(tx, admin, passwordHash);
      const columns = profileColumns(profile);
      await tx
        .insert(building)
        .values(columns)
        .onConflictDoUpdate({
          target: building.id,
          set: { ...columns, version: sql`${building.version} + 1`, updatedAt: sql`now()` },
        });
      return created;
    })
    .catch(async (error: unknown) => {
      if (error !== unclaimable) throw error;
      if (await adminExists(db)) throw conflict(SETUP_MESSAGES.done);
      throw forbidden(SETUP_MESSAGES.badToken);
    });
  return claimed;
}
