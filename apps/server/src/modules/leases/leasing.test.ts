import {
  AgreementDecisionResponseSchema,
  ApartmentListResponseSchema,
  ChangeRoleResponseSchema,
  ErrorResponseSchema,
  FormerTenantBalancesResponseSchema,
  InsertedResponseSchema,
  MemberListResponseSchema,
  PendingAgreementListResponseSchema,
  SessionResponseSchema,
} from '@structomate/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, login, loginAs, type Session, type TestApp } from '../../../test/build';
import { newPerson, type Person } from '../../../test/people';
import { agreements, apartments, auditLog, charges, users } from '../../db/schema';

let t: TestApp;
let admin: Session;
beforeAll(async () => {
  t = await buildTestApp({ demo: true });
  admin = await loginAs(t.app, 'admin');
});
afterAll(() => t.close());

async function apartment(no: string) {
  const [row] = await t.database.db
    .select({ id: apartments.id, rent: apartments.rent })
    .from(apartments)
    .where(eq(apartments.apartmentNo, no));
  if (!row) throw new Error(`no apartment ${no}`);
  return row;
}

const sign = (person: { inject: Person['inject'] }, apartmentId: string, extra: object = {}) =>
  person.inject({
    method: 'POST',
    url: '/api/create/agreements',
    payload: { newAgreement: { apartmentDetails: { _id: apartmentId }, ...extra } },
  });

const accept = (agreementId: string) =>
  admin.inject({
    method: 'POST',
    url: '/api/accept/agreements',
    payload: { agreement_id: agreementId, agreementCheckedDate: 'whenever' },
  });

const reject = (agreementId: string) =>
  admin.inject({
    method: 'POST',
    url: '/api/reject/agreements',
    payload: { agreement_id: agreementId },
  });

const message = (response: { json(): unknown }) =>
  ErrorResponseSchema.parse(response.json()).error.message;

async function agreementRow(id: string) {
  const [row] = await t.database.db.select().from(agreements).where(eq(agreements.id, id));
  return row;
}

async function roleOf(id: string) {
  const [row] = await t.database.db
    .select({ role: users.role })
    .from(users)
    .where(eq(users.id, id));
  return row?.role;
}

async function isAvailable(apartmentNo: string) {
  const response = await t.app.inject({ method: 'GET', url: '/api/apartments?limit=60' });
  const all = ApartmentListResponseSchema.parse(response.json()).result;
  return all.find((a) => a.apartmentNo === apartmentNo)?.available;
}

