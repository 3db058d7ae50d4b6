import {
  AgreementDecisionResponseSchema,
  AgreementLookupResponseSchema,
  AuditPageSchema,
  BuildingSchema,
  ErrorResponseSchema,
  InsertedResponseSchema,
  LEASE_CHANGE_MESSAGES,
  LEASE_TERM_MESSAGES,
  MemberListResponseSchema,
  RentLedgerSchema,
  RentRollPageSchema,
  type Building,
  type LeaseDefaults,
} from '@structomate/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, loginAs, type Session, type TestApp } from '../../../test/build';
import {
  acceptRequest,
  confirmCard,
  expectRemovalRefused,
  intentFor,
  newMember,
  payMonth,
  removeMember,
} from '../../../test/payments';
import { newPerson, type Person } from '../../../test/people';
import { apartments, notifications, paymentIntents } from '../../db/schema';
import { FakeClock } from '../../lib/clock';

/**
 * Leases with their own terms: the building's lease defaults (Building settings), copied into an
 * agreement when it is signed, with the start the applicant chose; the admin may move the start
 * before accepting; rent is billed from the start's month on the lease's own due day.
 */
// 24 November 2026, 10:00 in Dhaka.
const clock = new FakeClock('2026-11-24T04:00:00Z');
let t: TestApp;
let admin: Session;
beforeAll(async () => {
  t = await buildTestApp({ demo: true, clock });
  admin = await loginAs(t.app, 'admin');
});
afterAll(() => t.close());
beforeEach(() => clock.set('2026-11-24T04:00:00Z'));

async function building(): Promise<Building> {
  return BuildingSchema.parse((await t.app.inject({ method: 'GET', url: '/api/building' })).json());
}

/** A Building settings save of the current profile, with these lease defaults or without any. */
async function saveSettings(leaseDefaults?: unknown) {
  const current = await building();
  return admin.inject({
    method: 'PUT',
    url: '/api/building',
    payload: {
      name: current.name,
      address: current.address,
      contactEmail: current.contactEmail ?? '',
      contactPhone: current.contactPhone ?? '',
      socialLinks: current.socialLinks,
      ...(leaseDefaults !== undefined && { leaseDefaults }),
      version: current.version,
    },
  });
}

async function apartmentId(apartmentNo: string) {
  const [row] = await t.database.db
    .select({ id: apartments.id, rent: apartments.rent })
    .from(apartments)
    .where(eq(apartments.apartmentNo, apartmentNo));
  if (!row) throw new Error(`no apartment ${apartmentNo}`);
  return row;
}

async function sign(apartmentNo: string, startDate?: string, name = 'Applicant') {
  const person = await newPerson(t.app, t.database, 'user', name);
  return { person, response: await signAs(person, apartmentNo, startDate) };
}

/** `person` asks for `apartmentNo`, from `startDate` if given. */
async function signAs(person: Person, apartmentNo: string, startDate?: string) {
  const { id } = await apartmentId(apartmentNo);
  return person.inject({
    method: 'POST',
    url: '/api/create/agreements',
    payload: { newAgreement: { apartmentDetails: { _id: id }, ...(startDate && { startDate }) } },
  });
}

/** The admin accepts the request `response` (a signing's answer) made, as it is; its id. */
async function acceptAsSigned(response: { json(): unknown }) {
  const { insertedId } = InsertedResponseSchema.parse(response.json());
  await acceptRequest(t, insertedId);
  return insertedId;
}

async function requestOf(person: Awaited<ReturnType<typeof sign>>['person']) {
  const response = await person.inject({
    method: 'POST',
    url: '/api/users/agreements/',
    payload: {},
  });
  return AgreementLookupResponseSchema.parse(response.json()).result;
}

const yearly: LeaseDefaults = {
  termMonths: 12,
  depositMonths: 2,
  noticeDays: 60,
  rentDueDay: 5,
  graceDays: 3,
  parking: 'One covered parking space in the basement.',
};

