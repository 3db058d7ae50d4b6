import {
  AnnouncementListResponseSchema,
  InsertedResponseSchema,
  PAGE_HEADERS,
  RentRollPageSchema,
} from '@structomate/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app';
import { buildTestApp, loginAs, testConfig, type Session, type TestApp } from '../../test/build';
import { newMember, removeMember } from '../../test/payments';
import type { DatabaseHandle } from '../db/client';
import { announcements, sessions, users } from '../db/schema';
import { hashToken, newSessionToken } from '../modules/auth/auth.service';

/**
 * Signed-in reads kept in the server's memory (ADR 019): answered without the database while
 * nothing changed, and never after a change the server has been told of.
 */
let t: TestApp;
let admin: Session;
beforeAll(async () => {
  t = await buildTestApp({ demo: true });
  admin = await loginAs(t.app, 'admin');
});
afterAll(() => t.close());

const readAnnouncements = (person: Pick<Session, 'inject'>) =>
  person.inject({ method: 'POST', url: '/api/get/memberAnnouncement', payload: {} });

async function titles(person: Pick<Session, 'inject'>) {
  const response = await readAnnouncements(person);
  expect(response.statusCode, response.body).toBe(200);
  return AnnouncementListResponseSchema.parse(response.json()).map((row) => row.title);
}

async function post(title: string) {
  const response = await admin.inject({
    method: 'POST',
    url: '/api/makeAnnouncement',
    payload: { newAnnouncement: { title, details: 'For every member.', type: 'member' } },
  });
  expect(response.statusCode, response.body).toBe(201);
  return InsertedResponseSchema.parse(response.json()).insertedId;
}

