import { sql } from 'drizzle-orm';
import {
  check,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { userRole } from './enums';
import { images } from './images';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    displayName: text('display_name').notNull(),
    /** An uploaded photo, stored by us. */
    photoImageId: text('photo_image_id').references((): AnyPgColumn => images.id, {
      onDelete: 'set null',
    }),
    /** A photo hosted by the identity provider (Google), used when there is no upload. */
    photoUrl: text('photo_url'),
    role: userRole('role').notNull().default('user'),
    /** argon2id; null for accounts that only sign in through an identity provider. */
    passwordHash: text('password_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the person deleted the account: the row stays (anonymous) for the books. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    check('users_email_shape', sql`${t.email} like '%_@_%'`),
    check('users_display_name_not_blank', sql`length(trim(${t.displayName})) > 0`),
    check(
      'users_password_hash_argon2id',
      sql`${t.passwordHash} is null or ${t.passwordHash} like '$argon2id$%'`,
    ),
    index('users_role_idx').on(t.role),
    // The admin's members list, in its order: a page is read off the index, not sorted out of
    // every member.
    index('users_members_by_name_idx')
      .on(t.displayName, t.email, t.id)
      .where(sql`${t.role} = 'member'`),
    index('users_photo_image_idx').on(t.photoImageId),
    check('users_photo_url_https', sql`${t.photoUrl} is null or ${t.photoUrl} like 'https://%'`),
  ],
);

/** A sign-in through an OpenID Connect provider, keyed by issuer and subject (never by email alone). */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_identities_issuer_subject_unique').on(t.issuer, t.subject),
    index('user_identities_user_idx').on(t.userId),
  ],
);

/** Server-side sessions: only a hash of the token is stored, so a database leak yields no usable session. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
  },
  (t) => [
    check('sessions_token_hash_sha256', sql`${t.tokenHash} ~ '^[0-9a-f]{64}$'`),
    check('sessions_expiry_after_creation', sql`${t.expiresAt} > ${t.createdAt}`),
    index('sessions_user_idx').on(t.userId),
    index('sessions_expires_idx').on(t.expiresAt),
  ],
);
