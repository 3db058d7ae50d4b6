import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { announcementAudience } from './enums';
import { users } from './users';

export const announcements = pgTable(
  'announcements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    details: text('details').notNull(),
    type: announcementAudience('type').notNull(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('announcements_title_length', sql`length(trim(${t.title})) between 1 and 120`),
    check('announcements_details_length', sql`length(trim(${t.details})) between 1 and 5000`),
    index('announcements_type_created_idx').on(t.type, t.createdAt.desc().nullsFirst()),
  ],
);
