import type {
  CostKind,
  MaintenanceCategory,
  MaintenanceEventKindSchema,
  MaintenanceStatus,
  MaintenanceUrgency,
  WaitingOn,
} from '@structomate/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { agreements } from './agreements';
import { charges } from './charges';
import { bytea } from './images';
import { users } from './users';

type EventKind = z.infer<typeof MaintenanceEventKindSchema>;

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/** The building's staff and vendors a request can be given to. */
export const maintenanceContacts = pgTable(
  'maintenance_contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    trade: text('trade').notNull(),
    phone: text('phone').notNull(),
    /** Removed contacts stay for the requests that name them. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('maintenance_contacts_name_length', sql`char_length(${t.name}) between 1 and 80`),
    check('maintenance_contacts_trade_length', sql`char_length(${t.trade}) between 1 and 60`),
    check('maintenance_contacts_phone_length', sql`char_length(${t.phone}) between 5 and 30`),
    /** One listed contact by a name for a trade, whatever the case: the picker tells them apart. */
    uniqueIndex('maintenance_contacts_name_trade_unique')
      .on(sql`lower(${t.name})`, sql`lower(${t.trade})`)
      .where(sql`${t.removedAt} is null`),
  ],
);

/**
 * Something broken, reported by its tenant. `version` goes up on every change, so a change made
 * from a stale screen is refused (409); the status moves only along MAINTENANCE_MOVES, which the
 * service enforces with a conditional update on (id, version).
 */
export const maintenanceRequests = pgTable(
  'maintenance_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** #12, what people say on the phone. */
    number: serial('number').notNull().unique(),
    /** Who filed it; a deleted account stays as an anonymous row (users.deleted_at). */
    tenantId: uuid('tenant_id').references(() => users.id, { onDelete: 'set null' }),
    /** The lease the tenant had when filing (which apartment). */
    agreementId: uuid('agreement_id')
      .notNull()
      .references(() => agreements.id, { onDelete: 'restrict' }),
    category: text('category').$type<MaintenanceCategory>().notNull(),
    urgency: text('urgency').$type<MaintenanceUrgency>().notNull(),
    status: text('status').$type<MaintenanceStatus>().notNull().default('new'),
    waitingOn: text('waiting_on').$type<WaitingOn>(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    location: text('location').notNull(),
    entryPermission: boolean('entry_permission').notNull(),
    preferredTimes: text('preferred_times'),
    assigneeId: uuid('assignee_id').references(() => maintenanceContacts.id, {
      onDelete: 'restrict',
    }),
    visitDate: date('visit_date', { mode: 'string' }),
    visitFrom: text('visit_from'),
    visitTo: text('visit_to'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Who made the last change (for "changed meanwhile by …"). */
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    /** The building's first answer (acknowledged), for the response-time figure. */
    firstResponseAt: timestamp('first_response_at', { withTimezone: true }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    rating: integer('rating'),
    ratingComment: text('rating_comment'),
    ratedAt: timestamp('rated_at', { withTimezone: true }),
  },
  (t) => [
    check(
      'maintenance_requests_category_known',
      sql`${t.category} in (${inList([
        'plumbing',
        'electrical',
        'appliance',
        'heating_cooling',
        'pests',
        'locks_keys',
        'common_area',
        'other',
      ])})`,
    ),
    check(
      'maintenance_requests_urgency_known',
      sql`${t.urgency} in ('emergency', 'urgent', 'routine')`,
    ),
    check(
      'maintenance_requests_status_known',
      sql`${t.status} in (${inList([
        'new',
        'acknowledged',
        'scheduled',
        'in_progress',
        'waiting',
        'resolved',
        'closed',
        'cancelled',
      ])})`,
    ),
    check(
      'maintenance_requests_waiting_on',
      sql`(${t.status} = 'waiting') = (${t.waitingOn} is not null)
        and (${t.waitingOn} is null or ${t.waitingOn} in ('tenant', 'parts'))`,
    ),
    check(
      'maintenance_requests_visit_whole',
      sql`(${t.visitDate} is null) = (${t.visitFrom} is null)
        and (${t.visitDate} is null) = (${t.visitTo} is null)
        and (${t.visitFrom} is null or ${t.visitFrom} < ${t.visitTo})`,
    ),
    check(
      'maintenance_requests_scheduled_has_visit',
      sql`${t.status} <> 'scheduled' or ${t.visitDate} is not null`,
    ),
    check('maintenance_requests_title_length', sql`char_length(${t.title}) between 1 and 120`),
    check(
      'maintenance_requests_description_length',
      sql`char_length(${t.description}) between 1 and 4000`,
    ),
    check(
      'maintenance_requests_location_length',
      sql`char_length(${t.location}) between 1 and 120`,
    ),
    check(
      'maintenance_requests_rating',
      sql`(${t.rating} is null or ${t.rating} between 1 and 5)
        and (${t.rating} is null) = (${t.ratedAt} is null)
        and (${t.rating} is null or ${t.status} = 'closed')`,
    ),
    index('maintenance_requests_tenant_idx').on(t.tenantId, t.createdAt.desc().nullsFirst()),
    index('maintenance_requests_status_idx').on(t.status, t.createdAt.desc().nullsFirst()),
    index('maintenance_requests_created_idx').on(t.createdAt.desc().nullsFirst()),
    index('maintenance_requests_agreement_idx').on(t.agreementId),
    index('maintenance_requests_assignee_idx').on(t.assigneeId),
  ],
);

/** The timeline: every change, when and by whom. Internal steps are shown to admins only. */
export const maintenanceEvents = pgTable(
  'maintenance_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => maintenanceRequests.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<EventKind>().notNull(),
    status: text('status').$type<MaintenanceStatus>(),
    /** Null for the system (a request closing by itself). */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorRole: text('actor_role').$type<'member' | 'admin' | 'system'>().notNull(),
    text: text('text'),
    internal: boolean('internal').notNull().default(false),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Order of writing: steps made in one instant keep the order they were made in. */
    seq: serial('seq').notNull(),
  },
  (t) => [index('maintenance_events_request_idx').on(t.requestId, t.at, t.seq)],
);

/** The thread between the tenant and the building; internal notes are the admins' only. */
export const maintenanceComments = pgTable(
  'maintenance_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => maintenanceRequests.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    fromBuilding: boolean('from_building').notNull(),
    internal: boolean('internal').notNull().default(false),
    body: text('body').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Order of writing, for comments made in one instant. */
    seq: serial('seq').notNull(),
  },
  (t) => [
    check('maintenance_comments_body_length', sql`char_length(${t.body}) between 1 and 2000`),
    check('maintenance_comments_internal_by_building', sql`not ${t.internal} or ${t.fromBuilding}`),
    index('maintenance_comments_request_idx').on(t.requestId, t.at, t.seq),
  ],
);

