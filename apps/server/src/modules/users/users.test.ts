import {
  AdminStatsSchema,
  ErrorResponseSchema,
  ImageUploadResponseSchema,
  InsertedResponseSchema,
  SessionResponseSchema,
  SessionUserSchema,
} from '@structomate/contract';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, demoAccount, loginAs, type TestApp } from '../../../test/build';
import { multipart, testImage } from '../../../test/images';
import { agreements, apartments, images, rateLimits, users } from '../../db/schema';
import { calendarDay } from '../../lib/clock';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ demo: true });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.delete(rateLimits);
});

let photoSeed = 0;
async function uploadPhoto(): Promise<string> {
  photoSeed += 1;
  const form = multipart('image', await testImage('png', { width: 40 + photoSeed, height: 40 }));
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/images',
    payload: form.payload,
    headers: form.headers,
  });
  return ImageUploadResponseSchema.parse(response.json()).data.url;
}

const register = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/users', payload });

const userCount = async () => (await t.database.db.select({ n: count() }).from(users))[0]?.n ?? 0;

describe('POST /api/users (registration)', () => {
  it('creates a user with an argon2id hash, claims the photo and signs them in', async () => {
    const photoURL = await uploadPhoto();
    const response = await register({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      password: 'Engine1843',
      photoURL,
    });
    expect(response.statusCode).toBe(201);
    const { insertedId } = InsertedResponseSchema.parse(response.json());

    const [row] = await t.database.db.select().from(users).where(eq(users.id, insertedId));
    expect(row).toMatchObject({
      email: 'ada@example.com',
      displayName: 'Ada Lovelace',
      role: 'user',
    });
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain('Engine1843');
    const [image] = await t.database.db
      .select({ ownerId: images.ownerId })
      .from(images)
      .where(eq(images.id, row?.photoImageId ?? ''));
    expect(image?.ownerId).toBe(insertedId);

    const cookie = String(response.headers['set-cookie']).split(';')[0] ?? '';
    const session = await t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } });
    expect(SessionResponseSchema.parse(session.json()).user).toMatchObject({
      _id: insertedId,
      displayName: 'Ada Lovelace',
      photoURL,
      role: 'user',
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'ADA@example.com', password: 'Engine1843' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('refuses a second account for the same email, whatever its case (409, nothing added)', async () => {
    const before = await userCount();
    const response = await register({
      name: 'Impostor',
      email: 'Member@Structo.com',
      password: 'Member1234',
      photoURL: await uploadPhoto(),
    });
    expect(response.statusCode).toBe(409);
    expect(ErrorResponseSchema.parse(response.json()).error.message).toBe(
      'An account with this email already exists. Log in instead.',
    );
    expect(await userCount()).toBe(before);
  });

  it.each([
    ['alllowercase1', 'Password: at least 1 uppercase letter.'],
    ['ALLUPPERCASE1', 'Password: at least 1 lowercase letter.'],
    ['Ab1', 'Password: at least 6 characters long.'],
  ])('refuses the password %s with the spec message', async (password, message) => {
    const before = await userCount();
    const response = await register({
      name: 'Weak',
      email: `weak-${password}@example.com`,
      password,
      photoURL: await uploadPhoto(),
    });
    expect(response.statusCode).toBe(400);
    const body = ErrorResponseSchema.parse(response.json());
    expect(body.error.issues).toContainEqual({ path: 'password', message });
    expect(await userCount()).toBe(before);
  });

  it.each([
    [
      {
        email: 'x@example.com',
        password: 'Abcdef1',
        photoURL: '/api/images/' + 'a'.repeat(64) + '.webp',
      },
      'name',
    ],
    [
      { name: 'X', password: 'Abcdef1', photoURL: '/api/images/' + 'a'.repeat(64) + '.webp' },
      'email',
    ],
    [
      {
        name: 'X',
        email: 'not an email',
        password: 'Abcdef1',
        photoURL: '/api/images/' + 'a'.repeat(64) + '.webp',
      },
      'email',
    ],
    [{ name: 'X', email: 'x@example.com', password: 'Abcdef1' }, 'photoURL'],
    [
      {
        name: 'X',
        email: 'x@example.com',
        password: 'Abcdef1',
        photoURL: 'https://evil.example/pixel.gif',
      },
      'photoURL',
    ],
  ])('refuses %o naming the field %s', async (payload, field) => {
    const response = await register(payload);
    expect(response.statusCode).toBe(400);
    const body = ErrorResponseSchema.parse(response.json());
    expect(body.error.issues?.map((issue) => issue.path)).toContain(field);
  });

  it('refuses fields the contract does not name, such as a role', async () => {
    const before = await userCount();
    const response = await register({
      name: 'Sneaky',
      email: 'sneaky@example.com',
      password: 'Sneaky123',
      photoURL: await uploadPhoto(),
      role: 'admin',
    });
    expect(response.statusCode).toBe(400);
    expect(await userCount()).toBe(before);
  });

  it('refuses a NUL character in any field before the work starts: 400 naming it, no account, no hash', async () => {
    const photoURL = await uploadPhoto();
    const before = await userCount();
    const counted = await t.database.db.select().from(rateLimits);
    const response = await register({
      name: 'Null\u0000Byte',
      email: 'nul@example.com',
      password: 'Nul\u0000Secret1',
      photoURL,
    });
    expect(response.statusCode).toBe(400);
    expect(ErrorResponseSchema.parse(response.json()).error).toEqual({
      code: 'BAD_REQUEST',
      message: 'Text may not contain the NUL character (\\u0000).',
      issues: [
        { path: 'name', message: 'Text may not contain the NUL character (\\u0000).' },
        { path: 'password', message: 'Text may not contain the NUL character (\\u0000).' },
      ],
    });
    expect(await userCount()).toBe(before);
    // Refused before the handler: not even a registration was counted against the address.
    expect(await t.database.db.select().from(rateLimits)).toEqual(counted);
  });

  it('refuses a photo that was never uploaded here, and creates no account', async () => {
    const before = await userCount();
    const response = await register({
      name: 'Ghost',
      email: 'ghost@example.com',
      password: 'Ghost1234',
      photoURL: `/api/images/${'b'.repeat(64)}.webp`,
    });
    expect(response.statusCode).toBe(400);
    expect(await userCount()).toBe(before);
  });
});

describe('GET /api/users/exists/:email', () => {
  it('answers 200 for an account and 400 for none (spec §7)', async () => {
    const yes = await t.app.inject({ method: 'GET', url: '/api/users/exists/USER@structo.com' });
    expect(yes.statusCode).toBe(200);
    expect(yes.json()).toEqual({ exists: true });
    const no = await t.app.inject({ method: 'GET', url: '/api/users/exists/nobody@example.com' });
    expect(no.statusCode).toBe(400);
    const bad = await t.app.inject({ method: 'GET', url: '/api/users/exists/not-an-email' });
    expect(bad.statusCode).toBe(400);
  });

  it('shares the registration check’s budget, so neither enumerates accounts cheaply', async () => {
    for (let i = 0; i < 20; i += 1) {
      expect((await checkRegistration(fresh(`lookup-${i}`), '10.2.0.1')).statusCode).toBe(200);
    }
    for (let i = 0; i < 10; i += 1) {
      const answer = await t.app.inject({
        method: 'GET',
        url: `/api/users/exists/someone-${i}@example.com`,
        remoteAddress: '10.2.0.1',
      });
      expect(answer.statusCode).toBe(400);
    }
    const blocked = await t.app.inject({
      method: 'GET',
      url: '/api/users/exists/user@structo.com',
      remoteAddress: '10.2.0.1',
    });
    expect(blocked.statusCode).toBe(429);
    expect(ErrorResponseSchema.parse(blocked.json()).error.message).toMatch(
      /^Too many attempts from this address\. Try again in \d+ minutes?\.$/,
    );
  });
});

const checkRegistration = (payload: Record<string, unknown>, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/registration/check', payload, remoteAddress });

const fresh = (name: string) => ({
  name: 'Fresh Face',
  email: `${name}@example.com`,
  password: 'Fresh1234',
});

describe('POST /api/registration/check (before the photo is uploaded)', () => {
  it('accepts fields registration would take, and creates nothing', async () => {
    const before = await userCount();
    const response = await checkRegistration(fresh('free'));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(await userCount()).toBe(before);
  });

  it('refuses a registered email, whatever its case, with registration’s 409 message', async () => {
    const response = await checkRegistration({ ...fresh('x'), email: 'Member@Structo.COM' });
    expect(response.statusCode).toBe(409);
    expect(ErrorResponseSchema.parse(response.json()).error.message).toBe(
      'An account with this email already exists. Log in instead.',
    );
  });

  it.each([
    [{ ...fresh('weak'), password: 'alllowercase1' }, 'password'],
    [{ ...fresh('nameless'), name: ' ' }, 'name'],
    [{ ...fresh('x'), email: 'not an email' }, 'email'],
    [{ ...fresh('photo'), photoURL: `/api/images/${'a'.repeat(64)}.webp` }, ''],
  ])('refuses %o (400 naming %s)', async (payload, field) => {
    const response = await checkRegistration(payload);
    expect(response.statusCode).toBe(400);
    const body = ErrorResponseSchema.parse(response.json());
    expect(body.error.issues?.map((issue) => issue.path)).toContain(field);
  });

  it('says so when the address may not register now, without counting a registration', async () => {
    for (let i = 0; i < 10; i += 1) {
      const ok = await checkRegistration(fresh(`spree-${i}`), '10.1.0.1');
      expect(ok.statusCode).toBe(200);
      const made = await t.app.inject({
        method: 'POST',
        url: '/api/users',
        remoteAddress: '10.1.0.1',
        payload: { ...fresh(`spree-${i}`), photoURL: await uploadPhoto() },
      });
      expect(made.statusCode).toBe(201);
    }
    const refused = await checkRegistration(fresh('spree-more'), '10.1.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(ErrorResponseSchema.parse(refused.json()).error.message).toMatch(
      /^Too many new accounts from this address\. Try again in \d+ minutes?\.$/,
    );
    // Another address is unaffected.
    expect((await checkRegistration(fresh('elsewhere'), '10.1.0.2')).statusCode).toBe(200);
  });

  it('answers 30 questions an hour per address, then 429 before saying whether an email is taken', async () => {
    for (let i = 0; i < 30; i += 1) {
      expect((await checkRegistration(fresh(`guess-${i}`), '10.3.0.1')).statusCode).toBe(200);
    }
    const blocked = await checkRegistration(
      { ...fresh('x'), email: 'admin@structo.com' },
      '10.3.0.1',
    );
    expect(blocked.statusCode).toBe(429);
    expect(ErrorResponseSchema.parse(blocked.json()).error.message).toMatch(
      /^Too many attempts from this address\. Try again in \d+ minutes?\.$/,
    );
  });
});

describe('POST /api/users/:email', () => {
  it('returns your own record, never a password hash', async () => {
    const session = await loginAs(t.app, 'member');
    const response = await session.inject({
      method: 'POST',
      url: `/api/users/${encodeURIComponent(session.user.email)}`,
      payload: { token: session.token, user: session.user },
    });
    expect(response.statusCode).toBe(200);
    const record = SessionUserSchema.parse(response.json());
    expect(record.email).toBe(session.user.email);
    expect(response.body).not.toContain('argon2');
  });

  it("refuses someone else's record to a member, and gives it to the admin", async () => {
    const member = await loginAs(t.app, 'member');
    const other = demoAccount('user').email;
    const refused = await member.inject({ method: 'POST', url: `/api/users/${other}` });
    expect(refused.statusCode).toBe(403);
    const admin = await loginAs(t.app, 'admin');
    const allowed = await admin.inject({ method: 'POST', url: `/api/users/${other}` });
    expect(allowed.statusCode).toBe(200);
  });
});

describe('POST /api/admin', () => {
  it('counts rooms, occupancy and people in the database', async () => {
    const admin = await loginAs(t.app, 'admin');
    const read = async () =>
      AdminStatsSchema.parse((await admin.inject({ method: 'POST', url: '/api/admin' })).json());
    const stats = await read();
    const [apartmentRows] = await t.database.db.select({ n: count() }).from(apartments);
    const [members] = await t.database.db
      .select({ n: count() })
      .from(users)
      .where(eq(users.role, 'member'));
    const [plainUsers] = await t.database.db
      .select({ n: count() })
      .from(users)
      .where(eq(users.role, 'user'));
    expect(stats).toEqual({
      totalRooms: apartmentRows?.n,
      occupiedRooms: 1,
      availableRooms: (apartmentRows?.n ?? 0) - 1,
      users: plainUsers?.n,
      members: members?.n,
      blocks: [
        { blockName: 'A', total: 8, occupied: 0 },
        { blockName: 'B', total: 8, occupied: 1 },
        { blockName: 'C', total: 8, occupied: 0 },
      ],
      rentCollected: expect.any(Array),
    });
    // Twelve months, ending with this one; the demo member's rent came in every past month.
    expect(stats.rentCollected).toHaveLength(12);
    // The building's month (Dhaka's), not UTC's: from 18:00 UTC on a month's last day they differ.
    expect(stats.rentCollected.at(-1)?.billingMonth).toBe(
      calendarDay(t.clock.now(), t.app.config.rent.timeZone).slice(0, 7),
    );
    expect(stats.rentCollected.at(-2)?.amount).toBe(48000);

    // A second lease shows at once.
    const [flat] = await t.database.db
      .select({ id: apartments.id, rent: apartments.rent })
      .from(apartments)
      .where(eq(apartments.apartmentNo, 'A-101'));
    const [tenant] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = 'user@structo.com'`);
    await t.database.db.insert(agreements).values({
      tenantId: tenant?.id ?? '',
      apartmentId: flat?.id ?? '',
      rent: flat?.rent ?? 1,
      status: 'accepted',
      checkedAt: new Date(),
    });
    // Made by hand in SQL: read once the database's notice of it arrives (ADR 019; at once on
    // the embedded database, within moments on PostgreSQL).
    await expect.poll(async () => (await read()).occupiedRooms).toBe(2);
    const after = await read();
    expect(after.occupiedRooms).toBe(2);
    expect(after.availableRooms).toBe(stats.availableRooms - 1);
    expect(after.blocks.find((block) => block.blockName === 'A')?.occupied).toBe(1);
    await t.database.db.delete(agreements).where(eq(agreements.apartmentId, flat?.id ?? ''));
  });
});
