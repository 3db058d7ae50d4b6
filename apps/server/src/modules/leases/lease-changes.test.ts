import {
  AgreementDecisionResponseSchema,
  LeaseResponseSchema,
  AgreementLookupResponseSchema,
  ApartmentResponseSchema,
  AuditPageSchema,
  ErrorResponseSchema,
  LEASE_CHANGE_MESSAGES,
  MemberListResponseSchema,
  RentLedgerSchema,
  RentRollPageSchema,
  SessionResponseSchema,
} from '@structomate/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, loginAs, type Session, type TestApp } from '../../../test/build';
import {
  addCoupon,
  confirmCard,
  expectRemovalRefused,
  intentFor,
  memberRow,
  newApplicant,
  newMember,
  payMonth,
  paymentRows,
  sandboxCharges,
  saveTransaction,
} from '../../../test/payments';
import { newPerson, type Person } from '../../../test/people';
import { agreements, apartments, leaseRents, payments } from '../../db/schema';
import { FakeClock } from '../../lib/clock';
import { closeEndedLeasesJob } from '../../plugins/maintenance';
import { runScheduledJob } from '../../../test/jobs';

/**
 * Renewing and ending leases: the admin renews a running lease (a later end, a new rent from a
 * month on) and the tenant sees it; the admin ends a lease on a chosen day: it runs through that
 * day, and the apartment is free from the next (on a fake clock, in Dhaka).
 */
// 24 November 2026, 10:00 in Dhaka.
const START = '2026-11-24T04:00:00Z';
const clock = new FakeClock(START);
let t: TestApp;
let admin: Session;
beforeAll(async () => {
  t = await buildTestApp({ demo: true, clock });
  admin = await loginAs(t.app, 'admin');
});
afterAll(() => t.close());
beforeEach(() => clock.set(START));

/** A new member of `apartmentNo` whose lease starts today (term 12 months) and its lease's id. */
async function tenantOf(apartmentNo: string, name = 'Tenant') {
  const person = await newMember(t, apartmentNo, name);
  const [lease] = await t.database.db
    .select({ id: agreements.id })
    .from(agreements)
    .where(eq(agreements.tenantId, person.id));
  if (!lease) throw new Error('no lease');
  return { person, leaseId: lease.id };
}

const renew = (leaseId: string, payload: object, as: Pick<Session, 'inject'> = admin) =>
  as.inject({ method: 'POST', url: `/api/admin/leases/${leaseId}/renew`, payload });
const end = (leaseId: string, endDate: string, as: Pick<Session, 'inject'> = admin) =>
  as.inject({ method: 'POST', url: `/api/admin/leases/${leaseId}/end`, payload: { endDate } });

async function ownLease(person: Person) {
  const response = await person.inject({
    method: 'POST',
    url: '/api/member/agreements',
    payload: {},
  });
  return response.statusCode === 200
    ? AgreementLookupResponseSchema.parse(response.json()).result
    : response.statusCode;
}

async function ledgerOf(person: Person) {
  const response = await person.inject({ method: 'POST', url: '/api/rent/ledger', payload: {} });
  expect(response.statusCode, response.body).toBe(200);
  return RentLedgerSchema.parse(response.json());
}

async function available(apartmentNo: string) {
  const [flat] = await t.database.db
    .select({ id: apartments.id })
    .from(apartments)
    .where(eq(apartments.apartmentNo, apartmentNo));
  const response = await t.app.inject({ method: 'GET', url: `/api/apartments/${flat?.id}` });
  return ApartmentResponseSchema.parse(response.json()).result.available;
}

async function leaseRow(leaseId: string) {
  const [row] = await t.database.db.select().from(agreements).where(eq(agreements.id, leaseId));
  return row;
}

async function auditRows(action: string) {
  const response = await admin.inject({ method: 'GET', url: `/api/audit?action=${action}` });
  return AuditPageSchema.parse(response.json()).result;
}

