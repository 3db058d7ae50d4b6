import {
  ErrorResponseSchema,
  LoginResponseSchema,
  SessionResponseSchema,
} from '@structomate/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, demoAccount, login, loginAs, type TestApp } from '../../../test/build';
import { rateLimits, sessions, users } from '../../db/schema';
import { hashToken } from './auth.service';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ demo: true });
});
afterAll(() => t.close());
// Throttling counts persist in the database; each test starts with none.
beforeEach(async () => {
  await t.database.db.delete(rateLimits);
});

const member = demoAccount('member');

const postLogin = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: payload as object, headers });

const whoAmI = (headers: Record<string, string>) =>
  t.app
    .inject({ method: 'GET', url: '/api/session', headers })
    .then((response) => SessionResponseSchema.parse(response.json()).user);

describe('POST /api/login', () => {
  it('signs in with the right password: token, user and an HttpOnly SameSite=Lax cookie', async () => {
    const response = await postLogin({ email: member.email, password: member.password });
    expect(response.statusCode).toBe(200);
    const body = LoginResponseSchema.parse(response.json());
    expect(body.user).toMatchObject({ email: member.email, role: 'member' });
    expect(Buffer.from(body.token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toContain(`sm_session=${body.token}`);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).toMatch(/Expires=/);
  });

  it('matches the email case-insensitively', async () => {
    const response = await postLogin({
      email: member.email.toUpperCase(),
      password: member.password,
    });
    expect(response.statusCode).toBe(200);
  });

  it('stores only a hash of the token, with an expiry', async () => {
    const { token } = await loginAs(t.app, 'user');
    const rows = await t.database.db.select().from(sessions);
    expect(rows.some((row) => row.tokenHash === token)).toBe(false);
    const row = rows.find((candidate) => candidate.tokenHash === hashToken(token));
    expect(row?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
  });

  it('answers a wrong password and an unknown email alike: 401 "Invalid email/password"', async () => {
    const wrong = await postLogin({ email: member.email, password: 'Wrong1234' });
    const unknown = await postLogin({ email: 'nobody@example.com', password: 'Wrong1234' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(ErrorResponseSchema.parse(wrong.json()).error.message).toBe('Invalid email/password');
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a missing password or a malformed email with 400 and no session', async () => {
    const before = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(sessions);
    for (const payload of [
      { email: member.email },
      { email: 'not-an-email', password: 'x' },
      { email: member.email, password: member.password, role: 'admin' },
    ]) {
      const response = await postLogin(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const after = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(sessions);
    expect(after).toEqual(before);
  });

  const from = (remoteAddress: string) => (payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/login', payload: payload as object, remoteAddress });

  it('after 5 failures from one address, that address waits, even with the right password (429 + Retry-After)', async () => {
    const guesser = from('203.0.113.7');
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await guesser({ email: member.email, password: 'Wrong1234' })).statusCode).toBe(401);
    }
    const blocked = await guesser({ email: member.email, password: member.password });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBe(15 * 60);
    expect(ErrorResponseSchema.parse(blocked.json()).error.message).toBe(
      'Too many failed logins. Try again in 15 minutes.',
    );
    // Other accounts from that address are unaffected (the address has not reached its limit).
    const admin = demoAccount('admin');
    expect((await guesser({ email: admin.email, password: admin.password })).statusCode).toBe(200);
  });

  it('cannot lock the owner out: guesses from elsewhere leave the owner’s own address free', async () => {
    for (let attempt = 0; attempt < 8; attempt += 1) {
      await from('198.51.100.9')({ email: member.email, password: 'Wrong1234' });
    }
    const owner = await from('192.0.2.44')({ email: member.email, password: member.password });
    expect(owner.statusCode).toBe(200);
  });

  it('counts before the password is checked: of 150 parallel guesses at most 5 are checked', async () => {
    const guesser = from('203.0.113.8');
    const statuses = await Promise.all(
      Array.from({ length: 150 }, () =>
        guesser({ email: member.email, password: 'Wrong1234' }).then((r) => r.statusCode),
      ),
    );
    // The address's own limit (20) may refuse one of the first five, counted at the same time.
    const checked = statuses.filter((status) => status === 401).length;
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(150 - checked);
  });

  it('makes each further wait twice as long: 15 minutes, then 30, then 60', async () => {
    const guesser = from('203.0.113.9');
    const waits: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      for (let attempt = 0; attempt < 5; attempt += 1) {
        await guesser({ email: member.email, password: 'Wrong1234' });
      }
      const blocked = await guesser({ email: member.email, password: member.password });
      waits.push(Number(blocked.headers['retry-after']));
      // The wait runs out (the counter's window ends); the strikes are remembered for a day.
      await t.database.db
        .update(rateLimits)
        .set({ expire: new Date(Date.now() - 1000) })
        .where(sql`${rateLimits.key} like 'login:account-address:%'`);
    }
    expect(waits).toEqual([15 * 60, 30 * 60, 60 * 60]);
  });

  it('a successful login clears its count: 4 wrong, right, then 5 more wrong before any wait', async () => {
    const person = from('203.0.113.10');
    for (let attempt = 0; attempt < 4; attempt += 1) {
      await person({ email: member.email, password: 'Wrong1234' });
    }
    expect((await person({ email: member.email, password: member.password })).statusCode).toBe(200);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await person({ email: member.email, password: 'Wrong1234' })).statusCode).toBe(401);
    }
  });

  it('a guesser stopped at one account does not shut out the others behind the same address', async () => {
    const shared = from('203.0.113.13');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 40; attempt += 1) {
      statuses.push((await shared({ email: member.email, password: 'Wrong1234' })).statusCode);
    }
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(35);
    // A neighbour on the same network (one public address) signs in as usual.
    const admin = demoAccount('admin');
    expect((await shared({ email: admin.email, password: admin.password })).statusCode).toBe(200);
  });

  it('an attempt the address refuses does not use up the account’s own five', async () => {
    const shared = from('203.0.113.14');
    for (let attempt = 0; attempt < 20; attempt += 1) {
      await shared({ email: `sprayed${attempt}@example.com`, password: 'Wrong1234' });
    }
    const admin = demoAccount('admin');
    for (let attempt = 0; attempt < 6; attempt += 1) {
      expect((await shared({ email: admin.email, password: admin.password })).statusCode).toBe(429);
    }
    // The address's window ends: the admin's own attempts from there are all still theirs.
    await t.database.db.delete(rateLimits).where(sql`${rateLimits.key} like 'login:address:%'`);
    expect((await shared({ email: admin.email, password: admin.password })).statusCode).toBe(200);
  });

  it('throttles an address after 20 failures across accounts', async () => {
    const sprayer = from('203.0.113.11');
    for (let attempt = 0; attempt < 20; attempt += 1) {
      await sprayer({ email: `guess${attempt}@example.com`, password: 'Wrong1234' });
    }
    const admin = demoAccount('admin');
    const blocked = await sprayer({ email: admin.email, password: admin.password });
    expect(blocked.statusCode).toBe(429);
    // Another address is not affected.
    expect(
      (await from('203.0.113.12')({ email: admin.email, password: admin.password })).statusCode,
    ).toBe(200);
  });
});