describe('the building’s lease defaults', () => {
  it('start from the first-run settings (LEASE_START…LEASE_END, PARKING_SPOT, RENT_DUE_DAY)', async () => {
    const fresh = await buildTestApp({
      config: { lease: { startDate: '2025-01-01', endDate: '2025-06-30', parkingSpot: '7' } },
    });
    try {
      const profile = BuildingSchema.parse(
        (await fresh.app.inject({ method: 'GET', url: '/api/building' })).json(),
      );
      expect(profile.leaseDefaults).toEqual({
        termMonths: 6,
        depositMonths: 1,
        noticeDays: 30,
        rentDueDay: 1,
        graceDays: 0,
        parking: 'Parking spot 7 is assigned to the tenant.',
      });
    } finally {
      await fresh.close();
    }
  });

  it('are saved with the building settings, audited, and kept by a save that leaves them out', async () => {
    const saved = await saveSettings(yearly);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await building()).leaseDefaults).toEqual(yearly);
    const profileOnly = await saveSettings();
    expect(profileOnly.statusCode).toBe(200);
    expect((await building()).leaseDefaults).toEqual(yearly);
    const audit = AuditPageSchema.parse(
      (await admin.inject({ method: 'GET', url: '/api/audit?action=building.update' })).json(),
    );
    expect(audit.result.some((entry) => JSON.stringify(entry.after).includes('basement'))).toBe(
      true,
    );
  });

  it.each([
    [{ ...yearly, termMonths: 0 }, 'leaseDefaults.termMonths', 'Lease term must be at least 1'],
    [{ ...yearly, depositMonths: 7 }, 'leaseDefaults.depositMonths', 'Deposit must be at most 6'],
    [{ ...yearly, rentDueDay: 29 }, 'leaseDefaults.rentDueDay', 'Rent due day must be at most 28'],
    [{ ...yearly, graceDays: 1.5 }, 'leaseDefaults.graceDays', 'Grace days must be a whole number'],
    [{ ...yearly, noticeDays: '30' }, 'leaseDefaults.noticeDays', 'Notice must be a whole number'],
    [
      { ...yearly, parking: 'x'.repeat(201) },
      'leaseDefaults.parking',
      'Parking: at most 200 characters.',
    ],
    [{ ...yearly, pets: 'no' }, 'leaseDefaults', 'Unrecognized key: "pets"'],
  ])('refuses %j at the field; nothing changes', async (defaults, path, message) => {
    const before = await building();
    const response = await saveSettings(defaults);
    expect(response.statusCode).toBe(400);
    const issues = ErrorResponseSchema.parse(response.json()).error.issues ?? [];
    expect(issues).toContainEqual({ path, message });
    expect(await building()).toEqual(before);
  });
});

describe('signing a lease with its own terms', () => {
  it('starts on the 1st of next month unless the applicant says otherwise, with the building’s terms', async () => {
    await saveSettings(yearly);
    const { rent } = await apartmentId('A-101');
    const { person, response } = await sign('A-101');
    expect(response.statusCode, response.body).toBe(201);
    expect((await requestOf(person))?.terms).toEqual({
      startDate: '2026-12-01',
      endDate: '2027-11-30',
      termMonths: 12,
      rent,
      deposit: rent * 2,
      depositMonths: 2,
      noticeDays: 60,
      rentDueDay: 5,
      graceDays: 3,
      parking: 'One covered parking space in the basement.',
    });
  });

  it('takes the start the applicant chose, today at the earliest; a signed request keeps its terms', async () => {
    await saveSettings(yearly);
    const { person, response } = await sign('A-404', '2026-11-24');
    expect(response.statusCode, response.body).toBe(201);
    await saveSettings({ ...yearly, termMonths: 6, depositMonths: 1 });
    expect((await requestOf(person))?.terms).toMatchObject({
      startDate: '2026-11-24',
      endDate: '2027-11-23',
      depositMonths: 2,
    });
  });

  it.each([
    ['2026-11-23', LEASE_TERM_MESSAGES.startInPast],
    ['2027-11-25', LEASE_TERM_MESSAGES.startTooLate],
  ])('refuses a start on %s at the field; nothing is signed', async (startDate, message) => {
    const { person, response } = await sign('A-502', startDate);
    expect(response.statusCode).toBe(400);
    expect(ErrorResponseSchema.parse(response.json()).error.issues).toEqual([
      { path: 'newAgreement.startDate', message },
    ]);
    expect(await requestOf(person)).toBeNull();
  });

  it('refuses a start that is not a date', async () => {
    const { response } = await sign('A-502', '24/11/2026');
    expect(response.statusCode).toBe(400);
    expect(ErrorResponseSchema.parse(response.json()).error.issues?.[0]).toEqual({
      path: 'newAgreement.startDate',
      message: 'Enter the start date as YYYY-MM-DD',
    });
  });
});

