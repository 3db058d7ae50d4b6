import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database';
import type { DatabaseHandle } from './client';
import { demoAccounts, demoApartments, demoMemberApartmentNo } from './demo-data';
import {
  agreements,
  announcements,
  auditLog,
  apartments,
  building,
  coupons,
  depositEntries,
  maintenanceContacts,
  maintenanceRequests,
  users,
} from './schema';
import { DEMO_SETUP_SUMMARY, seedDemoData } from './seed';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const countOf = async (table: typeof apartments | typeof users | typeof announcements) => {
  const [row] = await database.db.select({ n: count() }).from(table);
  return row?.n;
};

describe('seedDemoData', () => {
  it('fills an empty database with the demo building', async () => {
    const report = await seedDemoData(database.db);
    expect(report).toEqual({
      apartments: demoApartments.length,
      accounts: 4,
      coupons: 1,
      announcements: 4,
    });

    const all = await database.db.select().from(apartments);
    expect(all.length).toBeGreaterThanOrEqual(24);
    expect(new Set(all.map((a) => a.blockName)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(all.map((a) => a.floorNo)).size).toBeGreaterThanOrEqual(6);
    expect(new Set(all.map((a) => a.rent)).size).toBe(all.length);

    const [coupon] = await database.db.select().from(coupons).where(eq(coupons.code, 'STRUCTO25'));
    expect(coupon).toMatchObject({ percentage: 25, validUntil: '2025-02-05' });

    const [profile] = await database.db.select().from(building);
    expect(profile).toMatchObject({ name: 'StructoMate', contactEmail: 'office@structo.com' });
    expect(Object.keys(profile?.socialLinks ?? {})).toHaveLength(4);

    // The audit log starts with the system setting the demo building up, not empty.
    expect(await database.db.select().from(auditLog)).toEqual([
      expect.objectContaining({
        action: 'building.setup',
        actorId: null,
        subjectType: 'building',
        summary: DEMO_SETUP_SUMMARY,
      }),
    ]);
  });

  it('stores hashed passwords and gives the member an accepted lease', async () => {
    const accounts = await database.db.select().from(users);
    expect(accounts.map((u) => [u.email, u.role]).sort()).toEqual(
      demoAccounts.map((a) => [a.email, a.role]).sort(),
    );
    for (const account of accounts) {
      expect(account.passwordHash).toMatch(/^\$argon2id\$/);
      expect(account.passwordHash).not.toContain(
        demoAccounts.find((a) => a.email === account.email)?.password,
      );
    }
    const leases = await database.db
      .select({
        status: agreements.status,
        apartmentNo: apartments.apartmentNo,
        email: users.email,
      })
      .from(agreements)
      .innerJoin(apartments, eq(apartments.id, agreements.apartmentId))
      .innerJoin(users, eq(users.id, agreements.tenantId));
    expect(leases).toEqual(
      expect.arrayContaining([
        { status: 'accepted', apartmentNo: demoMemberApartmentNo, email: 'member@structo.com' },
        { status: 'ended', apartmentNo: 'A-603', email: 'former@structo.com' },
      ]),
    );
    expect(leases).toHaveLength(2);
    // The member's deposit, a month's rent, was received when his lease was accepted.
    const deposits = await database.db
      .select({ kind: depositEntries.kind, amount: depositEntries.amount, email: users.email })
      .from(depositEntries)
      .innerJoin(agreements, eq(agreements.id, depositEntries.agreementId))
      .innerJoin(users, eq(users.id, agreements.tenantId));
    expect(deposits).toEqual([{ kind: 'received', amount: 48_000, email: 'member@structo.com' }]);
  });

  it('dates the accounts of the tenants with a lease before the lease was signed', async () => {
    const rows = await database.db
      .select({ email: users.email, joined: users.createdAt, signed: agreements.signedAt })
      .from(users)
      .leftJoin(agreements, eq(agreements.tenantId, users.id));
    const byEmail = new Map(rows.map((row) => [row.email, row]));
    for (const email of ['member@structo.com', 'former@structo.com']) {
      const row = byEmail.get(email);
      expect(row?.signed, email).toBeInstanceOf(Date);
      expect(row?.joined.getTime(), email).toBeLessThan(row?.signed?.getTime() ?? 0);
    }
    // The admin set the building up before anyone leased in it.
    const admin = byEmail.get('admin@structo.com');
    const firstSigned = Math.min(...rows.map((row) => row.signed?.getTime() ?? Infinity));
    expect(admin?.joined.getTime()).toBeLessThan(firstSigned);
  });

  it('changes nothing when run again', async () => {
    const deposits = async () =>
      (await database.db.select({ n: count() }).from(depositEntries))[0]?.n;
    const before = [await countOf(apartments), await countOf(users), await countOf(announcements)];
    const depositsBefore = await deposits();
    const logged = async () => (await database.db.select({ n: count() }).from(auditLog))[0]?.n;
    const loggedBefore = await logged();
    const report = await seedDemoData(database.db);
    expect(report).toEqual({ apartments: 0, accounts: 0, coupons: 0, announcements: 0 });
    expect([await countOf(apartments), await countOf(users), await countOf(announcements)]).toEqual(
      before,
    );
    expect(await deposits()).toBe(depositsBefore);
    expect(await logged()).toBe(loggedBefore);
  });
  it('gives its repair requests to a contact the admin listed already, not a second one', async () => {
    // A building with no request yet, whose admin listed the demo's plumber themself.
    await seedDemoData(database.db);
    await database.db.delete(maintenanceRequests);
    await database.db.delete(maintenanceContacts);
    const [own] = await database.db
      .insert(maintenanceContacts)
      .values({ name: 'KARIM HOSSAIN', trade: 'plumber', phone: '01711 999999' })
      .returning({ id: maintenanceContacts.id });
    await seedDemoData(database.db);
    const plumbers = await database.db
      .select({ id: maintenanceContacts.id })
      .from(maintenanceContacts)
      .where(sql`lower(${maintenanceContacts.name}) = 'karim hossain'`);
    expect(plumbers).toEqual([own]);
    const assigned = await database.db
      .select({ n: count() })
      .from(maintenanceRequests)
      .where(eq(maintenanceRequests.assigneeId, own?.id ?? ''));
    expect(assigned[0]?.n).toBe(1);
  });
});
