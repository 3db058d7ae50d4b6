import { randomUUID } from 'node:crypto';
import {
  MEMBERS_PAGE_SIZE,
  MemberListResponseSchema,
  RentRollPageSchema,
  type RentRollRow,
} from '@structomate/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, loginAs, type Session, type TestApp } from '../../../test/build';
import { newMember } from '../../../test/payments';
import { newPerson, type Person } from '../../../test/people';
import {
  agreements,
  apartments,
  charges,
  depositEntries,
  leaseFigures,
  leaseRents,
  payments,
  users,
} from '../../db/schema';
import { FakeClock } from '../../lib/clock';
import { rowsOf } from '../../lib/sql-rows';
import { keepStaleFigures } from './lease-figures.service';
import { billingRules } from './payments.service';

/**
 * The rent roll: every lease, current and former, with its rent, what it is paid through, what
 * it owes today, its last payment; filtered, searched, sorted, paged and totalled in SQL; CSV.
 */
// 1 September 2026, 10:00 in Dhaka: three leases start; on 24 November the roll is read.
const clock = new FakeClock('2026-09-01T04:00:00Z');
let t: TestApp;
let admin: Session;
const tenants: Record<
  'alpha' | 'beta' | 'gamma',
  { person: Person; leaseId: string; rent: number }
> = {} as never;

async function leaseOf(person: Person) {
  const [lease] = await t.database.db
    .select({ id: agreements.id, rent: agreements.rent })
    .from(agreements)
    .where(eq(agreements.tenantId, person.id));
  if (!lease) throw new Error('no lease');
  return { person, leaseId: lease.id, rent: lease.rent };
}

async function pay(tenant: (typeof tenants)['alpha'], month: string, paidAt: string) {
  await t.database.db.insert(payments).values({
    transactionId: `pi_roll_${tenant.leaseId}_${month}`,
    userId: tenant.person.id,
    agreementId: tenant.leaseId,
    billingMonth: `${month}-01`,
    rent: tenant.rent,
    amountCharged: tenant.rent * 100,
    currency: 'bdt',
    paidAt: new Date(paidAt),
  });
}

beforeAll(async () => {
  t = await buildTestApp({ demo: true, clock });
  admin = await loginAs(t.app, 'admin');
  tenants.alpha = await leaseOf(await newMember(t, 'C-302', 'Roll Alpha'));
  tenants.beta = await leaseOf(await newMember(t, 'C-403', 'Roll Beta'));
  tenants.gamma = await leaseOf(await newMember(t, 'C-501', 'Roll Gamma'));
  await pay(tenants.alpha, '2026-09', '2026-09-02T05:00:00Z');
  for (const month of ['2026-09', '2026-10', '2026-11']) {
    await pay(tenants.beta, month, `${month}-01T05:00:00Z`);
  }
  // Gamma is removed on 15 October, September and October unpaid.
  clock.set('2026-10-15T04:00:00Z');
  const removed = await admin.inject({
    method: 'POST',
    url: '/api/change/role',
    payload: { id: tenants.gamma.person.id },
  });
  expect(removed.statusCode).toBe(200);
  clock.set('2026-11-24T04:00:00Z');
  // Alpha's deposit: 50,000 received, 5,000 refunded.
  for (const [kind, amount] of [
    ['received', 50_000],
    ['refunded', 5_000],
  ] as const) {
    const recorded = await admin.inject({
      method: 'POST',
      url: `/api/tenants/${tenants.alpha.person.id}/deposits`,
      payload: {
        agreementId: tenants.alpha.leaseId,
        kind,
        amount,
        method: 'cash',
        date: '2026-11-20',
        key: randomUUID(),
      },
    });
    expect(recorded.statusCode, recorded.body).toBe(201);
  }
});
afterAll(() => t.close());

/**
 * These tests are of the figures the database keeps, changed mostly in SQL by hand, which a
 * server hears of through the database's notice (moments later on PostgreSQL). Each read starts
 * from what the database holds: what a server keeps in memory over it (ADR 019) is tested in
 * lib/changes-cache.test.ts.
 */
const fromTheDatabase = () => t.app.changesCache.forgetChanges();

