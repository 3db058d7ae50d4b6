import type { IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loginAs, type Session, type TestApp } from '../../test/build';
import { capturedLog, lasting, listening, overSocket } from '../../test/sockets';
import { FakeClock } from '../lib/clock';

/**
 * Signed-in replays (ADR 023): a signed-in person's repeated read answered before the pipeline.
 * Over real sockets, since replays answer before Fastify, where `inject` never goes.
 */

const ANNOUNCEMENTS = '/api/get/memberAnnouncement';
const TRANSACTIONS = '/api/get/transactions';

/** A POST with a JSON body, by the session's cookie (as the web app sends it). */
const post = (
  t: TestApp,
  path: string,
  session: Pick<Session, 'cookie'>,
  body = '{}',
  headers: Record<string, string> = {},
) =>
  overSocket(
    t.app,
    'POST',
    path,
    { 'content-type': 'application/json', cookie: session.cookie, ...headers },
    body,
  );

const newAnnouncement = (admin: Session, title: string) =>
  admin.inject({
    method: 'POST',
    url: '/api/makeAnnouncement',
    payload: { newAnnouncement: { title, details: 'Water off 10–12.', type: 'member' } },
  });

describe('signed-in replays', () => {
  let t: TestApp;
  let member: Session;
  let admin: Session;
  beforeAll(async () => {
    t = await listening();
    member = await loginAs(t.app, 'member');
    admin = await loginAs(t.app, 'admin');
  });
  afterAll(() => t.close());

  it('send a repeated read the same person made again: the status, headers and bytes the app sent', async () => {
    const asked: [string, Session, Record<string, string>][] = [
      [ANNOUNCEMENTS, member, {}],
      [TRANSACTIONS, member, { 'accept-encoding': 'br, gzip' }],
      ['/api/admin', admin, {}],
    ];
    for (const [path, session, headers] of asked) {
      const first = await post(t, path, session, '{}', headers);
      expect(first.status).toBe(200);
      const served = t.app.replays.served;
      const again = await post(t, path, session, '{}', headers);
      expect(t.app.replays.served).toBe(served + 1);
      expect(again.status).toBe(200);
      expect(lasting(again.headers)).toEqual(lasting(first.headers));
      expect(again.body.equals(first.body)).toBe(true);
      expect(again.headers['cache-control']).toBe('no-store');
      expect(again.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    }
  });

  it("never send one person's answer to another, nor to the same person asking otherwise", async () => {
    const mine = await post(t, TRANSACTIONS, member);
    await post(t, TRANSACTIONS, member);
    const other = await loginAs(t.app, 'member');
    const served = t.app.replays.served;
    // Another session (a new cookie), another cookie beside the session's, another body.
    expect((await post(t, TRANSACTIONS, other)).status).toBe(200);
    const withMore = { cookie: `${member.cookie}; sm_tz=Asia/Dhaka` };
    expect((await post(t, TRANSACTIONS, withMore)).body.equals(mine.body)).toBe(true);
    expect(t.app.replays.served).toBe(served);
    // The admin's figures asked for by the member: the pipeline's refusal, every time.
    await post(t, '/api/admin', admin);
    await post(t, '/api/admin', admin);
    const servedToAdmin = t.app.replays.served;
    expect((await post(t, '/api/admin', member)).status).toBe(403);
    expect((await post(t, '/api/admin', member)).status).toBe(403);
    expect(t.app.replays.served).toBe(servedToAdmin);
    expect(servedToAdmin).toBe(served + 1);
  });

  it('give a body read for a replay that was not one to the app, whole', async () => {
    await post(t, ANNOUNCEMENTS, member);
    await post(t, ANNOUNCEMENTS, member);
    const served = t.app.replays.served;
    // The same request but for its body: read first, then parsed and validated by the app.
    const one = await post(t, ANNOUNCEMENTS, member, JSON.stringify({ limit: 1 }));
    expect(one.status).toBe(200);
    expect(JSON.parse(one.body.toString())).toHaveLength(1);
    const refused = await post(t, ANNOUNCEMENTS, member, JSON.stringify({ limit: 'x' }));
    expect(refused.status).toBe(400);
    expect(refused.body.toString()).toContain('must be a number');
    const broken = await post(t, ANNOUNCEMENTS, member, '{"limit":');
    expect(broken.status).toBe(400);
    // Someone else's email on one's own history is refused, however it comes.
    const theirs = JSON.stringify({ email: 'someone.else@example.com' });
    expect((await post(t, TRANSACTIONS, member, theirs)).status).toBe(403);
    // The same read written otherwise: the app's answer, kept under its own body from then on.
    const spaced = await post(t, ANNOUNCEMENTS, member, '{ }');
    expect(t.app.replays.served).toBe(served);
    const again = await post(t, ANNOUNCEMENTS, member, '{ }');
    expect(t.app.replays.served).toBe(served + 1);
    expect(again.body.equals(spaced.body)).toBe(true);
  });

  it('never answer a change with what was sent before it', async () => {
    await post(t, ANNOUNCEMENTS, member);
    const before = await post(t, ANNOUNCEMENTS, member);
    const title = `Lift service ${crypto.randomUUID()}`;
    expect((await newAnnouncement(admin, title)).statusCode).toBe(201);
    // Every signed-in replay goes with the change, not only those asked for again.
    expect(t.app.replays.signedInKept).toBe(0);
    const served = t.app.replays.served;
    const after = await post(t, ANNOUNCEMENTS, member);
    expect(t.app.replays.served).toBe(served);
    expect(after.body.equals(before.body)).toBe(false);
    expect(after.body.toString()).toContain(title);
  });

  it('never answer a session that has ended', async () => {
    const leaving = await loginAs(t.app, 'member');
    await post(t, TRANSACTIONS, leaving);
    await post(t, TRANSACTIONS, leaving);
    const served = t.app.replays.served;
    const out = await leaving.inject({ method: 'POST', url: '/api/logout', payload: {} });
    expect(out.statusCode).toBe(200);
    expect((await post(t, TRANSACTIONS, leaving)).status).toBe(401);
    expect(t.app.replays.served).toBe(served);
  });

  it('leave to the app a request from another site, with other credentials, or conditional', async () => {
    const first = await post(t, TRANSACTIONS, member);
    await post(t, TRANSACTIONS, member);
    const served = t.app.replays.served;
    const asked = [
      await post(t, TRANSACTIONS, member, '{}', { origin: 'https://elsewhere.example' }),
      await post(t, TRANSACTIONS, member, '{}', { 'sec-fetch-site': 'cross-site' }),
      await post(t, TRANSACTIONS, member, '{}', { origin: '' }),
      await post(t, TRANSACTIONS, member, '{}', { authorization: 'Bearer not-a-session' }),
      await post(t, TRANSACTIONS, member, '{}', { 'if-none-match': String(first.headers.etag) }),
      // A body encoding the app cannot read is refused, though the body is plain.
      await post(t, TRANSACTIONS, member, '{}', { 'content-encoding': 'x-unknown' }),
    ];
    expect(asked.map((answer) => answer.status)).toEqual([403, 403, 403, 401, 304, 415]);
    // A token in the body says whose the read is, not the cookie: the user's history (none).
    const user = await loginAs(t.app, 'user');
    const byBody = await post(t, TRANSACTIONS, member, JSON.stringify({ token: user.token }));
    expect(byBody.status).toBe(200);
    expect(JSON.parse(byBody.body.toString())).toEqual([]);
    expect(JSON.parse(first.body.toString())).not.toEqual([]);
    expect(t.app.replays.served).toBe(served);
  });

  it('send nothing again that the app did not keep: a search, a later page', async () => {
    const roll = (query: string) =>
      overSocket(t.app, 'GET', `/api/admin/rent-roll?${query}`, { cookie: admin.cookie });
    await roll('q=B-4');
    const served = t.app.replays.served;
    expect((await roll('q=B-4')).status).toBe(200);
    expect(t.app.replays.served).toBe(served);
    // A body longer than one read before the pipeline (a KB) is never kept.
    const long = `{${' '.repeat(2000)}}`;
    const kept = t.app.replays.signedInKept;
    expect((await post(t, TRANSACTIONS, member, long)).status).toBe(200);
    expect((await post(t, TRANSACTIONS, member, long)).status).toBe(200);
    expect(t.app.replays.served).toBe(served);
    expect(t.app.replays.signedInKept).toBe(kept);
    await roll('page=1');
    expect((await roll('page=1')).status).toBe(200);
    expect(t.app.replays.served).toBe(served + 1);
  });
});

describe('signed-in replays and a session that expires', () => {
  it('never answer a session past its expiry, though what it read is still kept', async () => {
    // Sessions of a minute; what a read keeps holds for five (lib/changes-cache.ts).
    const t = await listening({ config: { sessionDays: 1 / (24 * 60) } });
    try {
      const member = await loginAs(t.app, 'member');
      await post(t, TRANSACTIONS, member);
      await post(t, TRANSACTIONS, member);
      expect(t.app.replays.served).toBe(1);
      // This server's memory holds a session until it expires, by its own wall clock.
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2 * 60_000 });
      expect(t.app.changesCache.peek('data', `transactions:${member.user._id}`)).toBeDefined();
      // The pipeline's answer (whether the session still holds is then the database's say, by
      // its own clock: PGlite's follows the faked one, PostgreSQL's does not).
      expect([200, 401]).toContain((await post(t, TRANSACTIONS, member)).status);
      expect(t.app.replays.served).toBe(1);
    } finally {
      vi.useRealTimers();
      await t.close();
    }
  });
});

