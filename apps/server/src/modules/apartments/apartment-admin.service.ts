import {
  APARTMENT_MESSAGES,
  APARTMENT_STATUS_LABELS,
  type AdminApartmentSort,
  type AdminApartmentStatusFilter,
  type ApartmentStatus,
  type ImportedApartment,
  type ManagedApartment,
  type ManagedApartmentPage,
} from '@structomate/contract';
import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { agreements, apartmentPhotos, apartments, images, users } from '../../db/schema';
import { AppError, conflict, notFound } from '../../lib/app-error';
import { uniqueViolation } from '../../lib/db-errors';
import { apartmentNoContains } from '../../lib/apartment-number';
import { likePattern } from '../../lib/like-pattern';
import { recordAudit, type AuditActor } from '../audit/audit.service';
import { imageIdFromUrl, imageUrl } from '../images/images.service';

/** What the admin types for an apartment, parsed by the contract. */
export interface ApartmentInput {
  apartmentNo: string;
  blockName: string;
  floorNo: number;
  rent: number;
  details: string;
  photos: string[];
}

export interface ApartmentFilters {
  q?: string;
  status: AdminApartmentStatusFilter;
  block?: string;
  floor?: number;
  occupancy?: 'occupied' | 'vacant';
  sort: AdminApartmentSort;
}

// Subqueries name their tables by hand: Drizzle renders bare column names, which inside them
// would bind to the inner table.
const isOccupied = sql<boolean>`exists (
  select 1 from ${agreements} as lease
  where lease.apartment_id = ${apartments}.id and lease.status = 'accepted'
)`;
const pendingCount = sql<number>`(
  select count(*)::int from ${agreements} as request
  where request.apartment_id = ${apartments}.id and request.status = 'pending'
)`;
const hasHistory = sql<boolean>`exists (
  select 1 from ${agreements} as any_request where any_request.apartment_id = ${apartments}.id
)`;

function whereOf(filters: ApartmentFilters): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.status === 'current') conditions.push(ne(apartments.status, 'archived'));
  else conditions.push(eq(apartments.status, filters.status));
  if (filters.block) conditions.push(eq(apartments.blockName, filters.block));
  if (filters.floor !== undefined) conditions.push(eq(apartments.floorNo, filters.floor));
  if (filters.occupancy === 'occupied') conditions.push(isOccupied);
  if (filters.occupancy === 'vacant') conditions.push(sql`not ${isOccupied}`);
  if (filters.q) {
    const pattern = likePattern(filters.q);
    const text = or(
      apartmentNoContains(apartments.apartmentNo, filters.q),
      ilike(apartments.blockName, pattern),
      ilike(apartments.details, pattern),
    );
    if (text) conditions.push(text);
  }
  return and(...conditions);
}

const orderOf: Record<AdminApartmentSort, SQL[]> = {
  number: [sql`lower(${apartments.apartmentNo})`],
  'rent-desc': [desc(apartments.rent), sql`lower(${apartments.apartmentNo})`],
  'rent-asc': [asc(apartments.rent), sql`lower(${apartments.apartmentNo})`],
  floor: [asc(apartments.floorNo), sql`lower(${apartments.apartmentNo})`],
  updated: [desc(apartments.updatedAt)],
};

const managedColumns = {
  id: apartments.id,
  apartmentNo: apartments.apartmentNo,
  blockName: apartments.blockName,
  floorNo: apartments.floorNo,
  rent: apartments.rent,
  details: apartments.details,
  status: apartments.status,
  version: apartments.version,
  updatedAt: apartments.updatedAt,
  tenantId: users.id,
  tenantName: users.displayName,
  tenantEmail: users.email,
  pendingRequests: pendingCount,
  hasHistory,
};

const selectManaged = (db: Database) =>
  db
    .select(managedColumns)
    .from(apartments)
    .leftJoin(
      agreements,
      and(eq(agreements.apartmentId, apartments.id), eq(agreements.status, 'accepted')),
    )
    .leftJoin(users, eq(users.id, agreements.tenantId));

type ManagedRow = Awaited<ReturnType<typeof selectManaged>>[number];