describe('POST /api/create/agreements (signing)', () => {
  it('records a pending request built from the session and the database, ignoring the rest', async () => {
    const person = await newPerson(t.app, t.database, 'user', 'Rina Das');
    const flat = await apartment('A-202');
    const response = await sign(person, flat.id, {
      tenant_id: crypto.randomUUID(),
      tenant: 'Somebody Else',
      tenantEmail: 'else@example.com',
      tenantRole: 'admin',
      agreementSigningDate: '01 Jan, 1999',
    });
    expect(response.statusCode).toBe(201);
    const { insertedId } = InsertedResponseSchema.parse(response.json());
    const row = await agreementRow(insertedId);
    expect(row).toMatchObject({
      tenantId: person.id,
      apartmentId: flat.id,
      status: 'pending',
      rent: flat.rent,
      checkedAt: null,
    });
    expect(Math.abs((row?.signedAt.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
  });

  it('refuses a second request while one is pending (409)', async () => {
    const person = await newPerson(t.app, t.database);
    expect((await sign(person, (await apartment('A-301')).id)).statusCode).toBe(201);
    const second = await sign(person, (await apartment('A-404')).id);
    expect(second.statusCode).toBe(409);
    expect(message(second)).toMatch(/already have a pending agreement request/);
  });

  it('refuses members and admins (409) and visitors (401)', async () => {
    const flat = await apartment('A-502');
    const member = await loginAs(t.app, 'member');
    const asMember = await sign(member, flat.id);
    expect(asMember.statusCode).toBe(409);
    expect(message(asMember)).toMatch(/already rent an apartment/);
    const asAdmin = await sign(admin, flat.id);
    expect(asAdmin.statusCode).toBe(409);
    expect(message(asAdmin)).toBe('Administrators cannot request a lease.');
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/api/create/agreements',
      payload: { newAgreement: { apartmentDetails: { _id: flat.id } } },
    });
    expect(visitor.statusCode).toBe(401);
  });

  it('refuses an occupied apartment (409), an unknown one (404) and a malformed body (400)', async () => {
    const person = await newPerson(t.app, t.database);
    const occupied = await sign(person, (await apartment('B-402')).id);
    expect(occupied.statusCode).toBe(409);
    expect(message(occupied)).toBe('Apartment B-402 is already rented.');
    expect((await sign(person, crypto.randomUUID())).statusCode).toBe(404);
    expect((await sign(person, 'not-an-id')).statusCode).toBe(400);
    const noApartment = await person.inject({
      method: 'POST',
      url: '/api/create/agreements',
      payload: { newAgreement: {} },
    });
    expect(noApartment.statusCode).toBe(400);
    const [count] = await t.database.db
      .select({ id: agreements.id })
      .from(agreements)
      .where(eq(agreements.tenantId, person.id));
    expect(count).toBeUndefined();
  });
});

describe('agreement requests (admin)', () => {
  it('lists pending requests oldest first with every field of the card', async () => {
    const person = await newPerson(t.app, t.database, 'user', 'Karim Uddin');
    const flat = await apartment('B-102');
    const { insertedId } = InsertedResponseSchema.parse((await sign(person, flat.id)).json());
    const response = await admin.inject({ method: 'POST', url: '/api/pending/agreements' });
    expect(response.statusCode).toBe(200);
    const list = PendingAgreementListResponseSchema.parse(response.json());
    expect(list.every((a) => a.status === 'pending')).toBe(true);
    const signed = list.map((a) => a.agreementSigningDate);
    expect(signed).toEqual([...signed].sort());
    expect(list.find((a) => a._id === insertedId)).toMatchObject({
      tenant: 'Karim Uddin',
      tenantEmail: person.email,
      tenantRole: 'user',
      apartmentDetails: { apartmentNo: 'B-102', blockName: 'B', floorNo: 1, rent: flat.rent },
      applicantOwes: null,
      otherRequests: 0,
    });
  });

  it('says what an applicant still owes from a lease here that ended', async () => {
    const former = await login(t.app, 'former@structo.com', 'Former1234');
    const { insertedId } = InsertedResponseSchema.parse(
      (await sign(former, (await apartment('B-301')).id)).json(),
    );
    const balances = FormerTenantBalancesResponseSchema.parse(
      (await admin.inject({ method: 'GET', url: '/api/tenants/former-balances' })).json(),
    );
    const owing = balances.result.find((row) => row.email === 'former@structo.com');
    expect(owing?.owedAmount).toBeGreaterThan(0);
    const list = PendingAgreementListResponseSchema.parse(
      (await admin.inject({ method: 'POST', url: '/api/pending/agreements' })).json(),
    );
    expect(list.find((a) => a._id === insertedId)?.applicantOwes).toEqual({
      apartmentNo: 'A-603',
      months: owing?.owedMonths,
      charges: 0,
      amount: owing?.owedAmount,
    });
  });

  it('accept: accepted with its date, tenant a member, apartment occupied, rivals rejected', async () => {
    const flat = await apartment('C-204');
    const winner = await newPerson(t.app, t.database);
    const rival = await newPerson(t.app, t.database);
    const won = InsertedResponseSchema.parse((await sign(winner, flat.id)).json()).insertedId;
    const lost = InsertedResponseSchema.parse((await sign(rival, flat.id)).json()).insertedId;
    expect(await isAvailable('C-204')).toBe(true);
    // Each card says how many others wait for the flat (the admin is asked before declining them).
    const waiting = (
      (await admin.inject({ method: 'POST', url: '/api/pending/agreements' })).json() as {
        _id: string;
        otherRequests: number;
      }[]
    ).filter((a) => a._id === won || a._id === lost);
    expect(waiting.map((a) => a.otherRequests)).toEqual([1, 1]);

    const response = await accept(won);
    expect(response.statusCode).toBe(200);
    const { result } = AgreementDecisionResponseSchema.parse(response.json());
    expect(result).toMatchObject({ status: 'accepted', tenantRole: 'member' });
    expect(result.agreementCheckedDate).not.toBeNull();
    expect(await roleOf(winner.id)).toBe('member');
    expect(await isAvailable('C-204')).toBe(false);
    expect(await agreementRow(lost)).toMatchObject({ status: 'rejected' });
    expect((await agreementRow(lost))?.checkedAt).not.toBeNull();
    expect(await roleOf(rival.id)).toBe('user');
    // The audit log keeps both decisions: the acceptance and the request it declined.
    const logged = await t.database.db
      .select({ action: auditLog.action, summary: auditLog.summary })
      .from(auditLog)
      .where(inArray(auditLog.subjectId, [won, lost]));
    expect(logged).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'lease.accept' }),
        {
          action: 'lease.reject',
          summary: `Declined the request of Test Person (${rival.email}) for apartment C-204: Test Person was accepted for it`,
        },
      ]),
    );
    expect(logged).toHaveLength(2);

    // The new member sees the lease at once.
    const lease = await winner.inject({ method: 'POST', url: '/api/member/agreements' });
    expect(lease.statusCode).toBe(200);
  });

  it('accepting a decided agreement is a 409 that changes nothing', async () => {
    const person = await newPerson(t.app, t.database);
    const id = InsertedResponseSchema.parse(
      (await sign(person, (await apartment('C-101')).id)).json(),
    ).insertedId;
    expect((await reject(id)).statusCode).toBe(200);
    const before = await agreementRow(id);
    const again = await accept(id);
    expect(again.statusCode).toBe(409);
    expect(message(again)).toBe('This agreement has already been decided.');
    expect(await agreementRow(id)).toEqual(before);
    expect(await roleOf(person.id)).toBe('user');
    expect((await reject(id)).statusCode).toBe(409);
  });

  it('accepting is a 409 that changes nothing when a request the admin was not told of waits', async () => {
    const flat = await apartment('A-701');
    const [first, second, third, fourth] = await Promise.all(
      [1, 2, 3, 4].map(() => newPerson(t.app, t.database)),
    );
    const signed = async (person: Person) =>
      InsertedResponseSchema.parse((await sign(person, flat.id)).json()).insertedId;
    const won = await signed(first!);
    const acceptTold = (declining: unknown) =>
      admin.inject({
        method: 'POST',
        url: '/api/accept/agreements',
        payload: { agreement_id: won, declining },
      });
    // Not a list of request ids: refused before anything is read.
    for (const bad of [1, ['1'], 'all', [won, 7]]) {
      expect((await acceptTold(bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    const shown = async () =>
      PendingAgreementListResponseSchema.parse(
        (await admin.inject({ method: 'POST', url: '/api/pending/agreements' })).json(),
      ).find((a) => a._id === won);
    expect(await shown()).toMatchObject({ otherRequests: 0, otherRequestIds: [] });

    // Shown the card alone, the admin clicks Accept; meanwhile a second request came in.
    const other = await signed(second!);
    const before = await agreementRow(won);
    const late = await acceptTold([]);
    expect(late.statusCode).toBe(409);
    expect(message(late)).toBe(
      'Another request for A-701 came in while you decided. Nothing was changed: read it, then accept again.',
    );
    expect(await agreementRow(won)).toEqual(before);
    expect(await agreementRow(other)).toMatchObject({ status: 'pending', checkedAt: null });
    expect(await roleOf(first!.id)).toBe('user');
    expect(await isAvailable('A-701')).toBe(true);
    const audited = await t.database.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(inArray(auditLog.subjectId, [won, other]));
    expect(audited).toHaveLength(0);
    expect(await shown()).toMatchObject({ otherRequests: 1, otherRequestIds: [other] });

    // Told of that one, with two more waiting by then: the two are named.
    const [thirdId, fourthId] = [await signed(third!), await signed(fourth!)];
    expect(message(await acceptTold([other]))).toBe(
      '2 more requests for A-701 came in while you decided. Nothing was changed: read them, then accept again.',
    );
    // The one the admin was told of is answered meanwhile, and the count is as before: still
    // refused, since those waiting now are not the ones shown.
    expect((await reject(other)).statusCode).toBe(200);
    expect(message(await acceptTold([other, thirdId]))).toBe(
      'Another request for A-701 came in while you decided. Nothing was changed: read it, then accept again.',
    );
    // Told of those that wait: accepted, and they are declined.
    const accepted = await acceptTold([thirdId, fourthId]);
    expect(accepted.statusCode).toBe(200);
    expect(await agreementRow(thirdId)).toMatchObject({ status: 'rejected' });
    expect(await agreementRow(fourthId)).toMatchObject({ status: 'rejected' });
    expect(await roleOf(first!.id)).toBe('member');
  });

  it('told of a request that no longer waits (withdrawn or answered), accepting goes ahead', async () => {
    const flat = await apartment('A-801');
    const person = await newPerson(t.app, t.database);
    const id = InsertedResponseSchema.parse((await sign(person, flat.id)).json()).insertedId;
    const response = await admin.inject({
      method: 'POST',
      url: '/api/accept/agreements',
      payload: { agreement_id: id, declining: ['00000000-0000-4000-8000-000000000009'] },
    });
    expect(response.statusCode).toBe(200);
    expect(await roleOf(person.id)).toBe('member');
  });

  it('a key the server does not know is refused by name (the page asks again without it)', async () => {
    const response = await admin.inject({
      method: 'POST',
      url: '/api/accept/agreements',
      payload: { agreement_id: '00000000-0000-4000-8000-000000000009', decliningLater: [] },
    });
    expect(response.statusCode).toBe(400);
    expect(ErrorResponseSchema.parse(response.json()).error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'The request body Unrecognized key: "decliningLater"',
    });
  });

  it('accepting a request for an apartment someone else now rents is a 409', async () => {
    const flat = await apartment('B-402');
    const person = await newPerson(t.app, t.database);
    // A request from before the apartment was let, written directly as old data would be.
    const [stale] = await t.database.db
      .insert(agreements)
      .values({ tenantId: person.id, apartmentId: flat.id, rent: flat.rent })
      .returning({ id: agreements.id });
    const response = await accept(stale?.id ?? '');
    expect(response.statusCode).toBe(409);
    expect(message(response)).toMatch(/already rented/);
    expect(await agreementRow(stale?.id ?? '')).toMatchObject({ status: 'pending' });
    expect(await roleOf(person.id)).toBe('user');
  });

  it('reject records the checked date and leaves the person a user', async () => {
    const person = await newPerson(t.app, t.database);
    const id = InsertedResponseSchema.parse(
      (await sign(person, (await apartment('C-302')).id)).json(),
    ).insertedId;
    const response = await reject(id);
    expect(response.statusCode).toBe(200);
    expect(AgreementDecisionResponseSchema.parse(response.json()).result).toMatchObject({
      status: 'rejected',
    });
    expect((await agreementRow(id))?.checkedAt).not.toBeNull();
    // The person may ask again.
    expect((await sign(person, (await apartment('C-302')).id)).statusCode).toBe(201);
  });

  it('answers an unknown agreement with 404 and a malformed id with 400', async () => {
    expect((await accept(crypto.randomUUID())).statusCode).toBe(404);
    expect((await reject(crypto.randomUUID())).statusCode).toBe(404);
    expect((await accept('nope')).statusCode).toBe(400);
  });

  it('is for the admin only', async () => {
    const member = await loginAs(t.app, 'member');
    for (const url of [
      '/api/pending/agreements',
      '/api/accept/agreements',
      '/api/reject/agreements',
    ]) {
      const response = await member.inject({
        method: 'POST',
        url,
        payload: { agreement_id: crypto.randomUUID() },
      });
      expect(response.statusCode, url).toBe(403);
    }
  });
});

describe('members (admin)', () => {
  it('lists members with their apartment, and removes one: lease ended, flat free, a user again', async () => {
    const flat = await apartment('C-403');
    const person = await newPerson(t.app, t.database, 'user', 'Mitu Sen');
    const id = InsertedResponseSchema.parse((await sign(person, flat.id)).json()).insertedId;
    expect((await accept(id)).statusCode).toBe(200);

    const list = MemberListResponseSchema.parse(
      (await admin.inject({ method: 'POST', url: '/api/manageMembers' })).json(),
    );
    // Her session says what she is, read fresh on each request: a tenant, then a former one.
    const sessionOf = async () =>
      SessionResponseSchema.parse(
        (await person.inject({ method: 'GET', url: '/api/session' })).json(),
      ).user;
    expect(await sessionOf()).toMatchObject({ role: 'member', formerTenant: false });
    expect(list.find((m) => m._id === person.id)).toMatchObject({
      displayName: 'Mitu Sen',
      email: person.email,
      apartmentNo: 'C-403',
      chargesOwed: 0,
    });
    // A repair charged to her, unpaid, is in the list apart from rent; once paid, it is not.
    const [charge] = await t.database.db
      .insert(charges)
      .values({ tenantId: person.id, agreementId: id, description: 'A broken pane', amount: 450 })
      .returning({ id: charges.id });
    if (!charge) throw new Error('no charge');
    // Written to the database directly: the notice a write through the API gives, at once.
    const listedOwing = async () => {
      t.app.changesCache.forgetChanges();
      return MemberListResponseSchema.parse(
        (await admin.inject({ method: 'POST', url: '/api/manageMembers' })).json(),
      ).find((m) => m._id === person.id)?.chargesOwed;
    };
    expect(await listedOwing()).toBe(450);
    const [office] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'admin@structo.com'));
    await t.database.db
      .update(charges)
      .set({ paidAt: new Date(), method: 'cash', receivedOn: '2026-12-01', recordedBy: office?.id })
      .where(eq(charges.id, charge.id));
    expect(await listedOwing()).toBe(0);

    const removed = await admin.inject({
      method: 'POST',
      url: '/api/change/role',
      payload: { id: person.id },
    });
    expect(removed.statusCode).toBe(200);
    expect(ChangeRoleResponseSchema.parse(removed.json())).toEqual({
      ok: true,
      displayName: 'Mitu Sen',
      role: 'user',
    });
    expect(await roleOf(person.id)).toBe('user');
    expect(await sessionOf()).toMatchObject({ role: 'user', formerTenant: true });
    const lease = await agreementRow(id);
    expect(lease).toMatchObject({ status: 'ended' });
    expect(lease?.endedAt).not.toBeNull();
    expect(lease?.checkedAt).not.toBeNull();
    expect(await isAvailable('C-403')).toBe(true);
    // The very next request sees the change.
    expect(
      (await person.inject({ method: 'POST', url: '/api/member/agreements' })).statusCode,
    ).toBe(403);
    const again = await admin.inject({
      method: 'POST',
      url: '/api/change/role',
      payload: { id: person.id },
    });
    expect(again.statusCode).toBe(409);
  });

  it('cannot remove an admin, themselves, or nobody', async () => {
    const otherAdmin = await newPerson(t.app, t.database, 'admin');
    const cases: [string, number][] = [
      [otherAdmin.id, 403],
      [admin.user._id, 403],
      [crypto.randomUUID(), 404],
    ];
    for (const [id, status] of cases) {
      const response = await admin.inject({
        method: 'POST',
        url: '/api/change/role',
        payload: { id },
      });
      expect(response.statusCode, id).toBe(status);
    }
    expect(await roleOf(otherAdmin.id)).toBe('admin');
  });
});

