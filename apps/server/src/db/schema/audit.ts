import type { AuditAction } from '@structomate/contract';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The audit log: who did what, to what (before and after), when and from where. Append-only: a
 * trigger (migration 0005) refuses UPDATE and DELETE, so not even the app can rewrite history.
 * The actor is copied (email, name) rather than referenced, so a row outlives its account.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    action: text('action').$type<AuditAction>().notNull(),
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email'),
    actorName: text('actor_name'),
    ip: text('ip'),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id'),
    summary: text('summary').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at, t.id),
    index('audit_log_action_at_idx').on(t.action, t.at),
  ],
);