async function photosOf(db: Database, apartmentIds: string[]) {
  if (apartmentIds.length === 0) return new Map<string, ManagedApartment['photos']>();
  const rows = await db
    .select({
      apartmentId: apartmentPhotos.apartmentId,
      imageId: apartmentPhotos.imageId,
      width: images.width,
      height: images.height,
    })
    .from(apartmentPhotos)
    .innerJoin(images, eq(images.id, apartmentPhotos.imageId))
    .where(inArray(apartmentPhotos.apartmentId, apartmentIds))
    .orderBy(apartmentPhotos.apartmentId, apartmentPhotos.position);
  const byApartment = new Map<string, ManagedApartment['photos']>();
  for (const row of rows) {
    const list = byApartment.get(row.apartmentId) ?? [];
    list.push({ url: imageUrl(row.imageId), width: row.width, height: row.height });
    byApartment.set(row.apartmentId, list);
  }
  return byApartment;
}

function toManaged(row: ManagedRow, photos: ManagedApartment['photos']): ManagedApartment {
  return {
    _id: row.id,
    apartmentNo: row.apartmentNo,
    blockName: row.blockName,
    floorNo: row.floorNo,
    rent: row.rent,
    details: row.details,
    status: row.status,
    version: row.version,
    photos,
    tenant:
      row.tenantId && row.tenantName && row.tenantEmail
        ? { _id: row.tenantId, name: row.tenantName, email: row.tenantEmail }
        : null,
    pendingRequests: Number(row.pendingRequests),
    hasHistory: Boolean(row.hasHistory),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The admin's Apartments page: filtered, sorted, counted and paged in the database. */
export async function listManagedApartments(
  db: Database,
  query: ApartmentFilters & { page: number; limit: number },
): Promise<ManagedApartmentPage> {
  const where = whereOf(query);
  const [rows, [counted], blocks] = await Promise.all([
    selectManaged(db)
      .where(where)
      .orderBy(...orderOf[query.sort], apartments.id)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(apartments).where(where),
    db
      .selectDistinct({ blockName: apartments.blockName })
      .from(apartments)
      .orderBy(apartments.blockName),
  ]);
  const photos = await photosOf(
    db,
    rows.map((row) => row.id),
  );
  const total = counted?.n ?? 0;
  return {
    result: rows.map((row) => toManaged(row, photos.get(row.id) ?? [])),
    total,
    page: query.page,
    limit: query.limit,
    pageCount: Math.max(1, Math.ceil(total / query.limit)),
    blocks: blocks.map((row) => row.blockName),
  };
}

/** Every apartment matching the filters, for the CSV export (no paging: the admin asked for all). */
export async function exportManagedApartments(
  db: Database,
  filters: ApartmentFilters,
): Promise<ManagedApartment[]> {
  const rows = await selectManaged(db)
    .where(whereOf(filters))
    .orderBy(...orderOf[filters.sort], apartments.id);
  const photos = await photosOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toManaged(row, photos.get(row.id) ?? []));
}

export async function getManagedApartment(db: Database, id: string): Promise<ManagedApartment> {
  const [row] = await selectManaged(db).where(eq(apartments.id, id));
  if (!row) throw notFound(APARTMENT_MESSAGES.notFound);
  const photos = await photosOf(db, [id]);
  return toManaged(row, photos.get(id) ?? []);
}

const duplicateNumber = () =>
  new AppError('CONFLICT', APARTMENT_MESSAGES.duplicateNo, [
    { path: 'apartmentNo', message: APARTMENT_MESSAGES.duplicateNo },
  ]);

/** The photos' image ids, in order; each must be an image stored on this site. */
async function photoIds(db: Database, urls: string[]): Promise<string[]> {
  const ids = urls.map((url) => imageIdFromUrl(url) ?? '');
  if (ids.length === 0) return ids;
  const found = await db.select({ id: images.id }).from(images).where(inArray(images.id, ids));
  if (found.length !== new Set(ids).size || ids.includes('')) {
    throw new AppError('BAD_REQUEST', APARTMENT_MESSAGES.unknownPhoto, [
      { path: 'photos', message: APARTMENT_MESSAGES.unknownPhoto },
    ]);
  }
  return ids;
}

async function replacePhotos(db: Database, apartmentId: string, ids: string[]): Promise<void> {
  await db.delete(apartmentPhotos).where(eq(apartmentPhotos.apartmentId, apartmentId));
  if (ids.length === 0) return;
  await db
    .insert(apartmentPhotos)
    .values(ids.map((imageId, position) => ({ apartmentId, position, imageId })));
}

/** Turns "the number is taken" from the unique index into a 409 at the field. */
async function guardNumber<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (uniqueViolation(error) === 'apartments_apartment_no_unique') throw duplicateNumber();
    throw error;
  }
}

