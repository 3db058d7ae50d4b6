import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { mailStatus, mailTransport } from './enums';
import { users } from './users';

/**
 * Every email the app sends, as it was rendered: the outbox that the delivery job works from, and
 * the admin's Sent mail page. Without SMTP the message stays here and is not really sent.
 */
export const mailMessages = pgTable(
  'mail_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What the message is about (`password-reset`, `receipt`, ...). */
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    toUserId: uuid('to_user_id').references(() => users.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    /**
     * Security mail carries a link that acts for its reader; once an SMTP server has it, the copy
     * kept here has the link taken out.
     */
    secret: boolean('secret').notNull().default(false),
    redactedHtml: text('redacted_html'),
    redactedText: text('redacted_text'),
    /** The one-click unsubscribe address (List-Unsubscribe), for mail one may opt out of. */
    unsubscribeUrl: text('unsubscribe_url'),
    status: mailStatus('status').notNull().default('queued'),
    /** Where it went: `outbox` (kept here only) or `smtp`; null until delivered. */
    transport: mailTransport('transport'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the last attempt started (a stuck `sending` is retried after a while). */
    attemptedAt: timestamp('attempted_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_messages_created_idx').on(
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('mail_messages_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} in ('queued', 'sending', 'retrying')`),
    index('mail_messages_to_user_idx').on(t.toUserId),
    check('mail_messages_attempts_non_negative', sql`${t.attempts} >= 0`),
    check(
      'mail_messages_secret_redacted',
      sql`not ${t.secret} or (${t.redactedHtml} is not null and ${t.redactedText} is not null)`,
    ),
    check(
      'mail_messages_sent_has_transport',
      sql`${t.status} <> 'sent' or (${t.transport} is not null and ${t.sentAt} is not null)`,
    ),
  ],
);

/**
 * "Forgot password?" links: only a hash of the token is kept; a link works once, for 30 minutes,
 * and only the newest one of a person works.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when used, or when a newer link replaced this one. */
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    check('password_resets_token_hash_sha256', sql`${t.tokenHash} ~ '^[0-9a-f]{64}$'`),
    check('password_resets_expiry_after_creation', sql`${t.expiresAt} > ${t.createdAt}`),
    index('password_resets_user_idx').on(t.userId),
  ],
);

/**
 * A new email address waiting for its owner to confirm it from that mailbox: single use, 24
 * hours, only the newest works. The account keeps its old address until then.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    check('email_changes_token_hash_sha256', sql`${t.tokenHash} ~ '^[0-9a-f]{64}$'`),
    check('email_changes_new_email_shape', sql`${t.newEmail} like '%_@_%'`),
    index('email_changes_user_idx').on(t.userId),
  ],
);
