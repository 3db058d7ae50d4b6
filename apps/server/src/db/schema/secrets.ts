import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Keys every app server must share and none may invent alone (the key that signs short-lived
 * cookies): made once by whichever server starts first, read by the others.
 */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