/** The audit log's picture of an apartment (what an admin can change). */
const auditView = (apartment: ManagedApartment) => ({
  apartmentNo: apartment.apartmentNo,
  blockName: apartment.blockName,
  floorNo: apartment.floorNo,
  rent: apartment.rent,
  details: apartment.details,
  status: apartment.status,
  photos: apartment.photos.map((photo) => photo.url),
});

export async function createApartment(
  db: Database,
  actor: AuditActor,
  input: ApartmentInput & { status: 'listed' | 'unlisted' },
): Promise<ManagedApartment> {
  return guardNumber(() =>
    db.transaction(async (tx) => {
      const ids = await photoIds(tx, input.photos);
      const [row] = await tx
        .insert(apartments)
        .values({
          apartmentNo: input.apartmentNo,
          blockName: input.blockName,
          floorNo: input.floorNo,
          rent: input.rent,
          details: input.details,
          status: input.status,
        })
        .returning({ id: apartments.id });
      if (!row) throw new Error('insert returned nothing');
      await replacePhotos(tx, row.id, ids);
      const created = await getManagedApartment(tx, row.id);
      await recordAudit(tx, actor, {
        action: 'apartment.create',
        subjectType: 'apartment',
        subjectId: row.id,
        summary: `Added apartment ${created.apartmentNo} (${APARTMENT_STATUS_LABELS[created.status].toLowerCase()})`,
        after: auditView(created),
      });
      return created;
    }),
  );
}

/**
 * Locks the apartment for the rest of the transaction and checks the version the admin's form
 * was filled from: a save over a change made meanwhile is a 409, never an overwrite. Signing and
 * accepting a lease take the same row lock, so they wait for the change or it waits for them.
 */
async function lockAt(db: Database, id: string, version: number): Promise<ManagedApartment> {
  const [locked] = await db
    .select({ version: apartments.version })
    .from(apartments)
    .where(eq(apartments.id, id))
    .for('update');
  if (!locked) throw notFound(APARTMENT_MESSAGES.notFound);
  if (locked.version !== version) throw conflict(APARTMENT_MESSAGES.changedMeanwhile);
  return getManagedApartment(db, id);
}

const bumpVersion = { version: sql`${apartments.version} + 1`, updatedAt: sql`now()` };

/** Saves the admin's edit. A new rent applies to leases signed from now on: a lease keeps its own. */
export async function updateApartment(
  db: Database,
  actor: AuditActor,
  id: string,
  input: ApartmentInput & { version: number },
): Promise<ManagedApartment> {
  return guardNumber(() =>
    db.transaction(async (tx) => {
      const before = await lockAt(tx, id, input.version);
      const ids = await photoIds(tx, input.photos);
      await tx
        .update(apartments)
        .set({
          apartmentNo: input.apartmentNo,
          blockName: input.blockName,
          floorNo: input.floorNo,
          rent: input.rent,
          details: input.details,
          ...bumpVersion,
        })
        .where(eq(apartments.id, id));
      await replacePhotos(tx, id, ids);
      const after = await getManagedApartment(tx, id);
      await recordAudit(tx, actor, {
        action: 'apartment.update',
        subjectType: 'apartment',
        subjectId: id,
        summary:
          before.rent === after.rent
            ? `Changed apartment ${after.apartmentNo}`
            : `Changed apartment ${after.apartmentNo}; rent for new leases ${before.rent.toLocaleString('en-US')} → ${after.rent.toLocaleString('en-US')} BDT`,
        before: auditView(before),
        after: auditView(after),
      });
      return after;
    }),
  );
}

const statusVerb: Record<ApartmentStatus, string> = {
  listed: 'Listed',
  unlisted: 'Unlisted',
  archived: 'Archived',
};

