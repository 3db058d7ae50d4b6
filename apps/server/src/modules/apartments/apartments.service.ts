import type {
  Apartment,
  ApartmentListQuery,
  ApartmentListResponse,
  BlockOccupancy,
} from '@structomate/contract';
import { APARTMENT_MESSAGES } from '@structomate/contract';
import { and, asc, count, desc, eq, lte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { agreements, apartmentPhotos, apartments, leaseHolds } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { rowsOf } from '../../lib/sql-rows';
import { z } from 'zod';
import { imageUrl } from '../images/images.service';

/** What the listing shows for an apartment with no photo yet: a drawing of an empty room. */
export const PLACEHOLDER_PHOTO_URL = '/apartment-placeholder.svg';

/** The photo the listing shows: the apartment's first, or null when it has none. */
export const coverImageId = sql<string | null>`(
  select cover.image_id from ${apartmentPhotos} as cover
  where cover.apartment_id = ${apartments}.id
  order by cover.position limit 1
)`;

export const apartmentPhotoUrl = (imageId: string | null) =>
  imageId ? imageUrl(imageId) : PLACEHOLDER_PHOTO_URL;

/** Only listed apartments are on the public listing and their agreement pages. */
const isListed = eq(apartments.status, 'listed');

/**
 * An apartment is occupied on `today` while an accepted lease holds it (one at most, by a unique
 * index) and that lease's last day, if notice set one, has not passed.
 */
// Written with explicit qualifiers: Drizzle renders columns unqualified in single-table selects,
// which would make `apartment_id = id` compare the agreement with itself.
const isAvailable = (today: string) => sql<boolean>`not exists (
  select 1 from ${agreements} as lease
  where lease.apartment_id = ${apartments}.id and ${leaseHolds(sql`lease`, today)}
)`;

const apartmentColumns = (today: string) => ({
  id: apartments.id,
  apartmentNo: apartments.apartmentNo,
  details: apartments.details,
  imageId: coverImageId,
  floorNo: apartments.floorNo,
  blockName: apartments.blockName,
  rent: apartments.rent,
  available: isAvailable(today),
});

type ApartmentRow = Pick<
  typeof apartments.$inferSelect,
  'id' | 'apartmentNo' | 'details' | 'floorNo' | 'blockName' | 'rent'
> & { available: boolean; imageId: string | null };

function toApartment(row: ApartmentRow): Apartment {
  return {
    _id: row.id,
    apartmentNo: row.apartmentNo,
    details: row.details,
    apartmentImage: apartmentPhotoUrl(row.imageId),
    floorNo: row.floorNo,
    blockName: row.blockName,
    rent: row.rent,
    available: row.available,
  };
}

/**
 * One page of apartments, most expensive first, as they stand on `today` (the building's day);
 * filtering, order and paging happen in SQL.
 */
export async function listApartments(
  db: Database,
  query: ApartmentListQuery,
  today: string,
): Promise<ApartmentListResponse> {
  const filter: SQL | undefined =
    query.maxRent === undefined
      ? isListed
      : and(isListed, lte(apartments.rent, Math.floor(query.maxRent)));
  const [totals] = await db.select({ total: count() }).from(apartments).where(filter);
  const total = totals?.total ?? 0;
  const rows = await db
    .select(apartmentColumns(today))
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

export async function getApartment(db: Database, id: string, today: string): Promise<Apartment> {
  const [row] = await db
    .select(apartmentColumns(today))
    .from(apartments)
    .where(and(eq(apartments.id, id), isListed));
  if (!row) throw notFound(APARTMENT_MESSAGES.notFound);
  return toApartment(row);
}

/**
 * How many apartments each block has and how many accepted leases occupy (admin stats); the
 * archive is out of use and not counted. Kept for the building's day (ADR 017): triggers give a
 * new occupancy version with any change to an apartment or a lease, and the kept blocks are read
 * only while their day and version are those of now. Otherwise they are worked out, with the
 * version, in one statement (one snapshot), and kept in place of the old.
 */
export async function occupancyByBlock(db: Database, today: string): Promise<BlockOccupancy[]> {
  const version = sql`coalesce((select v.version from occupancy_version v where v.id = 1), 0)`;
  const kept = await db.execute(sql`
    select block_name, total, occupied from occupancy_figures
    where computed_for = ${today}::date and version = ${version}
    order by block_name`);
  const keptBlocks = rowsOf(blockRow, kept);
  if (keptBlocks.length) return keptBlocks.map(toBlockOccupancy);
  // Joined rather than asked per apartment: one pass over the apartments and the leases that
  // hold one (at most one each, so the join adds no rows). Blocks are written in one order, so
  // two servers keeping them at once never wait for each other in a circle.
  const workedOut = await db.execute(sql`
    with worked as (
      select a.block_name,
        -- The rooms to let: listed, or let (an unlisted flat a lease still holds). A vacant
        -- unlisted flat is not offered, so it is not an available room either.
        count(*) filter (where a.status = 'listed' or lease.id is not null) as total,
        count(lease.id) as occupied
      from ${apartments} a
      left join ${agreements} lease
        on lease.apartment_id = a.id and ${leaseHolds(sql`lease`, today)}
      where a.status <> 'archived'
      group by a.block_name
    ),
    kept as (
      insert into occupancy_figures (block_name, computed_for, version, total, occupied)
      select block_name, ${today}::date, ${version}, total, occupied from worked
      order by block_name
      on conflict (block_name) do update set computed_for = excluded.computed_for,
        version = excluded.version, total = excluded.total, occupied = excluded.occupied
    )
    select block_name, total, occupied from worked order by block_name`);
  // Ordered by the database, as the kept blocks are read, so both answers list them alike.
  return rowsOf(blockRow, workedOut).map(toBlockOccupancy);
}

const blockRow = z.object({
  block_name: z.string(),
  total: z.coerce.number().int(),
  occupied: z.coerce.number().int(),
});

const toBlockOccupancy = (row: z.infer<typeof blockRow>): BlockOccupancy => ({
  blockName: row.block_name,
  total: row.total,
  occupied: row.occupied,
});
