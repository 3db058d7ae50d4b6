import {
  ANNOUNCEMENT_MESSAGES,
  ANNOUNCEMENTS_PER_PAGE,
  type Announcement,
  type AnnouncementForm,
  type AnnouncementType,
  type PostedAnnouncement,
  type PostedAnnouncementsPage,
  type Role,
  type UpdateAnnouncementRequest,
} from '@structomate/contract';
import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { notifyOptedIn } from '../notifications/notifications.service';
import type { Database } from '../../db/client';
import { announcements, users } from '../../db/schema';
import { conflict, notFound } from '../../lib/app-error';
import { likePattern } from '../../lib/like-pattern';
import { recordAudit, type AuditActor } from '../audit/audit.service';

/** Who reads what (spec §2): each reading page shows its own audience and everyone's. */
export type Readers = Extract<AnnouncementType, 'user' | 'member'>;
export const audienceOf = (readers: Readers): AnnouncementType[] => [readers, 'all'];

/**
 * The audience a caller gets from an endpoint: users and members only their own (the route's
 * access rule refuses the other one), the admin whichever page they ask for.
 */
export function readersFor(role: Role, endpoint: Readers): Readers {
  return role === 'admin' ? endpoint : role === 'member' ? 'member' : 'user';
}

const columns = {
  id: announcements.id,
  title: announcements.title,
  details: announcements.details,
  type: announcements.type,
  createdAt: announcements.createdAt,
  editedAt: announcements.editedAt,
};

interface AnnouncementRow {
  id: string;
  title: string;
  details: string;
  type: AnnouncementType;
  createdAt: Date;
  editedAt: Date | null;
}

const toAnnouncement = (row: AnnouncementRow): Announcement => ({
  _id: row.id,
  title: row.title,
  details: row.details,
  date: row.createdAt.toISOString(),
  type: row.type,
  editedAt: row.editedAt?.toISOString() ?? null,
});

const audienceName = (type: AnnouncementType) => (type === 'all' ? 'everyone' : `${type}s`);

/** What the audit log keeps of an announcement, before and after a change. */
const auditedFields = (row: Pick<AnnouncementRow, 'title' | 'type' | 'details'>) => ({
  title: row.title,
  type: row.type,
  details: row.details,
});

/**
 * Posting (spec §2 Make Announcement): the date is now and the author is the caller; the
 * announcement and its audit record are kept or lost together.
 */
export async function makeAnnouncement(
  db: Database,
  author: AuditActor & { id: string },
  input: AnnouncementForm,
): Promise<string> {
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(announcements)
      .values({ title: input.title, details: input.details, type: input.type, authorId: author.id })
      .returning({ id: announcements.id });
    if (!created) throw new Error('insert returned nothing');
    await recordAudit(tx, author, {
      action: 'announcement.create',
      subjectType: 'announcement',
      subjectId: created.id,
      summary: `Posted "${input.title}" to ${audienceName(input.type)}`,
      after: auditedFields(input),
    });
    // By email too, to those of its audience who asked for announcements.
    await notifyOptedIn(
      tx,
      input.type === 'all' ? ['user', 'member'] : [input.type],
      'announcements',
      { kind: 'announcement', data: { title: input.title, description: input.details } },
    );
    return created.id;
  });
}

const postedColumns = { ...columns, version: announcements.version, authorName: users.displayName };

const toPostedAnnouncement = (
  row: AnnouncementRow & { version: number; authorName: string | null },
): PostedAnnouncement => ({
  ...toAnnouncement(row),
  authorName: row.authorName,
  version: row.version,
});

/**
 * The admin's list: every announcement, newest first, by audience and by part of the title or
 * details; filtered, counted and paged in the database.
 */
export async function listPostedAnnouncements(
  db: Database,
  query: { page: number; limit: number; type?: AnnouncementType; q?: string },
): Promise<PostedAnnouncementsPage> {
  const filters: SQL[] = [];
  if (query.type) filters.push(eq(announcements.type, query.type));
  if (query.q) {
    const text = or(
      ilike(announcements.title, likePattern(query.q)),
      ilike(announcements.details, likePattern(query.q)),
    );
    if (text) filters.push(text);
  }
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select(postedColumns)
      .from(announcements)
      .leftJoin(users, eq(users.id, announcements.authorId))
      .where(where)
      .orderBy(desc(announcements.createdAt), desc(announcements.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(announcements).where(where),
  ]);
  const total = counted?.n ?? 0;
  return {
    result: rows.map(toPostedAnnouncement),
    total,
    page: query.page,
    limit: query.limit,
    pageCount: Math.max(1, Math.ceil(total / query.limit)),
  };
}