/**
 * Lists, unlists, archives or restores an apartment. Archiving waits until nobody lives there
 * and no request waits on it: the row lock makes a request signed at the same moment either
 * come first (and be seen) or find the apartment archived.
 */
export async function changeApartmentStatus(
  db: Database,
  actor: AuditActor,
  id: string,
  change: { status: ApartmentStatus; version: number },
): Promise<ManagedApartment> {
  return db.transaction(async (tx) => {
    const before = await lockAt(tx, id, change.version);
    if (change.status === 'archived') {
      if (before.tenant) throw conflict(APARTMENT_MESSAGES.hasLease(before.apartmentNo));
      if (before.pendingRequests > 0) {
        throw conflict(APARTMENT_MESSAGES.hasRequest(before.apartmentNo));
      }
    }
    if (before.status === change.status) return before;
    await tx
      .update(apartments)
      .set({ status: change.status, ...bumpVersion })
      .where(eq(apartments.id, id));
    const after = await getManagedApartment(tx, id);
    await recordAudit(tx, actor, {
      action: 'apartment.status',
      subjectType: 'apartment',
      subjectId: id,
      summary: `${statusVerb[change.status]} apartment ${after.apartmentNo}`,
      before: { status: before.status },
      after: { status: after.status },
    });
    return after;
  });
}

/** Deletes an apartment nobody ever asked to rent; one with lease history is archived instead. */
export async function deleteApartment(
  db: Database,
  actor: AuditActor,
  id: string,
  version: number,
): Promise<ManagedApartment> {
  return db.transaction(async (tx) => {
    const before = await lockAt(tx, id, version);
    if (before.hasHistory) throw conflict(APARTMENT_MESSAGES.hasHistory(before.apartmentNo));
    await tx.delete(apartments).where(eq(apartments.id, id));
    await recordAudit(tx, actor, {
      action: 'apartment.delete',
      subjectType: 'apartment',
      subjectId: id,
      summary: `Deleted apartment ${before.apartmentNo}`,
      before: auditView(before),
    });
    return before;
  });
}

/** Which of these numbers (any case) some apartment already has. */
export async function takenNumbers(db: Database, numbers: string[]): Promise<Set<string>> {
  if (numbers.length === 0) return new Set();
  const lowered = [...new Set(numbers.map((no) => no.toLowerCase()))];
  const rows = await db
    .select({ no: sql<string>`lower(${apartments.apartmentNo})` })
    .from(apartments)
    .where(inArray(sql`lower(${apartments.apartmentNo})`, lowered));
  return new Set(rows.map((row) => row.no));
}

/**
 * Creates the apartments the admin confirmed from an import's preview, all or none: a number
 * taken meanwhile (or twice in the rows) is a 409 naming it, and nothing is imported.
 */
export async function importApartments(
  db: Database,
  actor: AuditActor,
  rows: ImportedApartment[],
): Promise<number> {
  const seen = new Set<string>();
  const repeated = rows.filter((row) => {
    const key = row.apartmentNo.toLowerCase();
    if (seen.has(key)) return true;
    seen.add(key);
    return false;
  });
  if (repeated.length > 0) {
    throw conflict(`Apartment ${repeated[0]?.apartmentNo} is in the file more than once.`);
  }
  return guardNumber(() =>
    db.transaction(async (tx) => {
      const taken = await takenNumbers(
        tx,
        rows.map((row) => row.apartmentNo),
      );
      const clash = rows.find((row) => taken.has(row.apartmentNo.toLowerCase()));
      if (clash) {
        throw conflict(
          `Apartment ${clash.apartmentNo} was added meanwhile. Preview the file again; nothing was imported.`,
        );
      }
      const inserted = await tx
        .insert(apartments)
        .values(rows)
        .returning({ id: apartments.id, apartmentNo: apartments.apartmentNo });
      const numbers = inserted.map((row) => row.apartmentNo);
      await recordAudit(tx, actor, {
        action: 'apartment.import',
        subjectType: 'apartment',
        subjectId: null,
        summary: `Imported ${inserted.length} ${inserted.length === 1 ? 'apartment' : 'apartments'} from a CSV file: ${numbers.slice(0, 10).join(', ')}${numbers.length > 10 ? ', …' : ''}`,
        after: rows,
      });
      return inserted.length;
    }),
  );
}
