import {
  AnnouncementListResponseSchema,
  ErrorResponseSchema,
  InsertedResponseSchema,
  PostedAnnouncementSchema,
  PostedAnnouncementsPageSchema,
  type AnnouncementType,
} from '@structomate/contract';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, loginAs, type Session, type TestApp } from '../../../test/build';
import { newPerson } from '../../../test/people';
import { announcements, auditLog } from '../../db/schema';

let t: TestApp;
let admin: Session;
let user: Session;
let member: Session;
beforeAll(async () => {
  t = await buildTestApp({ demo: true });
  [admin, user, member] = await Promise.all([
    loginAs(t.app, 'admin'),
    loginAs(t.app, 'user'),
    loginAs(t.app, 'member'),
  ]);
});
afterAll(() => t.close());

const post = (session: Pick<Session, 'inject'>, newAnnouncement: object, extra: object = {}) =>
  session.inject({
    method: 'POST',
    url: '/api/makeAnnouncement',
    payload: { newAnnouncement, ...extra },
  });

async function postOk(type: AnnouncementType, title = `${type} ${crypto.randomUUID()}`) {
  const response = await post(admin, { title, details: 'Line one\nLine two', type });
  expect(response.statusCode).toBe(201);
  return { id: InsertedResponseSchema.parse(response.json()).insertedId, title };
}