describe('signed-in reads kept in memory', () => {
  it('answers a repeated read without the database: the session and the answer', async () => {
    const member = await loginAs(t.app, 'member');
    const reads = [
      () => readAnnouncements(member),
      () => member.inject({ method: 'POST', url: '/api/get/transactions', payload: {} }),
      () => admin.inject({ method: 'POST', url: '/api/admin', payload: {} }),
      () => admin.inject({ method: 'GET', url: '/api/admin/rent-roll?page=1&sort=balance' }),
      () => admin.inject({ method: 'GET', url: '/api/admin/apartments?occupancy=vacant' }),
    ];
    // The spec's paged lists, at the web app's size and at the spec's.
    const pagedReads = [
      () => admin.inject({ method: 'POST', url: '/api/manageMembers', payload: { limit: 20 } }),
      () => admin.inject({ method: 'POST', url: '/api/pending/agreements', payload: {} }),
    ];
    for (const read of [...reads, ...pagedReads]) {
      const first = await read();
      expect(first.statusCode, first.body).toBe(200);
      const select = vi.spyOn(t.database.db, 'select');
      const execute = vi.spyOn(t.database.db, 'execute');
      const hits = t.app.changesCache.hits;
      const again = await read();
      expect(again.statusCode).toBe(200);
      expect(again.body).toBe(first.body);
      if (pagedReads.includes(read)) {
        // A page of a spec list still says where it sits in the whole list.
        expect(first.headers[PAGE_HEADERS.total]).toMatch(/^\d+$/);
        expect(again.headers[PAGE_HEADERS.total]).toBe(first.headers[PAGE_HEADERS.total]);
        expect(again.headers[PAGE_HEADERS.pageCount]).toBe(first.headers[PAGE_HEADERS.pageCount]);
      }
      expect(select).not.toHaveBeenCalled();
      expect(execute).not.toHaveBeenCalled();
      // The session, the answer, and for the admin the leases already closed today.
      expect(t.app.changesCache.hits - hits).toBeGreaterThanOrEqual(2);
      select.mockRestore();
      execute.mockRestore();
    }
  });

  it('shows a change made through the app in the next read, and one made by hand in SQL', async () => {
    const member = await loginAs(t.app, 'member');
    await titles(member);
    await post('Water off on Tuesday');
    expect(await titles(member)).toContain('Water off on Tuesday');

    await t.database.db.insert(announcements).values({
      title: 'Lift serviced',
      details: 'Written in SQL by hand.',
      type: 'member',
    });
    // Heard through the database's notice: at once on the embedded database, within moments on
    // PostgreSQL, where the notice comes over a connection of its own.
    await expect.poll(() => titles(member)).toContain('Lift serviced');
  });

  it('refuses a session ended through the app at once, and one ended in SQL once announced', async () => {
    const member = await loginAs(t.app, 'member');
    expect((await readAnnouncements(member)).statusCode).toBe(200);
    const out = await member.inject({ method: 'POST', url: '/api/logout', payload: {} });
    expect(out.statusCode).toBe(200);
    expect((await readAnnouncements(member)).statusCode).toBe(401);

    const again = await loginAs(t.app, 'member');
    expect((await readAnnouncements(again)).statusCode).toBe(200);
    await t.database.db.delete(sessions).where(eq(sessions.tokenHash, hashToken(again.token)));
    await expect.poll(async () => (await readAnnouncements(again)).statusCode).toBe(401);
  });

  it('does not serve a session from memory past its expiry', async () => {
    const [member] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.role, 'member'));
    const { token, tokenHash } = newSessionToken();
    // Inserted, as a login does: nothing is announced for a new session.
    await t.database.db.insert(sessions).values({
      tokenHash,
      userId: member?.id ?? '',
      expiresAt: sql`now() + interval '3 seconds'`,
    });
    const person = {
      inject: (options: Parameters<Session['inject']>[0]) =>
        t.app.inject({ ...options, headers: { cookie: `sm_session=${token}` } }),
    };
    expect((await readAnnouncements(person)).statusCode).toBe(200);
    const hits = t.app.changesCache.hits;
    expect((await readAnnouncements(person)).statusCode).toBe(200);
    // The session and the answer came from memory.
    expect(t.app.changesCache.hits - hits).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 3100));
    expect((await readAnnouncements(person)).statusCode).toBe(401);
  });

  it('sees a role taken away at once', async () => {
    const person = await newMember(t, 'C-204', 'Kept Member');
    expect((await readAnnouncements(person)).statusCode).toBe(200);
    await removeMember(t, person);
    expect((await readAnnouncements(person)).statusCode).toBe(403);
  });

  it('shows a change made on this server in its next read before any notice arrives', async () => {
    // A server that hears no notices on the change channel, as if they were slow to arrive.
    const deaf: DatabaseHandle = {
      ...t.database,
      listen: (channel, onMessage, onLost, onRestored) =>
        channel === 'structomate_changed'
          ? Promise.resolve(async () => undefined)
          : t.database.listen(channel, onMessage, onLost, onRestored),
    };
    const other = await buildApp({ config: testConfig(), database: deaf });
    await other.ready();
    try {
      const on = (app: typeof other, cookie: string) => ({
        inject: (options: Parameters<Session['inject']>[0]) =>
          app.inject({ ...options, headers: { cookie } }),
      });
      const member = on(other, (await loginAs(t.app, 'member')).cookie);
      await titles(member);
      // Made on the first server: this one has not heard of it and still answers what it kept.
      await post('Not heard here');
      expect(await titles(member)).not.toContain('Not heard here');
      // Made on this server: in its very next read.
      const posted = await on(other, admin.cookie).inject({
        method: 'POST',
        url: '/api/makeAnnouncement',
        payload: { newAnnouncement: { title: 'Made here', details: 'x', type: 'member' } },
      });
      expect(posted.statusCode).toBe(201);
      expect(await titles(member)).toEqual(expect.arrayContaining(['Made here', 'Not heard here']));
    } finally {
      await other.close();
    }
  });

  it('is not emptied by requests that were refused or matched no route', async () => {
    const member = await loginAs(t.app, 'member');
    await titles(member);
    const refused = [
      await t.app.inject({ method: 'POST', url: '/api/no-such-thing', payload: {} }),
      await t.app.inject({ method: 'POST', url: '/api/makeAnnouncement', payload: {} }),
      await member.inject({ method: 'POST', url: '/api/makeAnnouncement', payload: {} }),
      await admin.inject({ method: 'POST', url: '/api/makeAnnouncement', payload: {} }),
    ].map((response) => response.statusCode);
    expect(refused).toEqual([404, 401, 403, 400]);
    const hits = t.app.changesCache.hits;
    await titles(member);
    expect(t.app.changesCache.hits - hits).toBe(2);
  });

  it('keeps the newest page of announcements only, not every page and size asked for', async () => {
    const member = await loginAs(t.app, 'member');
    const [newest] = AnnouncementListResponseSchema.parse((await readAnnouncements(member)).json());
    const page = (payload: object) =>
      member.inject({ method: 'POST', url: '/api/get/memberAnnouncement', payload });
    for (const payload of [{ limit: 3 }, { before: newest?._id }]) {
      await page(payload);
      const hits = t.app.changesCache.hits;
      expect((await page(payload)).statusCode).toBe(200);
      // Only the session was answered from memory.
      expect(t.app.changesCache.hits - hits, JSON.stringify(payload)).toBe(1);
    }
  });

  it('keeps the rent roll as browsed, not its searches, and shows a new lease at once', async () => {
    const roll = async (query: string) => {
      const response = await admin.inject({ method: 'GET', url: `/api/admin/rent-roll?${query}` });
      expect(response.statusCode, response.body).toBe(200);
      return RentRollPageSchema.parse(response.json());
    };
    const before = await roll('filter=current');
    let hits = t.app.changesCache.hits;
    expect((await roll('filter=current')).total).toBe(before.total);
    // The session, the leases closed today, and the page.
    expect(t.app.changesCache.hits - hits).toBe(3);

    await roll('q=C-');
    hits = t.app.changesCache.hits;
    await roll('q=C-');
    expect(t.app.changesCache.hits - hits, 'a search is read from the database').toBe(2);

    // A lease accepted through the app is on the admin's next page.
    await newMember(t, 'C-302', 'Rolled Member');
    const after = await roll('filter=current');
    expect(after.total).toBe(before.total + 1);
  });

  it('keeps only the first pages of the admin’s lists, at the sizes the web app and the spec ask for', async () => {
    const notKept = [
      () => admin.inject({ method: 'POST', url: '/api/manageMembers', payload: { limit: 7 } }),
      () => admin.inject({ method: 'POST', url: '/api/manageMembers', payload: { page: 11 } }),
      () => admin.inject({ method: 'POST', url: '/api/pending/agreements', payload: { limit: 3 } }),
      () => admin.inject({ method: 'GET', url: '/api/admin/rent-roll?limit=21' }),
      () => admin.inject({ method: 'GET', url: '/api/admin/rent-roll?page=11' }),
      () => admin.inject({ method: 'GET', url: '/api/admin/apartments?limit=5' }),
      () => admin.inject({ method: 'GET', url: '/api/admin/apartments?block=A' }),
    ];
    for (const read of notKept) {
      expect((await read()).statusCode).toBe(200);
      const hits = t.app.changesCache.hits;
      expect((await read()).statusCode).toBe(200);
      // The session and the leases already closed today, not the page.
      expect(t.app.changesCache.hits - hits).toBe(2);
    }
  });

  it('never takes the session of a request that changes something from memory', async () => {
    const get = vi.spyOn(t.app.changesCache, 'get');
    const sessionLookups = () =>
      get.mock.calls.filter(([, key]) => key.startsWith('session:')).length;
    await post('Posted with a session read from the database');
    expect(sessionLookups()).toBe(0);
    await admin.inject({ method: 'POST', url: '/api/admin', payload: {} });
    expect(sessionLookups()).toBe(1);
    get.mockRestore();
  });

  it('shows a change on another server once its notice arrives', async () => {
    // A second app server on the same database, as behind a load balancer.
    const other = await buildApp({ config: testConfig(), database: t.database });
    await other.ready();
    try {
      const member = await loginAs(t.app, 'member');
      const elsewhere = {
        inject: (options: Parameters<Session['inject']>[0]) =>
          other.inject({ ...options, headers: { cookie: member.cookie } }),
      };
      await titles(elsewhere);
      await post('Heard by the other server');
      await expect
        .poll(() => titles(elsewhere), { timeout: 5000 })
        .toContain('Heard by the other server');
    } finally {
      await other.close();
    }
  });
});
