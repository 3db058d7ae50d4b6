import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Something a person is to be told by email, written in the transaction of what happened (a
 * payment, a decision). A job turns each into a message, honouring the person's preferences.
 * A notice that must go once (a month's reminder) carries a key: a second one is never written.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    onceKey: text('once_key').unique(),
    data: jsonb('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the job wrote its mail (or skipped it: the person had turned the topic off). */
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.processedAt} is null`),
    index('notifications_user_idx').on(t.userId),
  ],
);

/** What a person gets by email; no row means the defaults. */
export const mailPreferences = pgTable('mail_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  receipts: boolean('receipts').notNull().default(true),
  rent: boolean('rent').notNull().default(true),
  lease: boolean('lease').notNull().default(true),
  requests: boolean('requests').notNull().default(true),
  announcements: boolean('announcements').notNull().default(false),
  repairs: boolean('repairs').notNull().default(true),
  repairUpdates: boolean('repair_updates').notNull().default(true),
  repairVisits: boolean('repair_visits').notNull().default(true),
  repairComments: boolean('repair_comments').notNull().default(true),
  /** In every unsubscribe link of this person's mail; it can only turn topics off. */
  unsubscribeToken: text('unsubscribe_token').notNull().unique(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