describe('races (run on PostgreSQL in CI; PGlite serialises them)', () => {
  it('25 parallel accepts of one agreement: one succeeds, 24 get 409', async () => {
    const person = await newPerson(t.app, t.database);
    const id = InsertedResponseSchema.parse(
      (await sign(person, (await apartment('A-603')).id)).json(),
    ).insertedId;
    const statuses = (await Promise.all(Array.from({ length: 25 }, () => accept(id)))).map(
      (r) => r.statusCode,
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(24);
    const accepted = await t.database.db
      .select({ id: agreements.id })
      .from(agreements)
      .where(and(eq(agreements.tenantId, person.id), eq(agreements.status, 'accepted')));
    expect(accepted).toHaveLength(1);
  });

  it('25 people asking for the last free apartment, then 25 parallel accepts: one tenant', async () => {
    const flat = await apartment('C-602');
    const people = await Promise.all(
      Array.from({ length: 25 }, () => newPerson(t.app, t.database)),
    );
    const requests = await Promise.all(people.map((person) => sign(person, flat.id)));
    expect(requests.map((r) => r.statusCode)).toEqual(Array(25).fill(201));
    const ids = requests.map((r) => InsertedResponseSchema.parse(r.json()).insertedId);
    const statuses = (await Promise.all(ids.map((id) => accept(id)))).map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(24);
    const tenants = await t.database.db
      .select({ tenantId: agreements.tenantId })
      .from(agreements)
      .where(and(eq(agreements.apartmentId, flat.id), eq(agreements.status, 'accepted')));
    expect(tenants).toHaveLength(1);
    const members = await Promise.all(people.map((person) => roleOf(person.id)));
    expect(members.filter((role) => role === 'member')).toHaveLength(1);
  });

  it('25 parallel requests by one person: one pending request, 24 refused', async () => {
    const person = await newPerson(t.app, t.database);
    const flat = await apartment('C-704');
    const statuses = (
      await Promise.all(Array.from({ length: 25 }, () => sign(person, flat.id)))
    ).map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(24);
  });

  it('parallel removes of one member: one removal, the rest 409', async () => {
    const person = await newPerson(t.app, t.database);
    const id = InsertedResponseSchema.parse(
      (await sign(person, (await apartment('B-703')).id)).json(),
    ).insertedId;
    expect((await accept(id)).statusCode).toBe(200);
    const statuses = (
      await Promise.all(
        Array.from({ length: 10 }, () =>
          admin.inject({ method: 'POST', url: '/api/change/role', payload: { id: person.id } }),
        ),
      )
    ).map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    expect(await agreementRow(id)).toMatchObject({ status: 'ended' });
  });
});