describe('signed-in replays and the protocol', () => {
  it('send HSTS only to a request that came over https, as the app does', async () => {
    const t = await listening({ config: { env: 'production', trustProxy: true } });
    try {
      const member = await loginAs(t.app, 'member');
      const over = (proto: string) =>
        post(t, TRANSACTIONS, member, '{}', { 'x-forwarded-proto': proto });
      const hsts = (answer: { headers: IncomingHttpHeaders }) =>
        answer.headers['strict-transport-security'];
      expect(hsts(await over('http'))).toBeUndefined();
      expect(hsts(await over('http'))).toBeUndefined();
      expect(t.app.replays.served).toBe(1);
      expect(hsts(await over('https'))).toMatch(/^max-age=\d+/);
      expect(t.app.replays.served).toBe(1);
      expect(hsts(await over('https'))).toMatch(/^max-age=\d+/);
      expect(hsts(await over('http'))).toBeUndefined();
      expect(t.app.replays.served).toBe(3);
    } finally {
      await t.close();
    }
  });
});

describe('signed-in replays and the building day', () => {
  it('are not sent once the day they were made for is over', async () => {
    const clock = new FakeClock('2026-03-10T17:00:00Z');
    const t = await listening({ clock });
    try {
      const admin = await loginAs(t.app, 'admin');
      await post(t, '/api/admin', admin);
      await post(t, '/api/admin', admin);
      const served = t.app.replays.served;
      // Midnight in Dhaka (UTC+6): the admin's figures are today's.
      clock.set('2026-03-10T18:00:00Z');
      expect((await post(t, '/api/admin', admin)).status).toBe(200);
      expect(t.app.replays.served).toBe(served);
      await post(t, '/api/admin', admin);
      expect(t.app.replays.served).toBe(served + 1);
    } finally {
      await t.close();
    }
  });
});

