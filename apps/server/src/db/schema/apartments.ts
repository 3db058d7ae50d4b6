import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { images } from './images';

export const apartments = pgTable(
  'apartments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    apartmentNo: text('apartment_no').notNull(),
    details: text('details').notNull(),
    imageId: text('image_id')
      .notNull()
      .references(() => images.id, { onDelete: 'restrict' }),
    floorNo: integer('floor_no').notNull(),
    blockName: text('block_name').notNull(),
    /** Whole BDT per month. */
    rent: integer('rent').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('apartments_apartment_no_unique').on(t.apartmentNo),
    check('apartments_rent_positive', sql`${t.rent} > 0`),
    check('apartments_floor_positive', sql`${t.floorNo} > 0`),
    check('apartments_apartment_no_not_blank', sql`length(trim(${t.apartmentNo})) > 0`),
    check('apartments_block_name_not_blank', sql`length(trim(${t.blockName})) > 0`),
    // The listing filters by maximum rent and sorts by rent descending, then number.
    index('apartments_rent_idx').on(t.rent.desc().nullsFirst(), t.apartmentNo),
  ],
);