/** A page of the roll; `kept`: as the admin browses, through what the server keeps. */
async function roll(query: string, { kept = false } = {}) {
  if (!kept) fromTheDatabase();
  const response = await admin.inject({ method: 'GET', url: `/api/admin/rent-roll?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return RentRollPageSchema.parse(response.json());
}

/**
 * What the members page says the person owes (it reads the same kept figures); `kept`: the
 * web app's page, through what the server keeps.
 */
async function memberOwes(person: Person, { kept = false } = {}) {
  if (!kept) fromTheDatabase();
  const response = await admin.inject({
    method: 'POST',
    url: '/api/manageMembers',
    payload: { limit: kept ? MEMBERS_PAGE_SIZE : 100 },
  });
  expect(response.statusCode, response.body).toBe(200);
  return MemberListResponseSchema.parse(response.json()).find((m) => m._id === person.id)
    ?.owedAmount;
}

const byName = (rows: RentRollRow[], name: string) => rows.find((row) => row.tenant.name === name);

describe('the rent roll', () => {
  it('shows each lease with rent, paid through, balance, overdue months and last payment', async () => {
    const page = await roll('q=Roll%20');
    expect(page.result.map((row) => row.tenant.name)).toEqual([
      'Roll Alpha',
      'Roll Beta',
      'Roll Gamma',
    ]);
    // An apartment number as typed: without its hyphen, in lower case, with a space.
    for (const typed of ['c302', 'C 302', 'c-30']) {
      const names = (await roll(`q=${encodeURIComponent(typed)}`)).result.map(
        (row) => row.tenant.name,
      );
      expect(names, typed).toContain('Roll Alpha');
      expect(names, typed).not.toContain('Roll Beta');
    }
    const { alpha, beta, gamma } = tenants;
    expect(byName(page.result, 'Roll Alpha')).toMatchObject({
      apartmentNo: 'C-302',
      status: 'current',
      rent: alpha.rent,
      startDate: '2026-09-01',
      endDate: '2027-08-31',
      endsOn: null,
      paidThrough: '2026-09',
      balance: 2 * alpha.rent,
      overdueMonths: 2,
      lastPayment: { at: '2026-09-02', amount: alpha.rent },
      depositHeld: 45_000,
    });
    expect(byName(page.result, 'Roll Beta')).toMatchObject({
      paidThrough: '2026-11',
      balance: 0,
      overdueMonths: 0,
      lastPayment: { at: '2026-11-01', amount: beta.rent },
    });
    expect(byName(page.result, 'Roll Gamma')).toMatchObject({
      status: 'former',
      endsOn: '2026-10-15',
      paidThrough: null,
      balance: 2 * gamma.rent,
      overdueMonths: 2,
      lastPayment: null,
    });
    expect(page.totals).toEqual({
      leases: 3,
      monthlyRent: alpha.rent + beta.rent,
      balance: 2 * alpha.rent + 2 * gamma.rent,
      depositHeld: 45_000,
      chargesOwed: 0,
    });
  });

  it('adds up deposits past 2³¹ BDT (215 receipts of 10 million) without overflowing', async () => {
    const heavy = await leaseOf(await newMember(t, 'A-301', 'Deposit Heavy'));
    const [office] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.role, 'admin'))
      .limit(1);
    await t.database.db.insert(depositEntries).values(
      Array.from({ length: 215 }, () => ({
        agreementId: heavy.leaseId,
        kind: 'received' as const,
        amount: 10_000_000,
        method: 'bank' as const,
        entryDate: '2026-11-20',
        recordedBy: office?.id ?? '',
      })),
    );
    const page = await roll('q=Deposit%20Heavy');
    expect(page.result[0]?.depositHeld).toBe(2_150_000_000);
    expect(page.totals.depositHeld).toBe(2_150_000_000);
  });

  it('filters current, former and overdue leases, sorts by balance and pages', async () => {
    const names = async (query: string) =>
      (await roll(`q=Roll%20&${query}`)).result.map((row) => row.tenant.name);
    expect(await names('filter=current')).toEqual(['Roll Alpha', 'Roll Beta']);
    expect(await names('filter=former')).toEqual(['Roll Gamma']);
    expect(await names('filter=overdue&sort=tenant')).toEqual(['Roll Alpha', 'Roll Gamma']);
    const biggest = tenants.alpha.rent >= tenants.gamma.rent ? 'Roll Alpha' : 'Roll Gamma';
    expect((await names('sort=balance'))[0]).toBe(biggest);
    const second = await roll('q=Roll%20&limit=2&page=2');
    expect(second.result.map((row) => row.tenant.name)).toEqual(['Roll Gamma']);
    expect(second).toMatchObject({ total: 3, page: 2, limit: 2, pageCount: 2 });
    // A page past the end has no rows, and the same totals (counted without a row to carry them).
    const beyond = await roll('q=Roll%20&limit=2&page=5');
    expect(beyond.result).toEqual([]);
    expect(beyond).toMatchObject({ total: 3, totals: second.totals });
    // The search also finds the apartment; the whole building's roll includes the demo's leases.
    expect((await roll('q=c-40')).result.map((row) => row.tenant.name)).toContain('Roll Beta');
    expect((await roll('')).total).toBeGreaterThan(3);
  });

  it('exports the filtered roll as CSV', async () => {
    const response = await admin.inject({
      method: 'GET',
      url: '/api/admin/rent-roll/export.csv?q=Roll%20&filter=overdue',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="rent-roll-2026-11-24.csv"',
    );
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'apartment,tenant,email,status,rent,start,termEnd,lastDay,paidThrough,balance,overdueMonths,lastPaymentAt,lastPaymentAmount,depositHeld,chargesOwed',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`C-302,Roll Alpha,${tenants.alpha.person.email},current`);
  });

  it('lists a deleted account’s lease under its name alone: no made-up address in the CSV', async () => {
    clock.set('2026-11-24T04:00:00Z');
    // A lease from next month, ended before it began: nothing owed, so the account may go.
    const gone = await leaseOf(await newMember(t, 'C-704', 'Roll Gone', '2026-12-01'));
    const removed = await admin.inject({
      method: 'POST',
      url: '/api/change/role',
      payload: { id: gone.person.id },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const deleted = await gone.person.inject({
      method: 'DELETE',
      url: '/api/account',
      payload: { confirm: 'DELETE' },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    fromTheDatabase();
    const response = await admin.inject({
      method: 'GET',
      url: '/api/admin/rent-roll/export.csv?q=C-704&filter=former',
    });
    expect(response.statusCode).toBe(200);
    const rows = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .slice(1);
    expect(rows.filter((row) => row.startsWith('C-704,Deleted account,,former,'))).toHaveLength(1);
    expect(response.body).not.toContain('deleted.invalid');
    // Searched for, it is found by its name or apartment, never by the address made up for it.
    const found = async (q: string) =>
      (await roll(`q=${encodeURIComponent(q)}`)).result.filter(
        (row) => row.apartmentNo === 'C-704',
      );
    expect(await found('Deleted account')).toHaveLength(1);
    expect(await found('C-704')).toHaveLength(1);
    expect(await found('invalid')).toEqual([]);
    expect(await found(`deleted-${gone.person.id}`)).toEqual([]);
  });

  it('is for the admin only, and refuses bad queries', async () => {
    const member = await loginAs(t.app, 'member');
    const user = await newPerson(t.app, t.database, 'user');
    for (const url of ['/api/admin/rent-roll', '/api/admin/rent-roll/export.csv']) {
      expect((await member.inject({ method: 'GET', url })).statusCode).toBe(403);
      expect((await user.inject({ method: 'GET', url })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    for (const query of ['filter=late', 'sort=rent', 'limit=500', 'page=0', 'x=1']) {
      const response = await admin.inject({ method: 'GET', url: `/api/admin/rent-roll?${query}` });
      expect(response.statusCode, query).toBe(400);
    }
  });
});

describe('the pages a server keeps in memory (ADR 019)', () => {
  const keptRoll = (query: string) => roll(query, { kept: true });
  const keptOwed = (person: Person) => memberOwes(person, { kept: true });

  it('are kept apart by filter, sort, page and the building’s day', async () => {
    clock.set('2026-11-24T04:00:00Z');
    fromTheDatabase();
    const every = await keptRoll('');
    const current = await keptRoll('filter=current');
    // Former leases (Gamma's ended in October) are not current.
    const former = every.result.filter((row) => row.status === 'former').length;
    expect(former).toBeGreaterThan(0);
    expect(every.total).toBe(every.result.length);
    expect(current.total).toBe(every.total - former);
    const byBalance = await keptRoll('sort=balance');
    expect(byBalance.result.map((row) => row.balance)).toEqual(
      [...every.result.map((row) => row.balance)].sort((a, b) => b - a),
    );
    const beyond = await keptRoll('page=9');
    expect(beyond.result).toEqual([]);
    expect(every.result.length).toBeGreaterThan(0);
    const owedBefore = await keptOwed(tenants.alpha.person);

    // A new month: December is owed, in the roll and on the members page alike.
    clock.set('2026-12-01T04:00:00Z');
    try {
      const december = await keptRoll('');
      expect(december.totals.balance).toBeGreaterThan(every.totals.balance);
      expect(await keptOwed(tenants.alpha.person)).toBe((owedBefore ?? 0) + tenants.alpha.rent);
    } finally {
      clock.set('2026-11-24T04:00:00Z');
    }
  });
});

describe('the figures the roll keeps', () => {
  const keptBalanceIs = (leaseId: string, balance: number) =>
    t.database.db
      .update(leaseFigures)
      .set({ balance })
      .where(eq(leaseFigures.agreementId, leaseId));
  const balanceOf = async (name: string) => byName((await roll(`q=${name}`)).result, name)?.balance;
  it('are read while they hold, and worked out again after any change to the person’s money or a new day', async () => {
    clock.set('2026-11-24T04:00:00Z');
    const delta = await leaseOf(await newMember(t, 'A-202', 'Kept Delta'));
    // The lease starts today: November is owed.
    expect(await balanceOf('Kept Delta')).toBe(delta.rent);
    // What the roll kept is what it shows (altered here to tell it from a figure worked out).
    await keptBalanceIs(delta.leaseId, 1);
    expect(await balanceOf('Kept Delta')).toBe(1);
    expect(await memberOwes(delta.person)).toBe(1);

    // A payment.
    await pay(delta, '2026-11', '2026-11-24T05:00:00Z');
    expect(await memberOwes(delta.person)).toBe(0);
    expect(await balanceOf('Kept Delta')).toBe(0);
    // A new rent from a month.
    await keptBalanceIs(delta.leaseId, 1);
    await t.database.db
      .insert(leaseRents)
      .values({ agreementId: delta.leaseId, fromMonth: '2026-12-01', rent: delta.rent + 1000 });
    expect(await balanceOf('Kept Delta')).toBe(0);
    // A change to the lease, seen by the whole roll (no search or filter) as by a search.
    await keptBalanceIs(delta.leaseId, 1);
    await t.database.db
      .update(agreements)
      .set({ graceDays: 3 })
      .where(eq(agreements.id, delta.leaseId));
    expect(byName((await roll('limit=100')).result, 'Kept Delta')?.balance).toBe(0);
    expect(await balanceOf('Kept Delta')).toBe(0);
    // A new day, and a new month: December is owed, at its new rent.
    await keptBalanceIs(delta.leaseId, 1);
    clock.set('2026-12-01T04:00:00Z');
    expect(await balanceOf('Kept Delta')).toBe(delta.rent + 1000);
    expect(byName((await roll('q=Kept Delta')).result, 'Kept Delta')?.rent).toBe(delta.rent + 1000);
    clock.set('2026-11-24T04:00:00Z');
  });

  it('kept from a snapshot before the person’s latest change are never read', async () => {
    clock.set('2026-11-24T04:00:00Z');
    const omega = await leaseOf(await newMember(t, 'B-601', 'Kept Omega'));
    expect(await balanceOf('Kept Omega')).toBe(omega.rent);
    const [before] = await t.database.db
      .select()
      .from(leaseFigures)
      .where(eq(leaseFigures.agreementId, omega.leaseId));
    if (!before) throw new Error('no figures kept');
    // All but up_to_date, which the database works out from version and latest.
    const { upToDate, ...written } = before;
    expect(upToDate).toBe(true);
    // November is paid while another admin's roll works out the figures from the snapshot
    // before it; that roll keeps them after the payment committed. The payment wrote its new
    // version into the row as its latest, and keeping figures keeps the later of the two.
    await pay(omega, '2026-11', '2026-11-24T05:00:00Z');
    const [paid] = await t.database.db
      .select({ latest: leaseFigures.latest })
      .from(leaseFigures)
      .where(eq(leaseFigures.agreementId, omega.leaseId));
    expect(paid?.latest).toBeGreaterThan(before.version);
    await t.database.db
      .update(leaseFigures)
      .set({
        ...written,
        balance: omega.rent,
        latest: sql`greatest(${leaseFigures.latest}, ${before.latest})`,
      })
      .where(eq(leaseFigures.agreementId, omega.leaseId));
    expect(await memberOwes(omega.person)).toBe(0);
    expect(await balanceOf('Kept Omega')).toBe(0);
    // Kept again, with the version the payment gave the person.
    const [kept] = await t.database.db
      .select({ version: leaseFigures.version, balance: leaseFigures.balance })
      .from(leaseFigures)
      .where(eq(leaseFigures.agreementId, omega.leaseId));
    expect(kept?.balance).toBe(0);
    expect(kept?.version).toBeGreaterThan(before.version);
  });
  it('are worked out again after a deposit, a charge or a new number for the apartment', async () => {
    clock.set('2026-11-24T04:00:00Z');
    const sigma = await leaseOf(await newMember(t, 'B-802', 'Kept Sigma'));
    const read = async () => {
      const page = await roll('q=Kept%20Sigma');
      return { row: byName(page.result, 'Kept Sigma'), totals: page.totals };
    };
    expect((await read()).row).toMatchObject({
      apartmentNo: 'B-802',
      depositHeld: 0,
      chargesOwed: 0,
    });

    const deposit = await admin.inject({
      method: 'POST',
      url: `/api/tenants/${sigma.person.id}/deposits`,
      payload: {
        agreementId: sigma.leaseId,
        kind: 'received',
        amount: 20_000,
        method: 'bank',
        date: '2026-11-24',
        key: randomUUID(),
      },
    });
    expect(deposit.statusCode, deposit.body).toBe(201);
    expect(await read()).toMatchObject({
      row: { depositHeld: 20_000 },
      totals: { depositHeld: 20_000 },
    });

    const [charge] = await t.database.db
      .insert(charges)
      .values({
        tenantId: sigma.person.id,
        agreementId: sigma.leaseId,
        description: 'A broken pane',
        amount: 3_000,
      })
      .returning({ id: charges.id });
    if (!charge) throw new Error('no charge');
    expect(await read()).toMatchObject({
      row: { chargesOwed: 3_000 },
      totals: { chargesOwed: 3_000 },
    });
    await t.database.db.delete(charges).where(eq(charges.id, charge.id));
    expect((await read()).row?.chargesOwed).toBe(0);

    await t.database.db
      .update(apartments)
      .set({ apartmentNo: 'B-802A' })
      .where(eq(apartments.apartmentNo, 'B-802'));
    expect((await read()).row?.apartmentNo).toBe('B-802A');
    await t.database.db
      .update(apartments)
      .set({ apartmentNo: 'B-802' })
      .where(eq(apartments.apartmentNo, 'B-802A'));
    expect((await read()).row?.apartmentNo).toBe('B-802');
  });

  it('of a lease with none kept are begun by a change to the person’s money, never to be read', async () => {
    clock.set('2026-11-24T04:00:00Z');
    const tau = await leaseOf(await newMember(t, 'C-801', 'Kept Tau'));
    await t.database.db.delete(leaseFigures).where(eq(leaseFigures.agreementId, tau.leaseId));
    await pay(tau, '2026-11', '2026-11-24T05:00:00Z');
    const [begun] = await t.database.db
      .select()
      .from(leaseFigures)
      .where(eq(leaseFigures.agreementId, tau.leaseId));
    expect(begun).toMatchObject({ computedFor: '-infinity', rules: '', version: -1 });
    expect(begun?.latest).toBeGreaterThan(0);
    // Read, it is worked out: November is paid.
    expect(await balanceOf('Kept Tau')).toBe(0);
    const [kept] = await t.database.db
      .select()
      .from(leaseFigures)
      .where(eq(leaseFigures.agreementId, tau.leaseId));
    expect(kept).toMatchObject({
      computedFor: '2026-11-24',
      version: begun?.latest,
      latest: begun?.latest,
    });
  });
  it('of a lease that stops being one (by hand in SQL) are never read again', async () => {
    clock.set('2026-11-24T04:00:00Z');
    const upsilon = await leaseOf(await newMember(t, 'C-704', 'Kept Upsilon'));
    const before = await roll('limit=100');
    expect(byName(before.result, 'Kept Upsilon')?.balance).toBe(upsilon.rent);
    await t.database.db
      .update(agreements)
      .set({ status: 'rejected' })
      .where(eq(agreements.id, upsilon.leaseId));
    // Its row no longer holds: the roll lists one lease fewer, and not this one.
    const after = await roll('limit=100');
    expect(byName(after.result, 'Kept Upsilon')).toBeUndefined();
    expect(after.total).toBe(before.total - 1);
    expect(after.totals.balance).toBe(before.totals.balance - upsilon.rent);
    await t.database.db
      .update(agreements)
      .set({ status: 'accepted' })
      .where(eq(agreements.id, upsilon.leaseId));
  });
  it('kept again keep a later latest than their own version', async () => {
    clock.set('2026-11-24T04:00:00Z');
    const phi = await leaseOf(await newMember(t, 'B-703', 'Kept Phi'));
    expect(await balanceOf('Kept Phi')).toBe(phi.rent);
    // A change committed after the snapshot a keeping reads: the row's latest is beyond the
    // person's version that keeping sees.
    const [row] = await t.database.db
      .update(leaseFigures)
      .set({ latest: sql`${leaseFigures.latest} + 100`, computedFor: '2026-11-23' })
      .where(eq(leaseFigures.agreementId, phi.leaseId))
      .returning({ latest: leaseFigures.latest, version: leaseFigures.version });
    if (!row) throw new Error('no figures kept');
    await keepStaleFigures(t.database.db, billingRules(t.app.config), '2026-11-24', [
      phi.person.id,
    ]);
    const [kept] = await t.database.db
      .select({ latest: leaseFigures.latest, version: leaseFigures.version })
      .from(leaseFigures)
      .where(eq(leaseFigures.agreementId, phi.leaseId));
    // Kept with the version it read, and the later latest: it does not hold.
    expect(kept).toEqual({ version: row.version, latest: row.latest });
  });

  it('kept inside a caller’s transaction leave its lock wait as it was', async () => {
    clock.set('2026-11-24T04:00:00Z');
    const chi = await leaseOf(await newMember(t, 'A-404', 'Kept Chi'));
    expect(await balanceOf('Kept Chi')).toBe(chi.rent);
    // Kept yesterday: today's reading keeps them again.
    await t.database.db
      .update(leaseFigures)
      .set({ computedFor: '2026-11-23' })
      .where(eq(leaseFigures.agreementId, chi.leaseId));
    const { wait, computedFor } = await t.database.db.transaction(async (tx) => {
      await keepStaleFigures(tx, billingRules(t.app.config), '2026-11-24', [chi.person.id]);
      const shown = await tx.execute(sql`select current_setting('lock_timeout') as wait`);
      const [figures] = await tx
        .select({ computedFor: leaseFigures.computedFor })
        .from(leaseFigures)
        .where(eq(leaseFigures.agreementId, chi.leaseId));
      return {
        wait: rowsOf(z.object({ wait: z.string() }), shown)[0]?.wait,
        computedFor: figures?.computedFor,
      };
    });
    expect(computedFor).toBe('2026-11-24');
    // The keeping's 100 ms wait ended with it: the caller's later statements wait as before.
    expect(wait).toBe('0');
  });
});