/**
 * Photos of a request or a comment. Private, unlike apartment photos: served only to the
 * request's tenant and the admins (and, before it is attached, to its uploader).
 */
export const maintenancePhotos = pgTable(
  'maintenance_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uploaderId: uuid('uploader_id').references(() => users.id, { onDelete: 'set null' }),
    requestId: uuid('request_id').references(() => maintenanceRequests.id, {
      onDelete: 'cascade',
    }),
    commentId: uuid('comment_id').references(() => maintenanceComments.id, {
      onDelete: 'cascade',
    }),
    position: integer('position').notNull().default(0),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    data: bytea('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'maintenance_photos_comment_in_request',
      sql`${t.commentId} is null or ${t.requestId} is not null`,
    ),
    index('maintenance_photos_request_idx').on(t.requestId, t.position),
    index('maintenance_photos_comment_idx').on(t.commentId),
    index('maintenance_photos_unattached_idx')
      .on(t.createdAt)
      .where(sql`${t.requestId} is null`),
  ],
);

/** What fixing it cost; charged to the tenant, it is also a charge on their account. */
export const maintenanceCosts = pgTable(
  'maintenance_costs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => maintenanceRequests.id, { onDelete: 'restrict' }),
    kind: text('kind').$type<CostKind>().notNull(),
    description: text('description').notNull(),
    /** Whole BDT. */
    amount: integer('amount').notNull(),
    chargeId: uuid('charge_id').references(() => charges.id, { onDelete: 'restrict' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Order of writing, for costs added in one instant. */
    seq: serial('seq').notNull(),
    /** The sender's key for this cost: sent again, the cost is not added twice (null before 0026). */
    requestKey: uuid('request_key'),
  },
  (t) => [
    check('maintenance_costs_kind_known', sql`${t.kind} in ('labour', 'parts')`),
    check('maintenance_costs_amount_range', sql`${t.amount} between 1 and 10000000`),
    check(
      'maintenance_costs_description_length',
      sql`char_length(${t.description}) between 1 and 200`,
    ),
    uniqueIndex('maintenance_costs_charge_unique').on(t.chargeId),
    // A key names one cost, whatever request it is sent for.
    uniqueIndex('maintenance_costs_key_unique').on(t.requestKey),
    index('maintenance_costs_request_idx').on(t.requestId, t.createdAt, t.seq),
  ],
);