describe('sessions', () => {
  it('accepts the token as cookie, as Bearer header and in the JSON body', async () => {
    const session = await loginAs(t.app, 'member');
    expect((await whoAmI({ cookie: session.cookie }))?.email).toBe(member.email);
    expect((await whoAmI({ authorization: `Bearer ${session.token}` }))?.email).toBe(member.email);
    const stats = await t.app.inject({
      method: 'POST',
      url: '/api/users/' + encodeURIComponent(member.email),
      payload: { token: session.token },
    });
    expect(stats.statusCode).toBe(200);
  });

  it('says who rented here before: a former tenant, not a user who never did, nor the tenant', async () => {
    const former = await login(t.app, 'former@structo.com', 'Former1234');
    expect(former.user).toMatchObject({ role: 'user', formerTenant: true });
    expect(await whoAmI({ cookie: former.cookie })).toMatchObject({ formerTenant: true });
    const user = await loginAs(t.app, 'user');
    expect(user.user).toMatchObject({ role: 'user', formerTenant: false });
    expect(await whoAmI({ cookie: user.cookie })).toMatchObject({ formerTenant: false });
    expect(await whoAmI({ cookie: (await loginAs(t.app, 'member')).cookie })).toMatchObject({
      role: 'member',
      formerTenant: false,
    });
  });

  it('says nobody for no token, a made-up token or an expired session', async () => {
    expect(await whoAmI({})).toBeNull();
    expect(await whoAmI({ cookie: 'sm_session=made-up' })).toBeNull();
    const session = await loginAs(t.app, 'user');
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000), createdAt: new Date(Date.now() - 5000) })
      .where(eq(sessions.tokenHash, hashToken(session.token)));
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/session',
      headers: { cookie: session.cookie },
    });
    expect(SessionResponseSchema.parse(response.json()).user).toBeNull();
    expect(String(response.headers['set-cookie'])).toMatch(/sm_session=;/);
  });

  it('logout revokes the session: the same token no longer works', async () => {
    const session = await loginAs(t.app, 'user');
    const out = await session.inject({ method: 'POST', url: '/api/logout' });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/sm_session=;/);
    expect(await whoAmI({ cookie: session.cookie })).toBeNull();
    expect(await whoAmI({ authorization: `Bearer ${session.token}` })).toBeNull();
  });

  it('logout without a session is harmless', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/logout' });
    expect(response.statusCode).toBe(200);
  });

  it('a role change made in SQL holds for the very next change, and for reads once announced', async () => {
    const session = await loginAs(t.app, 'user');
    const figures = async () =>
      (await session.inject({ method: 'POST', url: '/api/admin' })).statusCode;
    // An admin's change with nothing in it: refused (403) unless an admin asks, then 400.
    const change = async () =>
      (await session.inject({ method: 'POST', url: '/api/makeAnnouncement', payload: {} }))
        .statusCode;
    const setRole = (role: 'admin' | 'user') =>
      t.database.db.update(users).set({ role }).where(eq(users.id, session.user._id));
    expect(await figures()).toBe(403);
    expect(await change()).toBe(403);

    await setRole('admin');
    // A change reads the session from the database: at once. This one is refused by its
    // validation, so it makes the server forget nothing; reads follow once the notice comes.
    expect(await change()).toBe(400);
    await expect.poll(figures, { timeout: 5_000 }).toBe(200);

    // A read may take the session from the server's memory until the database's notice arrives
    // (ADR 019: at once on the embedded database, within moments on PostgreSQL); nothing but the
    // notice tells this server (no change is sent in between).
    await setRole('user');
    await expect.poll(figures, { timeout: 5_000 }).toBe(403);
    expect(await change()).toBe(403);
  });

  it('refuses a state-changing request from another site, with or without the cookie', async () => {
    const session = await loginAs(t.app, 'admin');
    const foreign = await session.inject({
      method: 'POST',
      url: '/api/admin',
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    const crossSite = await session.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(await whoAmI({ cookie: session.cookie })).not.toBeNull();
    const sameSite = await session.inject({
      method: 'POST',
      url: '/api/admin',
      headers: { origin: 'http://localhost:80', host: 'localhost:80' },
    });
    expect(sameSite.statusCode).toBe(200);
  });
});

