import {
  AnnouncementListResponseSchema,
  ErrorResponseSchema,
  InsertedResponseSchema,
  type AnnouncementType,
} from '@structomate/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, loginAs, type Session, type TestApp } from '../../../test/build';
import { newPerson } from '../../../test/people';
import { announcements } from '../../db/schema';

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
