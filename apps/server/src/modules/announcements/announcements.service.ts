import {
  ANNOUNCEMENTS_PER_PAGE,
  type Announcement,
  type AnnouncementForm,
  type AnnouncementType,
  type Role,
} from '@structomate/contract';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { announcements } from '../../db/schema';
import { notFound } from '../../lib/app-error';

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
};

const toAnnouncement = (row: {
  id: string;
  title: string;
  details: string;
  type: AnnouncementType;
  createdAt: Date;
}): Announcement => ({
  _id: row.id,
  title: row.title,
  details: row.details,
  date: row.createdAt.toISOString(),
  type: row.type,
});

/** Posting (spec §2 Make Announcement): the date is now and the author is the caller. */
export async function makeAnnouncement(
  db: Database,
  authorId: string,
  input: AnnouncementForm,
): Promise<string> {
  const [created] = await db
    .insert(announcements)
    .values({ title: input.title, details: input.details, type: input.type, authorId })
    .returning({ id: announcements.id });
  if (!created) throw new Error('insert returned nothing');
  return created.id;
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
