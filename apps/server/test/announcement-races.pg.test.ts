import { ErrorResponseSchema, InsertedResponseSchema } from '@structomate/contract';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcements, auditLog } from '../src/db/schema';
import { buildTestApp, loginAs, type Session, type TestApp } from './build';

/**
 * Several admins' tabs saving or deleting one announcement at once, on PostgreSQL (a pool of
 * connections, so the requests really overlap): one save per version wins, the others get the
 * 409 and change nothing; a deletion racing saves leaves no edit behind it. Runs with DATABASE_URL.
 */
const TABS = 8;

let t: TestApp;
let admin: Session;
beforeAll(async () => {
  t = await buildTestApp({ demo: true });
  admin = await loginAs(t.app, 'admin');
}, 60_000);
afterAll(() => t.close());

async function postOne(title: string) {
  const response = await admin.inject({
    method: 'POST',
    url: '/api/makeAnnouncement',
    payload: { newAnnouncement: { title, details: 'x', type: 'all' } },
  });
  expect(response.statusCode).toBe(201);
  return InsertedResponseSchema.parse(response.json()).insertedId;
}

const save = (id: string, tab: number) =>
  admin.inject({
    method: 'PUT',
    url: `/api/announcements/${id}`,
    payload: { title: `Tab ${tab}`, type: 'all', details: `Saved by tab ${tab}`, version: 1 },
  });

describe('saving one announcement from several tabs at once', () => {
  it('lets exactly one save of a version through; the others get 409', async () => {
    const id = await postOne('Raced');
    const responses = await Promise.all(Array.from({ length: TABS }, (_, tab) => save(id, tab)));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, ...Array<number>(TABS - 1).fill(409)]);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(ErrorResponseSchema.parse(response.json()).error.message).toBe(
        'This announcement was changed by someone else meanwhile. Reload it to see the changes.',
      );
    }
    const winner = responses.findIndex((response) => response.statusCode === 200);
    const [row] = await t.database.db.select().from(announcements).where(eq(announcements.id, id));
    expect(row).toMatchObject({ title: `Tab ${winner}`, version: 2 });
    const [edits] = await t.database.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, id), eq(auditLog.action, 'announcement.update')));
    expect(edits?.n).toBe(1);
  });

  it('a deletion racing saves: gone afterwards, each save 200, 404 or 409, never a 5xx', async () => {
    const id = await postOne('Raced with a deletion');
    const responses = await Promise.all([
      admin.inject({ method: 'DELETE', url: `/api/announcements/${id}` }),
      ...Array.from({ length: TABS - 1 }, (_, tab) => save(id, tab)),
    ]);
    expect(responses[0]?.statusCode).toBe(200);
    for (const response of responses.slice(1))
      expect([200, 404, 409]).toContain(response.statusCode);
    expect(responses.slice(1).filter((r) => r.statusCode === 200).length).toBeLessThanOrEqual(1);
    const left = await t.database.db.select().from(announcements).where(eq(announcements.id, id));
    expect(left).toEqual([]);
  });
});