describe('renewing a lease', () => {
  it('moves the end and sets a new rent from a month on; the tenant sees both', async () => {
    const { person, leaseId } = await tenantOf('B-802', 'Renewing Tenant');
    const before = await admin.inject({ method: 'GET', url: `/api/admin/leases/${leaseId}` });
    expect(before.statusCode, before.body).toBe(200);
    const lease = AgreementDecisionResponseSchema.parse(before.json()).result;
    expect(lease.terms?.endDate).toBe('2027-11-23');
    const oldRent = lease.terms?.rent ?? 0;

    const renewed = await renew(leaseId, {
      endDate: '2028-11-30',
      rent: oldRent + 2000,
      rentFrom: '2027-03',
    });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const result = AgreementDecisionResponseSchema.parse(renewed.json()).result;
    expect(result.terms?.endDate).toBe('2028-11-30');
    expect(result.rentChanges).toEqual([{ fromMonth: '2027-03', rent: oldRent + 2000 }]);

    // The tenant's own lease and rent say so.
    const own = await ownLease(person);
    expect(typeof own === 'object' && own?.terms?.endDate).toBe('2028-11-30');
    expect(typeof own === 'object' && own?.rentChanges).toEqual(result.rentChanges);
    const ledger = await ledgerOf(person);
    const rentOf = (month: string) => ledger.months.find((m) => m.billingMonth === month)?.rent;
    expect(rentOf('2027-02')).toBe(oldRent);
    expect(rentOf('2027-03')).toBe(oldRent + 2000);
    expect(rentOf('2027-10')).toBe(oldRent + 2000);

    const [entry] = await auditRows('lease.renew');
    expect(entry?.summary).toContain('Renewing Tenant');
    expect(entry?.summary).toContain('30 November 2028');
    expect(entry?.after).toMatchObject({ endDate: '2028-11-30', rentFrom: '2027-03' });
  });

  it('refuses an end that is not later, a rent without its month and a month already paid', async () => {
    const { person, leaseId } = await tenantOf('C-302');
    const rent = (await leaseRow(leaseId))?.rent ?? 0;
    await t.database.db.insert(payments).values({
      transactionId: `pi_test_${leaseId}`,
      userId: person.id,
      agreementId: leaseId,
      billingMonth: '2026-12-01',
      rent,
      amountCharged: rent * 100,
      currency: 'bdt',
    });
    const cases: [object, string, string][] = [
      [{ endDate: '2027-06-30' }, 'endDate', LEASE_CHANGE_MESSAGES.endNotLater('23 November 2027')],
      [{ endDate: '2032-12-31' }, 'endDate', LEASE_CHANGE_MESSAGES.renewTooFar],
      [
        { endDate: '2028-11-30', rent: 9000 },
        'rentFrom',
        'Choose the month the new rent starts from.',
      ],
      [{ endDate: '2028-11-30', rentFrom: '2027-01' }, 'rent', 'Enter the new rent.'],
      [
        { endDate: '2028-11-30', rent: 9000, rentFrom: '2026-10' },
        'rentFrom',
        LEASE_CHANGE_MESSAGES.rentFromPast,
      ],
      [
        { endDate: '2028-11-30', rent: 9000, rentFrom: '2029-01' },
        'rentFrom',
        LEASE_CHANGE_MESSAGES.rentFromAfterEnd,
      ],
      [
        { endDate: '2028-11-30', rent: 9000, rentFrom: '2026-12' },
        'rentFrom',
        'December 2026 is already paid at the current rent; the new rent can start from January 2027 at the earliest.',
      ],
      [{ endDate: '30/11/2028' }, 'endDate', 'Enter the new end date as YYYY-MM-DD'],
      [
        { endDate: '2028-11-30', rent: -5, rentFrom: '2027-01' },
        'rent',
        'The new rent must be at least 1 BDT',
      ],
      [{ endDate: '2028-11-30', tenantId: 'x' }, '', 'Unrecognized key'],
    ];
    for (const [payload, path, message] of cases) {
      const response = await renew(leaseId, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const { error } = ErrorResponseSchema.parse(response.json());
      const issue = error.issues?.find((candidate) => candidate.path.startsWith(path));
      expect(issue?.message ?? error.message, JSON.stringify(payload)).toContain(message);
    }
    const row = await leaseRow(leaseId);
    expect(row?.endDate).toBe('2027-11-23');
    expect(
      await t.database.db.select().from(leaseRents).where(eq(leaseRents.agreementId, leaseId)),
    ).toEqual([]);
  });

  it('a new rent from a month replaces changes set for later months', async () => {
    const { leaseId } = await tenantOf('A-404');
    const rent = (await leaseRow(leaseId))?.rent ?? 0;
    const first = await renew(leaseId, {
      endDate: '2028-11-30',
      rent: rent + 5000,
      rentFrom: '2027-06',
    });
    expect(first.statusCode, first.body).toBe(200);
    const second = await renew(leaseId, {
      endDate: '2028-12-31',
      rent: rent + 1000,
      rentFrom: '2027-01',
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(AgreementDecisionResponseSchema.parse(second.json()).result.rentChanges).toEqual([
      { fromMonth: '2027-01', rent: rent + 1000 },
    ]);
  });

  it('closes a card payment opened at the old rent when a renewal changes the month: nothing is charged', async () => {
    const { person, leaseId } = await tenantOf('B-102');
    const rent = (await leaseRow(leaseId))?.rent ?? 0;
    const opened = await intentFor(person, { month: '2026-12' });
    const untouched = await intentFor(person, { month: '2026-11' });
    const renewed = await renew(leaseId, {
      endDate: '2028-11-30',
      rent: rent + 1000,
      rentFrom: '2026-12',
    });
    expect(renewed.statusCode, renewed.body).toBe(200);
    // The tab still showing December at the old rent cannot charge it.
    const stale = await confirmCard(person, opened.clientSecret);
    expect(stale.statusCode).toBe(409);
    expect(ErrorResponseSchema.parse(stale.json()).error.message).toBe(
      'This payment was changed or settled after this window opened, so it can no longer be paid here. Close this window and open the payment again to see what is due.',
    );
    expect(await sandboxCharges(t, person.id, '2026-12')).toEqual([]);
    // November, before the new rent, is left as it was; December opens again at the new rent.
    expect((await intentFor(person, { month: '2026-11' })).paymentIntentId).toBe(
      untouched.paymentIntentId,
    );
    expect((await payMonth(person, '2026-12')).amount).toBe(rent + 1000);
    const [paid] = await t.database.db
      .select({ rent: payments.rent })
      .from(payments)
      .where(eq(payments.userId, person.id));
    expect(paid?.rent).toBe(rent + 1000);
  });

  it('opens a payment it closed again with the coupon the tenant had applied, even one removed since', async () => {
    const { person, leaseId } = await tenantOf('C-801');
    const rent = (await leaseRow(leaseId))?.rent ?? 0;
    const couponId = await addCoupon(t, 'RENEW10', 10, '2099-12-31');
    const opened = await intentFor(person, { month: '2026-12', coupon: 'RENEW10' });
    const removed = await admin.inject({
      method: 'POST',
      url: '/api/delete/coupons',
      payload: { id: couponId },
    });
    expect(removed.json()).toEqual({ ok: true, removal: 'archived' });
    const renewed = await renew(leaseId, {
      endDate: '2028-11-30',
      rent: rent + 1000,
      rentFrom: '2026-12',
    });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const again = await intentFor(person, { month: '2026-12' });
    expect(again.paymentIntentId).not.toBe(opened.paymentIntentId);
    expect(again).toMatchObject({
      rent: rent + 1000,
      discount: Math.floor((rent + 1000) / 10),
      coupon: { code: 'RENEW10', percentage: 10 },
    });
    // Taken off by the tenant, it stays off.
    expect((await intentFor(person, { month: '2026-12', coupon: '' })).coupon).toBeNull();
    expect((await intentFor(person, { month: '2026-12' })).coupon).toBeNull();
  });

  it('refunds a card charge at the old rent that went through as the renewal changed the month', async () => {
    const { person, leaseId } = await tenantOf('C-204');
    const rent = (await leaseRow(leaseId))?.rent ?? 0;
    const opened = await intentFor(person, { month: '2026-12' });
    // Charged, but not yet recorded (the browser is still on its way to save it).
    expect((await confirmCard(person, opened.clientSecret)).statusCode).toBe(200);
    const renewed = await renew(leaseId, {
      endDate: '2028-11-30',
      rent: rent + 1000,
      rentFrom: '2026-12',
    });
    expect(renewed.statusCode, renewed.body).toBe(200);
    // …and then back to the old rent: the charge was given back because the rent changed, and
    // saving it says so still.
    const back = await renew(leaseId, { endDate: '2028-12-31', rent, rentFrom: '2026-12' });
    expect(back.statusCode, back.body).toBe(200);
    const saved = await saveTransaction(person, opened.paymentIntentId);
    expect(saved.statusCode).toBe(409);
    expect(ErrorResponseSchema.parse(saved.json()).error.message).toBe(
      'The rent for December 2026 changed while you paid, so this charge has been refunded in full. Pay December 2026 again at its new rent.',
    );
    expect(await paymentRows(t, person.id, '2026-12')).toBe(0);
    const [charge] = await sandboxCharges(t, person.id, '2026-12');
    expect(charge?.refundedAt).toBeInstanceOf(Date);
  });

  it('is for the admin only, and for a running lease', async () => {
    const { person, leaseId } = await tenantOf('C-403');
    const member = await loginAs(t.app, 'member');
    const user = await newPerson(t.app, t.database, 'user');
    const body = { endDate: '2028-11-30' };
    for (const as of [person, member, user]) {
      expect((await renew(leaseId, body, as)).statusCode).toBe(403);
      expect((await end(leaseId, '2026-12-31', as)).statusCode).toBe(403);
      const withdraw = await as.inject({
        method: 'DELETE',
        url: `/api/admin/leases/${leaseId}/end`,
      });
      expect(withdraw.statusCode).toBe(403);
      const read = await as.inject({ method: 'GET', url: `/api/admin/leases/${leaseId}` });
      expect(read.statusCode).toBe(403);
    }
    const visitor = { inject: t.app.inject.bind(t.app) };
    expect((await renew(leaseId, body, visitor)).statusCode).toBe(401);
    expect((await end(leaseId, '2026-12-31', visitor)).statusCode).toBe(401);
    expect((await renew('00000000-0000-4000-8000-000000000000', body)).statusCode).toBe(404);
    expect((await renew('not-an-id', body)).statusCode).toBe(400);
    // A request that was never accepted is no lease.
    const { agreementId } = await newApplicant(t, 'C-501');
    expect((await renew(agreementId, body)).statusCode).toBe(404);
    expect((await leaseRow(leaseId))?.endDate).toBe('2027-11-23');

    // Removed at once (Manage Members): it cannot be renewed or ended any more.
    const removed = await admin.inject({
      method: 'POST',
      url: '/api/change/role',
      payload: { id: person.id },
    });
    expect(removed.statusCode).toBe(200);
    const again = await renew(leaseId, body);
    expect(again.statusCode).toBe(409);
    expect(ErrorResponseSchema.parse(again.json()).error.message).toBe(
      LEASE_CHANGE_MESSAGES.notRunning,
    );
    expect((await end(leaseId, '2026-12-31')).statusCode).toBe(409);
  });
});

describe('ending a lease on a chosen day', () => {
  it('runs through that day; the apartment is free, and the tenant a user, from the next', async () => {
    const { person, leaseId } = await tenantOf('A-801', 'Leaving Tenant');
    const ended = await end(leaseId, '2026-12-31');
    expect(ended.statusCode, ended.body).toBe(200);
    expect(AgreementDecisionResponseSchema.parse(ended.json()).result.endsOn).toBe('2026-12-31');
    const [notice] = await auditRows('lease.notice');
    expect(notice?.summary).toBe(
      'Ended the lease of Leaving Tenant for apartment A-801 on 31 December 2026',
    );
    // The same notice again (a second click) changes nothing and is not logged again.
    const repeated = await end(leaseId, '2026-12-31');
    expect(repeated.statusCode, repeated.body).toBe(200);
    expect(AgreementDecisionResponseSchema.parse(repeated.json()).result.endsOn).toBe('2026-12-31');
    const notices = (await auditRows('lease.notice')).filter((row) =>
      row.summary.includes('Leaving Tenant'),
    );
    expect(notices).toHaveLength(1);

    // Billed through its last month, no further.
    const ledger = await ledgerOf(person);
    expect(ledger.months.map((month) => month.billingMonth)).toEqual(['2026-11', '2026-12']);
    expect(ledger.leases[0]?.endsOn).toBe('2026-12-31');

    // 31 December, 23:30 in Dhaka: still theirs.
    clock.set('2026-12-31T17:30:00Z');
    expect(await available('A-801')).toBe(false);
    const own = await ownLease(person);
    expect(typeof own === 'object' && own?.status).toBe('accepted');

    // 1 January, 00:30 in Dhaka: free, and they are a member no longer. The request that
    // closes the lease already answers as a former tenant's.
    clock.set('2026-12-31T18:30:00Z');
    const session = await person.inject({ method: 'GET', url: '/api/session' });
    expect(SessionResponseSchema.parse(session.json()).user).toMatchObject({
      role: 'user',
      formerTenant: true,
    });
    expect(await available('A-801')).toBe(true);
    expect(await ownLease(person)).toBe(403);
    const row = await leaseRow(leaseId);
    expect(row?.status).toBe('ended');
    expect(row?.endedAt?.toISOString()).toBe('2026-12-31T17:59:59.999Z');
    const [closed] = await auditRows('lease.ended');
    expect(closed?.actor).toBeNull();
    expect(closed?.summary).toContain('31 December 2026');

    // Someone else may take it now.
    const next = await newMember(t, 'A-801', 'Next Tenant');
    expect(typeof (await ownLease(next)) === 'object').toBe(true);
  });

  it('cannot end before the last month paid, nor be removed with months paid ahead', async () => {
    const { person, leaseId } = await tenantOf('A-701', 'Paid Ahead');
    const shown = async () =>
      LeaseResponseSchema.parse(
        (await admin.inject({ method: 'GET', url: `/api/admin/leases/${leaseId}` })).json(),
      ).paidThrough;
    // The admin's lease says how far rent is paid: the End lease form starts from it.
    expect(await shown()).toBeNull();
    // Manage Members warns of nothing yet (and keeps that page until data changes).
    expect((await memberRow(admin, person))?.removalRefused).toBeNull();
    for (const month of ['2026-11', '2026-12', '2027-01']) await payMonth(person, month);
    expect(await shown()).toBe('2027-01');
    const paidFor = LEASE_CHANGE_MESSAGES.endBeforePaid('January 2027', '31 January 2027');
    for (const endDate of ['2026-11-30', '2026-12-15', '2027-01-10', '2027-01-30']) {
      const early = await end(leaseId, endDate);
      expect(early.statusCode, endDate).toBe(400);
      expect(ErrorResponseSchema.parse(early.json()).error.issues).toEqual([
        { path: 'endDate', message: paidFor },
      ]);
    }
    await expectRemovalRefused(
      t,
      person,
      LEASE_CHANGE_MESSAGES.removePaidAhead('January 2027', '31 January 2027'),
    );
    // Nothing changed: the lease runs on, the tenant is still a member.
    expect((await leaseRow(leaseId))?.endsOn).toBeNull();
    expect(typeof (await ownLease(person))).toBe('object');
    // Through the last month paid, it can end.
    expect((await end(leaseId, '2027-01-31')).statusCode).toBe(200);
  });

  it('is closed by maintenance, or by the admin’s next request, if the tenant never calls', async () => {
    const first = await tenantOf('B-301', 'Quiet Tenant');
    const second = await tenantOf('B-203', 'Other Quiet Tenant');
    expect((await end(first.leaseId, '2027-01-15')).statusCode).toBe(200);
    expect((await end(second.leaseId, '2027-01-20')).statusCode).toBe(200);

    // Nobody calls; the periodic maintenance closes the first on the 16th, not the second.
    clock.set('2027-01-16T04:00:00Z');
    await runScheduledJob(t.app, closeEndedLeasesJob);
    expect((await leaseRow(first.leaseId))?.status).toBe('ended');
    expect((await leaseRow(second.leaseId))?.status).toBe('accepted');

    // On the 21st the admin's Manage Members closes the second before listing.
    clock.set('2027-01-21T04:00:00Z');
    const members = await admin.inject({ method: 'POST', url: '/api/manageMembers', payload: {} });
    const listed = MemberListResponseSchema.parse(members.json()).map((member) => member._id);
    expect(listed).not.toContain(second.person.id);
    expect((await leaseRow(second.leaseId))?.status).toBe('ended');
  });

  it('refuses a day before today, before the lease starts or too far ahead; can be withdrawn', async () => {
    const { agreementId } = await newApplicant(t, 'C-602', 'Future Tenant', '2027-02-01');
    const accepted = await admin.inject({
      method: 'POST',
      url: '/api/accept/agreements',
      payload: { agreement_id: agreementId },
    });
    expect(accepted.statusCode).toBe(200);
    const cases: [string, string][] = [
      ['2026-11-23', LEASE_CHANGE_MESSAGES.endBeforeToday],
      ['2027-01-31', LEASE_CHANGE_MESSAGES.endBeforeStart('1 February 2027')],
      ['2028-11-25', LEASE_CHANGE_MESSAGES.endTooFar],
    ];
    for (const [endDate, message] of cases) {
      const response = await end(agreementId, endDate);
      expect(response.statusCode, endDate).toBe(400);
      expect(ErrorResponseSchema.parse(response.json()).error.issues?.[0]).toEqual({
        path: 'endDate',
        message,
      });
    }
    expect((await leaseRow(agreementId))?.endsOn).toBeNull();

    const withdraw = () =>
      admin.inject({ method: 'DELETE', url: `/api/admin/leases/${agreementId}/end` });
    const none = await withdraw();
    expect(none.statusCode).toBe(409);
    expect(ErrorResponseSchema.parse(none.json()).error.message).toBe(
      LEASE_CHANGE_MESSAGES.noNotice,
    );
    expect((await end(agreementId, '2027-05-31')).statusCode).toBe(200);
    const withdrawn = await withdraw();
    expect(withdrawn.statusCode).toBe(200);
    expect(AgreementDecisionResponseSchema.parse(withdrawn.json()).result.endsOn).toBeNull();

    // A renewal withdraws a notice too.
    expect((await end(agreementId, '2027-05-31')).statusCode).toBe(200);
    const renewed = await renew(agreementId, { endDate: '2028-12-31' });
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(AgreementDecisionResponseSchema.parse(renewed.json()).result.endsOn).toBeNull();
  });

  it('removed at once after an end date was set, the lease bills through the removal month', async () => {
    const { person, leaseId } = await tenantOf('B-504');
    expect((await end(leaseId, '2027-03-31')).statusCode).toBe(200);
    const removed = await admin.inject({
      method: 'POST',
      url: '/api/change/role',
      payload: { id: person.id },
    });
    expect(removed.statusCode).toBe(200);
    expect((await leaseRow(leaseId))?.endsOn).toBeNull();
    const ledger = await ledgerOf(person);
    expect(ledger.months.map((month) => month.billingMonth)).toEqual(['2026-11']);
  });

  it('tells a tenant paying for a month after the end that it has no rent to pay', async () => {
    const { person, leaseId } = await tenantOf('C-704');
    expect((await end(leaseId, '2026-12-31')).statusCode).toBe(200);
    const response = await person.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: { month: '2027-01' },
    });
    expect(response.statusCode).toBe(400);
    expect(ErrorResponseSchema.parse(response.json()).error.message).toBe(
      'Your lease ends on 31 December 2026; January 2027 has no rent to pay.',
    );
  });
});

describe('billing across rent changes and a move', () => {
  it('bills each month at the rent of its period, and a month two leases share to the earlier', async () => {
    const { person, leaseId: first } = await tenantOf('C-501', 'Moving Tenant');
    const firstRent = (await leaseRow(first))?.rent ?? 0;
    // The tenant moves: the first lease ended on 10 December, the second (in a free flat)
    // starts on the 15th, so both bill December; its rent changes from March and again from June.
    await t.database.db
      .update(agreements)
      .set({ status: 'ended', endsOn: '2026-12-10', endedAt: new Date('2026-12-10T12:00:00Z') })
      .where(eq(agreements.id, first));
    const [flat] = await t.database.db
      .select({ id: apartments.id })
      .from(apartments)
      .where(
        sql`not exists (select 1 from agreements a
          where a.apartment_id = ${apartments.id} and a.status in ('accepted', 'pending'))`,
      )
      .orderBy(apartments.apartmentNo)
      .limit(1);
    const rent = 30_000;
    const [second] = await t.database.db
      .insert(agreements)
      .values({
        tenantId: person.id,
        apartmentId: flat?.id ?? '',
        status: 'accepted',
        rent,
        startDate: '2026-12-15',
        endDate: '2027-12-14',
        termMonths: 12,
        rentDueDay: 1,
        signedAt: new Date('2026-12-11T04:00:00Z'),
        checkedAt: new Date('2026-12-12T04:00:00Z'),
      })
      .returning({ id: agreements.id });
    const secondId = second?.id ?? '';
    await t.database.db.insert(leaseRents).values([
      { agreementId: secondId, fromMonth: '2027-06-01', rent: rent + 3000 },
      { agreementId: secondId, fromMonth: '2027-03-01', rent: rent + 1000 },
    ]);
    clock.set('2027-01-05T04:00:00Z');

    const ledger = await ledgerOf(person);
    expect(ledger.months.map((m) => [m.billingMonth, m.agreementId === first, m.rent])).toEqual([
      ['2026-11', true, firstRent],
      ['2026-12', true, firstRent],
      ['2027-01', false, rent],
      ['2027-02', false, rent],
      ['2027-03', false, rent + 1000],
      ['2027-04', false, rent + 1000],
      ['2027-05', false, rent + 1000],
      ['2027-06', false, rent + 3000],
      ['2027-07', false, rent + 3000],
      ['2027-08', false, rent + 3000],
      ['2027-09', false, rent + 3000],
      ['2027-10', false, rent + 3000],
      ['2027-11', false, rent + 3000],
      ['2027-12', false, rent + 3000],
    ]);
    expect(ledger.owedAmount).toBe(2 * firstRent + rent);

    // The rent roll bills the same months: December once, to the first lease.
    const roll = await admin.inject({ method: 'GET', url: '/api/admin/rent-roll?q=Moving' });
    expect(roll.statusCode, roll.body).toBe(200);
    const rows = RentRollPageSchema.parse(roll.json()).result;
    const balanceOf = (id: string) => rows.find((row) => row.leaseId === id)?.balance;
    expect(balanceOf(first)).toBe(2 * firstRent);
    expect(balanceOf(secondId)).toBe(rent);
    expect(rows.find((row) => row.leaseId === secondId)?.rent).toBe(rent);
  });
});