/** The announcement `id`, locked until the transaction ends; 404 when there is none. */
async function lockAnnouncement(tx: Database, id: string) {
  const [row] = await tx
    .select({ ...columns, version: announcements.version })
    .from(announcements)
    .where(eq(announcements.id, id))
    .for('update');
  if (!row) throw notFound(ANNOUNCEMENT_MESSAGES.notFound);
  return row;
}

/**
 * Edits an announcement over `version`, the one the admin's form was filled from. The row lock
 * orders concurrent saves: the first wins, the later ones name a stale version and get a 409
 * that changes nothing. A save that changes nothing leaves it as it was (not marked edited).
 */
export async function updateAnnouncement(
  db: Database,
  actor: AuditActor,
  id: string,
  input: UpdateAnnouncementRequest,
): Promise<PostedAnnouncement> {
  return db.transaction(async (tx) => {
    const before = await lockAnnouncement(tx, id);
    if (before.version !== input.version) throw conflict(ANNOUNCEMENT_MESSAGES.changedMeanwhile);
    const after = auditedFields(input);
    const changed =
      before.title !== after.title ||
      before.type !== after.type ||
      before.details !== after.details;
    if (changed) {
      await tx
        .update(announcements)
        .set({ ...after, version: sql`${announcements.version} + 1`, editedAt: sql`now()` })
        .where(eq(announcements.id, id));
      await recordAudit(tx, actor, {
        action: 'announcement.update',
        subjectType: 'announcement',
        subjectId: id,
        summary: `Edited "${after.title}" for ${audienceName(after.type)}`,
        before: auditedFields(before),
        after,
      });
    }
    const [row] = await tx
      .select(postedColumns)
      .from(announcements)
      .leftJoin(users, eq(users.id, announcements.authorId))
      .where(eq(announcements.id, id));
    if (!row) throw new Error('the locked announcement vanished');
    return toPostedAnnouncement(row);
  });
}

/** Deletes an announcement, with its last content in the audit log; 404 when there is none. */
export async function deleteAnnouncement(
  db: Database,
  actor: AuditActor,
  id: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockAnnouncement(tx, id);
    await tx.delete(announcements).where(eq(announcements.id, id));
    await recordAudit(tx, actor, {
      action: 'announcement.delete',
      subjectType: 'announcement',
      subjectId: id,
      summary: `Deleted "${before.title}" for ${audienceName(before.type)}`,
      before: { ...auditedFields(before), date: before.createdAt.toISOString() },
    });
  });
}

/**
 * One page of a reader's announcements, newest first (ties by id, so pages never overlap), after
 * the announcement `before` when given. Keyset paging: a new post does not shift later pages.
 */
export async function listAnnouncements(
  db: Database,
  readers: Readers,
  page: { limit?: number; before?: string } = {},
): Promise<Announcement[]> {
  const audience = audienceOf(readers);
  let after: SQL | undefined;
  if (page.before) {
    const [cursor] = await db
      .select({ id: announcements.id })
      .from(announcements)
      .where(and(eq(announcements.id, page.before), inArray(announcements.type, audience)));
    if (!cursor) throw notFound('No announcement has this id');
    // Compared in SQL: the database keeps microseconds that a JavaScript Date would drop.
    after = sql`(${announcements.createdAt}, ${announcements.id}) < (
      select c.created_at, c.id from ${announcements} as c where c.id = ${page.before}
    )`;
  }
  const rows = await db
    .select(columns)
    .from(announcements)
    .where(and(inArray(announcements.type, audience), after))
    .orderBy(desc(announcements.createdAt), desc(announcements.id))
    .limit(page.limit ?? ANNOUNCEMENTS_PER_PAGE);
  return rows.map(toAnnouncement);
}