const read = async (
  session: Pick<Session, 'inject'>,
  endpoint: 'user' | 'member',
  payload: object = {},
) => {
  const response = await session.inject({
    method: 'POST',
    url: `/api/get/${endpoint}Announcement`,
    payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return AnnouncementListResponseSchema.parse(response.json());
};

const countAll = async () =>
  (await t.database.db.select({ n: count() }).from(announcements))[0]?.n ?? 0;

const message = (response: { json(): unknown }) =>
  ErrorResponseSchema.parse(response.json()).error.message;

describe('POST /api/makeAnnouncement', () => {
  it('stores the announcement with the server time and the admin as author, ignoring the client date', async () => {
    const response = await post(
      admin,
      {
        title: '  Lift maintenance  ',
        details: 'The east lift stops on Monday.\nUse the west lift.',
        type: 'member',
        date: '01 Jan, 1999',
      },
      { token: admin.token },
    );
    expect(response.statusCode).toBe(201);
    const { insertedId } = InsertedResponseSchema.parse(response.json());
    const [row] = await t.database.db
      .select()
      .from(announcements)
      .where(eq(announcements.id, insertedId));
    expect(row).toMatchObject({
      title: 'Lift maintenance',
      details: 'The east lift stops on Monday.\nUse the west lift.',
      type: 'member',
      authorId: admin.user._id,
    });
    expect(Math.abs((row?.createdAt.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
  });

  it('answers bad input with a 400 naming the field, and writes nothing', async () => {
    const before = await countAll();
    const cases: [object, string][] = [
      [{ title: '', details: 'x', type: 'all' }, 'newAnnouncement.title'],
      [{ title: 't'.repeat(121), details: 'x', type: 'all' }, 'newAnnouncement.title'],
      [{ title: 't', details: '   ', type: 'all' }, 'newAnnouncement.details'],
      [{ title: 't', details: 'd'.repeat(5001), type: 'all' }, 'newAnnouncement.details'],
      // The title is the email's subject: one line, something to see. Details keep their lines.
      [
        { title: 'Water\r\nBcc: x@example.com', details: 'x', type: 'all' },
        'newAnnouncement.title',
      ],
      [{ title: 'Water\u0007', details: 'x', type: 'all' }, 'newAnnouncement.title'],
      [{ title: '\u200b', details: 'x', type: 'all' }, 'newAnnouncement.title'],
      [{ title: 't', details: 'Off\u0007', type: 'all' }, 'newAnnouncement.details'],
      [{ title: 't', details: '\u202e\n\u200b', type: 'all' }, 'newAnnouncement.details'],
      [{ title: 't', details: 'x', type: 'admin' }, 'newAnnouncement.type'],
      [{ title: 't', details: 'x' }, 'newAnnouncement.type'],
      [{ title: 't', details: 'x', type: 'all', authorId: 'me' }, 'newAnnouncement'],
    ];
    for (const [body, field] of cases) {
      const response = await post(admin, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const { error } = ErrorResponseSchema.parse(response.json());
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.issues?.[0]?.path).toBe(field);
      expect(error.message.startsWith(field)).toBe(true);
    }
    const noWrapper = await admin.inject({
      method: 'POST',
      url: '/api/makeAnnouncement',
      payload: { title: 't', details: 'x', type: 'all' },
    });
    expect(noWrapper.statusCode).toBe(400);
    expect(await countAll()).toBe(before);
  });

  it('takes 120 and 5,000 characters exactly', async () => {
    const response = await post(admin, {
      title: 't'.repeat(120),
      details: 'd'.repeat(5000),
      type: 'all',
    });
    expect(response.statusCode).toBe(201);
  });

  it('is for the admin only: 401 for visitors, 403 for users and members, nothing written', async () => {
    const before = await countAll();
    const body = { title: 'Hello', details: 'x', type: 'all' };
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/api/makeAnnouncement',
      payload: { newAnnouncement: body },
    });
    expect(visitor.statusCode).toBe(401);
    for (const session of [user, member]) {
      const response = await post(session, body);
      expect(response.statusCode).toBe(403);
      expect(message(response)).toBe('Access Denied!');
    }
    expect(await countAll()).toBe(before);
  });
});

describe('reading announcements', () => {
  it('gives users the user and all ones, members the member and all ones, newest first', async () => {
    const forUsers = await postOk('user');
    const forMembers = await postOk('member');
    const forAll = await postOk('all');

    const userList = await read(user, 'user', { limit: 60 });
    const userIds = userList.map((a) => a._id);
    expect(userIds).toContain(forUsers.id);
    expect(userIds).toContain(forAll.id);
    expect(userIds).not.toContain(forMembers.id);
    expect(new Set(userList.map((a) => a.type))).toEqual(new Set(['user', 'all']));

    const memberList = await read(member, 'member', { limit: 60 });
    const memberIds = memberList.map((a) => a._id);
    expect(memberIds).toContain(forMembers.id);
    expect(memberIds).toContain(forAll.id);
    expect(memberIds).not.toContain(forUsers.id);
    expect(new Set(memberList.map((a) => a.type))).toEqual(new Set(['member', 'all']));

    for (const list of [userList, memberList]) {
      const dates = list.map((a) => a.date);
      expect(dates).toEqual([...dates].sort().reverse());
    }
    expect(memberList[0]).toEqual({
      _id: forAll.id,
      title: forAll.title,
      details: 'Line one\nLine two',
      type: 'all',
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      editedAt: null,
    });
  });

  it('refuses a user the members endpoint and a member the users one; the admin reads both', async () => {
    const forMembers = await postOk('member');
    const asUser = await user.inject({ method: 'POST', url: '/api/get/memberAnnouncement' });
    expect(asUser.statusCode).toBe(403);
    expect(asUser.body).not.toContain(forMembers.title);
    const asMember = await member.inject({ method: 'POST', url: '/api/get/userAnnouncement' });
    expect(asMember.statusCode).toBe(403);
    const visitor = await t.app.inject({ method: 'POST', url: '/api/get/userAnnouncement' });
    expect(visitor.statusCode).toBe(401);

    const adminMembers = await read(admin, 'member', { limit: 60 });
    expect(adminMembers.map((a) => a._id)).toContain(forMembers.id);
    const adminUsers = await read(admin, 'user', { limit: 60 });
    expect(adminUsers.map((a) => a._id)).not.toContain(forMembers.id);
    expect(adminUsers.every((a) => a.type !== 'member')).toBe(true);
  });

  it('accepts the spec body { token } and no body at all', async () => {
    const withToken = await t.app.inject({
      method: 'POST',
      url: '/api/get/userAnnouncement',
      payload: { token: user.token },
    });
    expect(withToken.statusCode).toBe(200);
    expect(withToken.headers['cache-control']).toBe('no-store');
    const empty = await user.inject({ method: 'POST', url: '/api/get/userAnnouncement' });
    expect(empty.statusCode).toBe(200);
  });

  it('pages with limit and before: no overlap, no gap, stable when something new is posted', async () => {
    // A fresh person sees the same list as any user; post enough to need several pages.
    for (let i = 0; i < 7; i += 1) await postOk(i % 2 ? 'user' : 'all', `Page test ${i}`);
    const everything = await read(user, 'user', { limit: 60 });
    expect(everything.length).toBeGreaterThan(7);

    const first = await read(user, 'user', { limit: 3 });
    expect(first).toEqual(everything.slice(0, 3));
    const newer = await postOk('all', 'Posted between pages');
    const second = await read(user, 'user', { limit: 3, before: first.at(-1)?._id });
    expect(second).toEqual(everything.slice(3, 6));
    expect(second.map((a) => a._id)).not.toContain(newer.id);

    // Walk to the end: every announcement once, in order.
    const walked = [...first, ...second];
    for (;;) {
      const page = await read(user, 'user', { limit: 3, before: walked.at(-1)?._id });
      if (page.length === 0) break;
      walked.push(...page);
    }
    expect(walked).toEqual(everything);
  });

  it('defaults to 10 per page, caps the page size and refuses bad paging', async () => {
    for (let i = 0; i < 11; i += 1) await postOk('member');
    expect(await read(member, 'member')).toHaveLength(10);
    for (const payload of [{ limit: 61 }, { limit: 0 }, { limit: '5' }, { before: 'nope' }]) {
      const response = await member.inject({
        method: 'POST',
        url: '/api/get/memberAnnouncement',
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(ErrorResponseSchema.parse(response.json()).error.issues?.[0]?.path).toBe(
        Object.keys(payload)[0],
      );
    }
  });

  it('answers 404 for a cursor the reader cannot see', async () => {
    const forMembers = await postOk('member');
    const response = await user.inject({
      method: 'POST',
      url: '/api/get/userAnnouncement',
      payload: { before: forMembers.id },
    });
    expect(response.statusCode).toBe(404);
    const unknown = await user.inject({
      method: 'POST',
      url: '/api/get/userAnnouncement',
      payload: { before: crypto.randomUUID() },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('orders announcements posted in the same instant by id, so paging stays exact', async () => {
    const person = await newPerson(t.app, t.database, 'user');
    const stamp = new Date('2020-01-01T00:00:00.123456Z');
    const rows = await t.database.db
      .insert(announcements)
      .values(
        Array.from({ length: 4 }, (_, i) => ({
          title: `Same instant ${i}`,
          details: 'x',
          type: 'user' as const,
          createdAt: stamp,
        })),
      )
      .returning({ id: announcements.id });
    const ids = rows
      .map((row) => row.id)
      .sort()
      .reverse();
    const all = await read(person, 'user', { limit: 60 });
    const tail = all.filter((a) => a.title.startsWith('Same instant')).map((a) => a._id);
    expect(tail).toEqual(ids);
    const afterFirst = await read(person, 'user', { limit: 2, before: ids[0] });
    expect(afterFirst.map((a) => a._id)).toEqual(ids.slice(1, 3));
  });
});

const marker = () => `m${crypto.randomUUID().slice(0, 8)}`;

const listPosted = async (query: string, session: Pick<Session, 'inject'> = admin) => {
  const response = await session.inject({ method: 'GET', url: `/api/announcements${query}` });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return PostedAnnouncementsPageSchema.parse(response.json());
};

const edit = (session: Pick<Session, 'inject'>, id: string, payload: object) =>
  session.inject({ method: 'PUT', url: `/api/announcements/${id}`, payload });

const remove = (session: Pick<Session, 'inject'>, id: string) =>
  session.inject({ method: 'DELETE', url: `/api/announcements/${id}` });

const rowOf = async (id: string) =>
  (await t.database.db.select().from(announcements).where(eq(announcements.id, id)))[0];

const auditRows = (id: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.subjectId, id))
    .orderBy(desc(auditLog.at), desc(auditLog.id));

describe('GET /api/announcements (admin)', () => {
  it('lists every audience newest first, with the author, version and editedAt', async () => {
    const tag = marker();
    const posted = [
      await postOk('user', `${tag} one`),
      await postOk('member', `${tag} two`),
      await postOk('all', `${tag} three`),
    ];
    const page = await listPosted(`?q=${tag}`);
    expect(page).toMatchObject({ total: 3, page: 1, limit: 20, pageCount: 1 });
    expect(page.result.map((a) => a._id)).toEqual(posted.map((a) => a.id).reverse());
    expect(page.result[0]).toEqual({
      _id: posted[2]?.id,
      title: `${tag} three`,
      details: 'Line one\nLine two',
      type: 'all',
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      editedAt: null,
      authorName: admin.user.displayName,
      version: 1,
    });
  });

  it('pages in the database: totals, page count, no overlap and no gap', async () => {
    const tag = marker();
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) ids.push((await postOk('user', `${tag} #${i}`)).id);
    const first = await listPosted(`?q=${tag}&limit=2`);
    expect(first).toMatchObject({ total: 5, page: 1, limit: 2, pageCount: 3 });
    const second = await listPosted(`?q=${tag}&limit=2&page=2`);
    const third = await listPosted(`?q=${tag}&limit=2&page=3`);
    expect(third.result).toHaveLength(1);
    const walked = [...first.result, ...second.result, ...third.result].map((a) => a._id);
    expect(walked).toEqual([...ids].reverse());
    const beyond = await listPosted(`?q=${tag}&limit=2&page=4`);
    expect(beyond).toMatchObject({ result: [], total: 5, pageCount: 3 });
    // Twenty by default.
    expect((await listPosted('')).limit).toBe(20);
  });

  it('filters by audience and by text in the title or the details, any case', async () => {
    const tag = marker();
    await postOk('user', `${tag} for users`);
    await postOk('member', `${tag} for members`);
    await postOk('all', `${tag} for all`);
    const inDetails = await post(admin, {
      title: 'Boiler',
      details: `Hot water is off.\nRef ${tag.toUpperCase()}`,
      type: 'member',
    });
    expect(inDetails.statusCode).toBe(201);

    const members = await listPosted(`?q=${tag}&type=member`);
    expect(members.total).toBe(2);
    expect(members.result.every((a) => a.type === 'member')).toBe(true);
    expect(members.result.map((a) => a.title)).toEqual(['Boiler', `${tag} for members`]);
    const everyone = await listPosted(`?q=${tag}&type=all`);
    expect(everyone.result.map((a) => a.title)).toEqual([`${tag} for all`]);
    expect((await listPosted(`?q=${tag}`)).total).toBe(4);
    // Wildcards in the text are literal.
    expect((await listPosted(`?q=${encodeURIComponent(`${tag}%`)}`)).total).toBe(0);
    const wholeList = await listPosted('?type=user&limit=100');
    expect(wholeList.result.every((a) => a.type === 'user')).toBe(true);
    const [counted] = await t.database.db
      .select({ n: count() })
      .from(announcements)
      .where(eq(announcements.type, 'user'));
    expect(wholeList.total).toBe(counted?.n);
  });

  it('refuses bad paging and filters with a 400 naming the field', async () => {
    for (const [query, field] of [
      ['?page=0', 'page'],
      ['?limit=101', 'limit'],
      ['?type=admin', 'type'],
      ['?q=' + 'x'.repeat(101), 'q'],
      ['?sort=title', ''],
    ] as const) {
      const response = await admin.inject({ method: 'GET', url: `/api/announcements${query}` });
      expect(response.statusCode, query).toBe(400);
      const { error } = ErrorResponseSchema.parse(response.json());
      expect(error.issues?.[0]?.path, query).toBe(field);
    }
  });
});

describe('PUT /api/announcements/:id (admin)', () => {
  it('saves the new text and audience, marks it edited, bumps the version and audits before/after', async () => {
    const { id, title } = await postOk('user');
    const response = await edit(admin, id, {
      title: '  Water tank cleaning  ',
      type: 'all',
      details: 'Sunday 9–11.\nStore water.',
      version: 1,
    });
    expect(response.statusCode, response.body).toBe(200);
    const saved = PostedAnnouncementSchema.parse(response.json());
    expect(saved).toMatchObject({
      _id: id,
      title: 'Water tank cleaning',
      type: 'all',
      details: 'Sunday 9–11.\nStore water.',
      version: 2,
      authorName: admin.user.displayName,
    });
    expect(saved.editedAt).not.toBeNull();
    expect(Date.parse(saved.editedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(saved.date));

    const row = await rowOf(id);
    expect(row).toMatchObject({ title: 'Water tank cleaning', type: 'all', version: 2 });
    expect(row?.editedAt?.toISOString()).toBe(saved.editedAt);

    const [audit] = await auditRows(id);
    expect(audit).toMatchObject({
      action: 'announcement.update',
      actorId: admin.user._id,
      actorEmail: admin.user.email,
      subjectType: 'announcement',
      summary: 'Edited "Water tank cleaning" for everyone',
      before: { title, type: 'user', details: 'Line one\nLine two' },
      after: { title: 'Water tank cleaning', type: 'all', details: 'Sunday 9–11.\nStore water.' },
    });

    // The next save names the new version.
    const again = await edit(admin, id, { ...saved, version: 2, title: 'Tank cleaning' });
    expect(again.statusCode, again.body).toBe(400);
    const next = await edit(admin, id, {
      title: 'Tank cleaning',
      type: 'all',
      details: saved.details,
      version: 2,
    });
    expect(next.statusCode).toBe(200);
    expect(PostedAnnouncementSchema.parse(next.json()).version).toBe(3);
  });

  it('answers 409 to a save over a change made meanwhile, and changes nothing', async () => {
    const { id } = await postOk('member');
    const first = await edit(admin, id, {
      title: 'First tab',
      type: 'member',
      details: 'Saved first.',
      version: 1,
    });
    expect(first.statusCode).toBe(200);
    const rowBefore = await rowOf(id);
    const auditsBefore = (await auditRows(id)).length;

    const stale = await edit(admin, id, {
      title: 'Second tab',
      type: 'all',
      details: 'Saved over the first.',
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(ErrorResponseSchema.parse(stale.json()).error).toMatchObject({
      code: 'CONFLICT',
      message:
        'This announcement was changed by someone else meanwhile. Reload it to see the changes.',
    });
    expect(await rowOf(id)).toEqual(rowBefore);
    expect(await auditRows(id)).toHaveLength(auditsBefore);
    // A version from the future is no better.
    expect(
      (await edit(admin, id, { title: 'x', type: 'all', details: 'y', version: 9 })).statusCode,
    ).toBe(409);
  });

  it('a save that changes nothing leaves it unedited and unaudited', async () => {
    const { id, title } = await postOk('all');
    const response = await edit(admin, id, {
      title: ` ${title} `,
      type: 'all',
      details: 'Line one\nLine two',
      version: 1,
    });
    expect(response.statusCode).toBe(200);
    expect(PostedAnnouncementSchema.parse(response.json())).toMatchObject({
      version: 1,
      editedAt: null,
    });
    expect((await auditRows(id)).map((row) => row.action)).toEqual(['announcement.create']);
  });

  it('answers bad input with a 400 naming the field, and changes nothing', async () => {
    const { id } = await postOk('user');
    const before = await rowOf(id);
    const good = { title: 'Fine', type: 'user', details: 'Fine', version: 1 };
    const cases: [object, string][] = [
      [{ ...good, title: '  ' }, 'title'],
      [{ ...good, title: 't'.repeat(121) }, 'title'],
      [{ ...good, details: '' }, 'details'],
      [{ ...good, details: 'd'.repeat(5001) }, 'details'],
      [{ ...good, type: 'admin' }, 'type'],
      [{ ...good, version: undefined }, 'version'],
      [{ ...good, version: 0 }, 'version'],
      [{ ...good, version: '1' }, 'version'],
      [{ ...good, authorId: admin.user._id }, ''],
    ];
    for (const [body, field] of cases) {
      const response = await edit(admin, id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const { error } = ErrorResponseSchema.parse(response.json());
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.issues?.[0]?.path, JSON.stringify(body)).toBe(field);
    }
    const badId = await edit(admin, 'not-an-id', good);
    expect(badId.statusCode).toBe(400);
    expect(ErrorResponseSchema.parse(badId.json()).error.issues?.[0]?.path).toBe('id');
    expect(await rowOf(id)).toEqual(before);
    expect((await auditRows(id)).map((row) => row.action)).toEqual(['announcement.create']);
  });

  it('answers 404 for an announcement that does not exist', async () => {
    const response = await edit(admin, crypto.randomUUID(), {
      title: 'Ghost',
      type: 'all',
      details: 'Nobody',
      version: 1,
    });
    expect(response.statusCode).toBe(404);
    expect(message(response)).toBe('No announcement has this id (it may have been deleted).');
  });
});

describe('DELETE /api/announcements/:id (admin)', () => {
  it('deletes it, audits what it said, and readers no longer see it', async () => {
    const { id, title } = await postOk('all');
    expect((await read(user, 'user', { limit: 60 })).map((a) => a._id)).toContain(id);
    const response = await remove(admin, id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(await rowOf(id)).toBeUndefined();
    const [audit] = await auditRows(id);
    expect(audit).toMatchObject({
      action: 'announcement.delete',
      actorId: admin.user._id,
      subjectType: 'announcement',
      summary: `Deleted "${title}" for everyone`,
      before: { title, type: 'all', details: 'Line one\nLine two' },
      after: null,
    });
    expect((await read(user, 'user', { limit: 60 })).map((a) => a._id)).not.toContain(id);
    expect((await listPosted(`?q=${title}`)).total).toBe(0);
  });

  it('answers 404 for an unknown or already deleted announcement, and 400 for a bad id', async () => {
    const { id } = await postOk('member');
    expect((await remove(admin, id)).statusCode).toBe(200);
    const again = await remove(admin, id);
    expect(again.statusCode).toBe(404);
    expect(message(again)).toBe('No announcement has this id (it may have been deleted).');
    expect((await remove(admin, crypto.randomUUID())).statusCode).toBe(404);
    expect((await remove(admin, 'nope')).statusCode).toBe(400);
    expect(
      await t.database.db
        .select({ n: count() })
        .from(auditLog)
        .where(and(eq(auditLog.subjectId, id), eq(auditLog.action, 'announcement.delete'))),
    ).toEqual([{ n: 1 }]);
  });
});

describe('managing announcements is for the admin only', () => {
  it('refuses visitors (401), users and members (403), and changes nothing', async () => {
    const { id } = await postOk('all');
    const before = await rowOf(id);
    const body = { title: 'Taken over', type: 'all', details: 'x', version: 1 };
    const visitor = [
      await t.app.inject({ method: 'GET', url: '/api/announcements' }),
      await t.app.inject({ method: 'PUT', url: `/api/announcements/${id}`, payload: body }),
      await t.app.inject({ method: 'DELETE', url: `/api/announcements/${id}` }),
    ];
    expect(visitor.map((response) => response.statusCode)).toEqual([401, 401, 401]);
    for (const session of [user, member]) {
      const responses = [
        await session.inject({ method: 'GET', url: '/api/announcements' }),
        await edit(session, id, body),
        await remove(session, id),
      ];
      expect(responses.map((response) => response.statusCode)).toEqual([403, 403, 403]);
      for (const response of responses) expect(message(response)).toBe('Access Denied!');
    }
    expect(await rowOf(id)).toEqual(before);
    expect((await auditRows(id)).map((row) => row.action)).toEqual(['announcement.create']);
  });
});

describe('readers see edits', () => {
  it('carries editedAt: null until edited, then the time of the edit, with the new text', async () => {
    const { id } = await postOk('member');
    const unedited = (await read(member, 'member', { limit: 60 })).find((a) => a._id === id);
    expect(unedited?.editedAt).toBeNull();
    const saved = await edit(admin, id, {
      title: 'Rent reminder (corrected)',
      type: 'member',
      details: 'Due on the 1st.',
      version: 1,
    });
    expect(saved.statusCode).toBe(200);
    const { editedAt } = PostedAnnouncementSchema.parse(saved.json());
    const edited = (await read(member, 'member', { limit: 60 })).find((a) => a._id === id);
    expect(edited).toEqual({
      _id: id,
      title: 'Rent reminder (corrected)',
      details: 'Due on the 1st.',
      type: 'member',
      date: unedited?.date,
      editedAt,
    });
    // Moved to another audience, it leaves the old readers' list and joins the new one's.
    const moved = await edit(admin, id, {
      title: 'Rent reminder (corrected)',
      type: 'user',
      details: 'Due on the 1st.',
      version: 2,
    });
    expect(moved.statusCode).toBe(200);
    expect((await read(member, 'member', { limit: 60 })).map((a) => a._id)).not.toContain(id);
    expect((await read(user, 'user', { limit: 60 })).map((a) => a._id)).toContain(id);
  });
});

describe('each change and its audit record are kept or lost together', () => {
  it('rolls back posting, editing and deleting when the audit record cannot be written', async () => {
    const probe = marker();
    // The audit log refuses rows about this probe, as a failing insert would.
    await t.database.db.execute(
      sql.raw(`
        create function refuse_probe() returns trigger language plpgsql as $$
        begin
          if new.summary like '%${probe}%' then raise exception 'audit refused'; end if;
          return new;
        end $$`),
    );
    await t.database.db.execute(
      sql.raw(`create trigger refuse_probe before insert on audit_log
        for each row execute function refuse_probe()`),
    );
    try {
      const before = await countAll();
      const posted = await post(admin, { title: `Post ${probe}`, details: 'x', type: 'all' });
      expect(posted.statusCode).toBe(500);
      expect(await countAll()).toBe(before);

      const { id } = await postOk('all');
      const row = await rowOf(id);
      const edited = await edit(admin, id, {
        title: `Edit ${probe}`,
        type: 'all',
        details: 'x',
        version: 1,
      });
      expect(edited.statusCode).toBe(500);
      expect(await rowOf(id)).toEqual(row);

      // Written straight to the table: posting it through the API would be refused.
      const [doomed] = await t.database.db
        .insert(announcements)
        .values({ title: `Delete ${probe}`, details: 'x', type: 'all' })
        .returning();
      const deleted = await remove(admin, doomed?.id ?? '');
      expect(deleted.statusCode).toBe(500);
      expect(await rowOf(doomed?.id ?? '')).toEqual(doomed);
      expect(await auditRows(doomed?.id ?? '')).toEqual([]);
    } finally {
      await t.database.db.execute(sql.raw('drop trigger refuse_probe on audit_log'));
      await t.database.db.execute(sql.raw('drop function refuse_probe()'));
    }
  });
});
