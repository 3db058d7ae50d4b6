import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { apartmentStatus } from './enums';
import { images } from './images';

export const apartments = pgTable(
  'apartments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    apartmentNo: text('apartment_no').notNull(),
    details: text('details').notNull(),
    floorNo: integer('floor_no').notNull(),
    blockName: text('block_name').notNull(),
    /** Whole BDT per month, for leases signed from now on; a signed lease keeps its own rent. */
    rent: integer('rent').notNull(),
    /** Listed on the public listing; unlisted (kept, not offered); archived (out of use). */
    status: apartmentStatus('status').notNull().default('listed'),
    /** Goes up on every save, so an admin saving over a change made meanwhile is told. */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // "b-402" and "B-402" are the same door.
    uniqueIndex('apartments_apartment_no_unique').on(sql`lower(${t.apartmentNo})`),
    check('apartments_rent_positive', sql`${t.rent} > 0`),
    check('apartments_floor_positive', sql`${t.floorNo} > 0`),
    check('apartments_apartment_no_not_blank', sql`length(trim(${t.apartmentNo})) > 0`),
    check('apartments_block_name_not_blank', sql`length(trim(${t.blockName})) > 0`),
    // The listing filters by maximum rent and sorts by rent descending, then number.
    index('apartments_rent_idx').on(t.rent.desc().nullsFirst(), t.apartmentNo),
    index('apartments_status_no_idx').on(t.status, t.apartmentNo),
  ],
);

/**
 * An apartment's photos in their order (position 0 is the one the listing shows). An apartment
 * may have none yet: the listing then shows a drawing of an empty room.
 */
export const apartmentPhotos = pgTable(
  'apartment_photos',
  {
    apartmentId: uuid('apartment_id')
      .notNull()
      .references(() => apartments.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    imageId: text('image_id')
      .notNull()
      .references(() => images.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.apartmentId, t.position] }),
    check('apartment_photos_position_range', sql`${t.position} between 0 and 11`),
    index('apartment_photos_image_idx').on(t.imageId),
  ],
);
