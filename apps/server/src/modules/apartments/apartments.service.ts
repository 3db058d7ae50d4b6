import type {
  Apartment,
  ApartmentListQuery,
  ApartmentListResponse,
  BlockOccupancy,
} from '@structomate/contract';
import { asc, count, desc, eq, lte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { agreements, apartments } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { imageUrl } from '../images/images.service';

/** An apartment is occupied while an accepted lease holds it (one at most, by a unique index). */
// Written with explicit qualifiers: Drizzle renders columns unqualified in single-table selects,
// which would make `apartment_id = id` compare the agreement with itself.
const isAvailable = sql<boolean>`not exists (
  select 1 from ${agreements} as lease
  where lease.apartment_id = ${apartments}.id and lease.status = 'accepted'
)`;

const apartmentColumns = {
  id: apartments.id,
  apartmentNo: apartments.apartmentNo,
  details: apartments.details,
  imageId: apartments.imageId,
  floorNo: apartments.floorNo,
  blockName: apartments.blockName,
  rent: apartments.rent,
  available: isAvailable,
};

type ApartmentRow = typeof apartments.$inferSelect & { available: boolean };

function toApartment(row: Omit<ApartmentRow, 'createdAt'>): Apartment {
  return {
    _id: row.id,
    apartmentNo: row.apartmentNo,
    details: row.details,
    apartmentImage: imageUrl(row.imageId),
    floorNo: row.floorNo,
    blockName: row.blockName,
    rent: row.rent,
    available: row.available,
  };
}

/** One page of apartments, most expensive first; filtering, order and paging happen in SQL. */
export async function listApartments(
  db: Database,
  query: ApartmentListQuery,
): Promise<ApartmentListResponse> {
  const filter: SQL | undefined =
    query.maxRent === undefined ? undefined : lte(apartments.rent, Math.floor(query.maxRent));
  const [totals] = await db.select({ total: count() }).from(apartments).where(filter);
  const total = totals?.total ?? 0;
  const rows = await db
    .select(apartmentColumns)
    .from(apartments)
    .where(filter)
    .orderBy(desc(apartments.rent), asc(apartments.apartmentNo))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return {
    result: rows.map(toApartment),
    total,
    page: query.page,
    limit: query.limit,
    pageCount: Math.max(1, Math.ceil(total / query.limit)),
  };
}

export async function getApartment(db: Database, id: string): Promise<Apartment> {
  const [row] = await db.select(apartmentColumns).from(apartments).where(eq(apartments.id, id));
  if (!row) throw notFound('No apartment has this id');
  return toApartment(row);
}

/** How many apartments each block has and how many accepted leases occupy (admin stats). */
export async function occupancyByBlock(db: Database): Promise<BlockOccupancy[]> {
  const rows = await db
    .select({
      blockName: apartments.blockName,
      total: count(),
      available: sql<number>`count(*) filter (where ${isAvailable})`,
    })
    .from(apartments)
    .groupBy(apartments.blockName)
    .orderBy(apartments.blockName);
  return rows.map((row) => ({
    blockName: row.blockName,
    total: row.total,
    occupied: row.total - Number(row.available),
  }));
}