describe('signed-in replays and the per-address ceiling', () => {
  it('count against the same ceiling as every request', async () => {
    const t = await listening({ config: { requestsPerMinute: 4 } });
    try {
      const member = await loginAs(t.app, 'member');
      const statuses = [];
      // The login was the first request from this address (inject's).
      for (let i = 0; i < 3; i += 1) statuses.push((await post(t, TRANSACTIONS, member)).status);
      expect(statuses).toEqual([200, 200, 200]);
      expect(t.app.replays.served).toBe(2);
      const refused = await post(t, TRANSACTIONS, member);
      expect(refused.status).toBe(429);
      expect(refused.body.toString()).toMatch(/Too many requests from this address/);
      expect(t.app.replays.served).toBe(2);
    } finally {
      await t.close();
    }
  });
});

describe('signed-in replays in the log', () => {
  it('write the line every request writes, with the request id sent and no cookie', async () => {
    const { stream, lines } = capturedLog();
    const t = await listening({ config: { logLevel: 'info' }, logStream: stream });
    try {
      const member = await loginAs(t.app, 'member');
      await post(t, TRANSACTIONS, member);
      const again = await post(t, TRANSACTIONS, member);
      expect(t.app.replays.served).toBe(1);
      const line = lines.find((entry) => entry.reqId === again.headers['x-request-id']);
      expect(line).toMatchObject({
        level: 30,
        method: 'POST',
        route: TRANSACTIONS,
        status: 200,
        msg: 'request completed',
      });
      const pipelineLine = lines.find((entry) => entry.route === TRANSACTIONS);
      expect(Object.keys(line ?? {}).sort()).toEqual(Object.keys(pipelineLine ?? {}).sort());
      expect(JSON.stringify(lines)).not.toContain(member.token);
    } finally {
      await t.close();
    }
  });
});
