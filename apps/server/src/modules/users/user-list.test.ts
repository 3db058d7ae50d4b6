import { UserListPageSchema } from '@structomate/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, login, loginAs, type Session, type TestApp } from '../../../test/build';
import { newPerson } from '../../../test/people';
import { calendarDay } from '../../lib/clock';
import { apartments, users } from '../../db/schema';

let t: TestApp;
let admin: Session;
beforeAll(async () => {
  t = await buildTestApp({ demo: true });
  admin = await loginAs(t.app, 'admin');
});
afterAll(() => t.close());

async function usersPage(query = '') {
  const response = await admin.inject({ method: 'GET', url: `/api/users${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return UserListPageSchema.parse(response.json());
}

describe('GET /api/users (the admin’s Users page)', () => {
  it('lists every account with its role and latest request, newest first, counted and paged', async () => {
    const all = await usersPage();
    expect(all.total).toBe(4);
    expect(all.result.map((u) => u.email).sort()).toEqual([
      'admin@structo.com',
      'former@structo.com',
      'member@structo.com',
      'user@structo.com',
    ]);
    expect(all.result.find((u) => u.email === 'member@structo.com')).toMatchObject({
      role: 'member',
      displayName: 'Tanvir Hossain',
      latestRequest: { status: 'accepted', apartmentNo: 'B-402' },
    });
    expect(all.result.find((u) => u.email === 'former@structo.com')?.latestRequest).toEqual({
      status: 'ended',
      apartmentNo: 'A-603',
    });
    expect(all.result.find((u) => u.email === 'user@structo.com')?.latestRequest).toBeNull();

    // Joined a minute apart (set, not left to the clock: two inserts may share a timestamp).
    for (let i = 0; i < 5; i += 1) {
      const person = await newPerson(t.app, t.database, 'user', `Paged Person ${i}`);
      await t.database.db
        .update(users)
        .set({ createdAt: new Date(Date.UTC(2030, 0, 1, 0, i)) })
        .where(eq(users.id, person.id));
    }
    const first = await usersPage('?limit=3');
    const second = await usersPage('?limit=3&page=2');
    expect(first).toMatchObject({ total: 9, pageCount: 3, page: 1, limit: 3 });
    expect(first.result.map((u) => u.displayName)).toEqual([
      'Paged Person 4',
      'Paged Person 3',
      'Paged Person 2',
    ]);
    expect(second.result.map((u) => u._id)).not.toContain(first.result[0]?._id);
  });

  it('filters by role and by part of the name or email, any case, % and _ taken literally', async () => {
    expect((await usersPage('?role=member')).result.map((u) => u.email)).toEqual([
      'member@structo.com',
    ]);
    expect((await usersPage('?q=TANVIR')).result.map((u) => u.email)).toEqual([
      'member@structo.com',
    ]);
    expect((await usersPage('?q=structo.com&role=user')).total).toBe(2);
    expect((await usersPage('?q=%25')).total).toBe(0);
    expect((await usersPage('?q=_')).total).toBe(0);
  });

  it('says who has a rent account to open: whoever held a lease, whatever they asked for since', async () => {
    const rentAccounts = async () =>
      Object.fromEntries(
        (await usersPage('?q=structo.com')).result.map((u) => [u.email, u.hasRentAccount]),
      );
    expect(await rentAccounts()).toEqual({
      'admin@structo.com': false,
      'member@structo.com': true,
      'former@structo.com': true,
      'user@structo.com': false,
    });
    // The former tenant asks for another apartment: his latest request is pending, and his
    // rent account, with what he owes, is still there to open.
    const former = await login(t.app, 'former@structo.com', 'Former1234');
    const [flat] = await t.database.db
      .select({ id: apartments.id })
      .from(apartments)
      .where(eq(apartments.apartmentNo, 'A-603'));
    const signed = await former.inject({
      method: 'POST',
      url: '/api/create/agreements',
      payload: {
        newAgreement: {
          apartmentDetails: { _id: flat?.id },
          startDate: calendarDay(t.clock.now(), t.app.config.rent.timeZone),
        },
      },
    });
    expect(signed.statusCode, signed.body).toBe(201);
    const row = (await usersPage('?q=former@structo.com')).result[0];
    expect(row).toMatchObject({
      latestRequest: { status: 'pending', apartmentNo: 'A-603' },
      hasRentAccount: true,
    });
  });

  it('is for the admin only; a bad query is a 400', async () => {
    for (const role of ['member', 'user'] as const) {
      const person = await newPerson(t.app, t.database, role);
      expect((await person.inject({ method: 'GET', url: '/api/users' })).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/users' })).statusCode).toBe(401);
    for (const query of ['?limit=0', '?limit=101', '?page=0', '?role=owner', '?sort=name']) {
      const response = await admin.inject({ method: 'GET', url: `/api/users${query}` });
      expect(response.statusCode, query).toBe(400);
    }
  });
});