describe('logs', () => {
  it('never contain a password, a token or a cookie, even at trace level', async () => {
    const lines: string[] = [];
    const stream = {
      write: (line: string) => lines.push(line),
    } as unknown as NodeJS.WritableStream;
    const traced = await buildTestApp({
      demo: true,
      config: { logLevel: 'trace' },
      logStream: stream,
    });
    try {
      const secret = 'Sekret-Passw0rd-xyz';
      await traced.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: 'user@structo.com', password: secret },
      });
      const session = await login(traced.app, 'user@structo.com', 'User1234');
      await session.inject({
        method: 'POST',
        url: '/api/logout',
        headers: { authorization: `Bearer ${session.token}` },
      });
      const all = lines.join('\n');
      expect(all.length).toBeGreaterThan(0);
      expect(all).not.toContain(secret);
      expect(all).not.toContain('User1234');
      expect(all).not.toContain(session.token);
      expect(all).not.toContain(hashToken(session.token));
    } finally {
      await traced.close();
    }
  });

  it('keep a failed query and its cause, never its parameters (an email, a password hash)', async () => {
    const lines: string[] = [];
    const stream = {
      write: (line: string) => lines.push(line),
    } as unknown as NodeJS.WritableStream;
    const logged = await buildTestApp({
      demo: true,
      config: { logLevel: 'error' },
      logStream: stream,
    });
    try {
      const hash = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0LXNhbHQ$c2VjcmV0LWhhc2gtdmFsdWU';
      // The demo member's email again: the unique constraint refuses it, as in a race.
      const failure = await logged.database.db
        .insert(users)
        .values({ email: member.email, displayName: 'Twin', passwordHash: hash, role: 'user' })
        .then(
          () => undefined,
          (error: unknown) => error,
        );
      expect(failure).toBeInstanceOf(Error);
      logged.app.log.error({ err: failure }, 'unhandled error');
      const all = lines.join('\n');
      expect(all).toContain('Failed query: insert into \\"users\\"');
      expect(all).toContain('duplicate key');
      expect(all).not.toContain(hash);
      expect(all).not.toContain(member.email);
    } finally {
      await logged.close();
    }
  });
});