describe('accepting with another start, and billing from it', () => {
  it('moves the start and the end together; not before the request was signed', async () => {
    await saveSettings(yearly);
    const { person, response } = await sign('B-102', '2027-01-01', 'Moving Start');
    const { insertedId } = InsertedResponseSchema.parse(response.json());
    const early = await admin.inject({
      method: 'POST',
      url: '/api/accept/agreements',
      payload: { agreement_id: insertedId, startDate: '2026-11-23' },
    });
    expect(early.statusCode).toBe(400);
    expect(ErrorResponseSchema.parse(early.json()).error.message).toBe(
      LEASE_TERM_MESSAGES.startBeforeSigning,
    );
    expect((await requestOf(person))?.status).toBe('pending');

    const accepted = await admin.inject({
      method: 'POST',
      url: '/api/accept/agreements',
      payload: { agreement_id: insertedId, startDate: '2026-12-10' },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(AgreementDecisionResponseSchema.parse(accepted.json()).result.terms).toMatchObject({
      startDate: '2026-12-10',
      endDate: '2027-12-09',
    });

    // Nothing is billed before December; December falls due on the day the lease starts.
    const ledger = RentLedgerSchema.parse(
      (await person.inject({ method: 'POST', url: '/api/rent/ledger', payload: {} })).json(),
    );
    expect(ledger.months[0]).toMatchObject({
      billingMonth: '2026-12',
      status: 'upcoming',
      dueDate: '2026-12-10',
    });
    expect(ledger.owedMonths).toBe(0);
    expect(ledger).toMatchObject({ dueDay: 5, graceDays: 3 });
    // January falls due on the lease's own day, the 5th, overdue after three days' grace.
    clock.set('2027-01-08T04:00:00Z');
    const january = RentLedgerSchema.parse(
      (await person.inject({ method: 'POST', url: '/api/rent/ledger', payload: {} })).json(),
    ).months.find((month) => month.billingMonth === '2027-01');
    expect(january).toMatchObject({ dueDate: '2027-01-05', status: 'due' });
    clock.set('2027-01-09T04:00:00Z');
    const later = RentLedgerSchema.parse(
      (await person.inject({ method: 'POST', url: '/api/rent/ledger', payload: {} })).json(),
    ).months.find((month) => month.billingMonth === '2027-01');
    expect(later?.status).toBe('overdue');
  });

  it('owes nothing before the lease starts: its first month is upcoming until the start day', async () => {
    const person = await newMember(t, 'A-502', 'Later Start', '2026-11-28');
    const { rent } = await apartmentId('A-502');

    const ledger = async () =>
      RentLedgerSchema.parse(
        (await person.inject({ method: 'POST', url: '/api/rent/ledger', payload: {} })).json(),
      );
    /** What the rent roll and Manage Members say the new tenant owes. */
    const owedToTheOffice = async () => {
      const roll = RentRollPageSchema.parse(
        (await admin.inject({ method: 'GET', url: '/api/admin/rent-roll?q=Later%20Start' })).json(),
      );
      const members = MemberListResponseSchema.parse(
        (
          await admin.inject({
            method: 'POST',
            url: '/api/manageMembers',
            payload: { limit: 100 },
          })
        ).json(),
      );
      const member = members.find((each) => each._id === person.id);
      // Manage Members is told when the lease starts, to say so while it is to come.
      expect(member?.leaseStart).toBe('2026-11-28');
      return {
        balance: roll.result.find((row) => row.tenant.name === 'Later Start')?.balance,
        owes: member?.owedAmount,
      };
    };

    // 24 November: the lease starts on the 28th. November can be paid ahead, but is not owed.
    expect((await ledger()).leases).toMatchObject([
      { status: 'accepted', endedBeforeStart: false },
    ]);
    expect((await ledger()).months[0]).toMatchObject({
      billingMonth: '2026-11',
      status: 'upcoming',
      dueDate: '2026-11-28',
    });
    expect(await ledger()).toMatchObject({ owedMonths: 0, owedAmount: 0 });
    expect(await owedToTheOffice()).toEqual({ balance: 0, owes: 0 });

    // The day before the start, still nothing; on the start day, November is due.
    clock.set('2026-11-27T04:00:00Z');
    expect(await owedToTheOffice()).toEqual({ balance: 0, owes: 0 });
    clock.set('2026-11-28T04:00:00Z');
    expect((await ledger()).months[0]?.status).toBe('due');
    expect(await ledger()).toMatchObject({ owedMonths: 1, owedAmount: rent });
    expect(await owedToTheOffice()).toEqual({ balance: rent, owes: rent });
  });

  it('bills nothing for a lease that ended before it started', async () => {
    const person = await newMember(t, 'C-101', 'Never Moved In', '2026-11-28');
    // The office removes the member on the 26th, before the lease starts.
    clock.set('2026-11-26T04:00:00Z');
    await removeMember(t, person);

    clock.set('2026-12-20T04:00:00Z');
    const ledger = RentLedgerSchema.parse(
      (await person.inject({ method: 'POST', url: '/api/rent/ledger', payload: {} })).json(),
    );
    expect(ledger.months).toEqual([]);
    expect(ledger.owedAmount).toBe(0);
    expect(ledger.leases).toMatchObject([{ status: 'ended', endedBeforeStart: true }]);
    const former = await admin.inject({ method: 'GET', url: '/api/tenants/former-balances' });
    expect(former.statusCode, former.body).toBe(200);
    expect(former.body).not.toContain('Never Moved In');
  });

  it('removing a member before their lease starts: refused with a month paid; else their open payment is canceled', async () => {
    const paid = await newMember(t, 'C-602', 'Paid Before Start', '2026-11-28');
    // November is paid ahead of the start: removing them would keep it for a lease billing nothing.
    await payMonth(paid, '2026-11');
    await expectRemovalRefused(
      t,
      paid,
      LEASE_CHANGE_MESSAGES.removePaidAhead('November 2026', '30 November 2026'),
    );
    expect((await requestOf(paid))?.status).toBe('accepted');

    const open = await newMember(t, 'A-801', 'Open Before Start', '2026-11-28');
    const intent = await intentFor(open, { month: '2026-11' });
    await removeMember(t, open);
    // The lease bills no month now: the payment opened for November cannot go through.
    const [row] = await t.database.db
      .select({ status: paymentIntents.status })
      .from(paymentIntents)
      .where(eq(paymentIntents.id, intent.paymentIntentId));
    expect(row?.status).toBe('canceled');
    expect((await confirmCard(open, intent.clientSecret)).statusCode).toBe(409);
  });

  it('a request accepted weeks after the start it asked for: the months before are due on the day it is accepted, not overdue', async () => {
    clock.set('2026-09-25T04:00:00Z');
    const { person, response } = await sign('C-204', '2026-09-25', 'Accepted Late');
    clock.set('2026-11-24T04:00:00Z');
    await acceptAsSigned(response);
    const ledger = RentLedgerSchema.parse(
      (await person.inject({ method: 'POST', url: '/api/rent/ledger', payload: {} })).json(),
    );
    expect(
      ledger.months
        .filter((month) => month.billingMonth <= '2026-11')
        .map(({ billingMonth, status, dueDate }) => ({ billingMonth, status, dueDate })),
    ).toEqual(
      ['2026-09', '2026-10', '2026-11'].map((billingMonth) => ({
        billingMonth,
        status: 'due',
        dueDate: '2026-11-24',
      })),
    );
    expect(ledger).toMatchObject({ owedMonths: 3, overdueMonths: 0 });
    // The welcome says so, as the ledger bills it: three months due on the 24th.
    expect(await welcomeFirstDue(person.id)).toEqual({
      dueOn: '2026-11-24',
      months: ['2026-09', '2026-10', '2026-11'],
      amount: 3 * ledger.months[0]!.rent,
    });
  });

  it('a tenant moving to another flat the same month: the new lease’s first rent due is the next month’s', async () => {
    clock.set('2026-11-02T04:00:00Z');
    const mover = await newMember(t, 'C-704', 'Moving Tenant', '2026-11-02');
    // November is billed by the first lease, ended on the 10th; the second starts on the 15th.
    clock.set('2026-11-10T04:00:00Z');
    await removeMember(t, mover);
    const response = await signAs(mover, 'C-801', '2026-11-15');
    const insertedId = await acceptAsSigned(response);
    const ledger = RentLedgerSchema.parse(
      (await mover.inject({ method: 'POST', url: '/api/rent/ledger', payload: {} })).json(),
    );
    const december = ledger.months.find((month) => month.billingMonth === '2026-12');
    expect(december?.agreementId).toBe(insertedId);
    expect(await welcomeFirstDue(mover.id)).toEqual({
      dueOn: december?.dueDate,
      months: ['2026-12'],
      amount: december?.rent,
    });
  });
});

describe('the first rent due, as the welcome gives it from the ledger', () => {
  it('a lease starting twelve months ahead, beyond the months the ledger lists: its start', async () => {
    const { person, response } = await sign('B-203', '2027-11-20', 'Far Ahead');
    await acceptAsSigned(response);
    const { rent } = await apartmentId('B-203');
    expect(await welcomeFirstDue(person.id)).toEqual({
      dueOn: '2027-11-20',
      months: ['2027-11'],
      amount: rent,
    });
  });

  it('a request accepted months late, rent due on the 28th: the months before fall due on the day, the last on the 28th', async () => {
    const before = (await building()).leaseDefaults;
    try {
      expect((await saveSettings({ ...yearly, rentDueDay: 28 })).statusCode).toBe(200);
      clock.set('2026-09-25T04:00:00Z');
      const { person, response } = await sign('B-301', '2026-09-25', 'Due On The 28th');
      clock.set('2026-11-24T04:00:00Z');
      await acceptAsSigned(response);
      const { rent } = await apartmentId('B-301');
      expect(await welcomeFirstDue(person.id)).toEqual({
        dueOn: '2026-11-24',
        months: ['2026-09', '2026-10'],
        amount: 2 * rent,
      });
    } finally {
      expect((await saveSettings(before)).statusCode).toBe(200);
    }
  });
});

/** The first rent due that the person's latest welcome (an accepted lease's notice) gives. */
async function welcomeFirstDue(userId: string) {
  const [notice] = await t.database.db
    .select({ data: notifications.data })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'request-accepted')))
    .orderBy(desc(notifications.createdAt))
    .limit(1);
  return (notice?.data as { lease?: { firstDue?: unknown } } | undefined)?.lease?.firstDue;
}
