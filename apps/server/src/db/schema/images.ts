import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/** Binary data as a Buffer, whichever driver (PGlite or node-postgres) read it. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** Re-encoded images (uploads and demo artwork), addressed by the SHA-256 of their bytes. */
export const images = pgTable(
  'images',
  {
    id: text('id').primaryKey(),
    mimeType: text('mime_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    byteSize: integer('byte_size').notNull(),
    data: bytea('data').notNull(),
    /** Who uploaded it; null for artwork and for a registration still in progress. */
    ownerId: uuid('owner_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('images_id_is_sha256', sql`${t.id} ~ '^[0-9a-f]{64}$'`),
    check('images_mime_type_known', sql`${t.mimeType} in ('image/webp')`),
    check('images_dimensions_positive', sql`${t.width} > 0 and ${t.height} > 0`),
    check('images_byte_size_matches', sql`${t.byteSize} = octet_length(${t.data})`),
    index('images_owner_idx').on(t.ownerId),
  ],
);
