import { AuditPageSchema, type AuditAction } from '@structomate/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, loginAs, type Session, type TestApp } from '../../../test/build';
import { addCoupon, newMember, payMonth, removeMember } from '../../../test/payments';
import { newPerson } from '../../../test/people';
import { auditLog } from '../../db/schema';
import { FakeClock } from '../../lib/clock';

const clock = new FakeClock('2026-11-23T10:00:00+06:00');
let t: TestApp;
let admin: Session;
beforeAll(async () => {
  t = await buildTestApp({ demo: true, clock });
  admin = await loginAs(t.app, 'admin');
});
afterAll(() => t.close());

async function auditPage(query = '') {
  const response = await admin.inject({ method: 'GET', url: `/api/audit${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return AuditPageSchema.parse(response.json());
}
const latest = async (action: AuditAction) => (await auditPage(`?action=${action}`)).result[0];

describe('the audit log records', () => {
  it('lease decisions, with who, from where, and before and after', async () => {
    const tenant = await newMember(t, 'C-101', 'Audited Tenant');
    const accepted = await latest('lease.accept');
    expect(accepted).toMatchObject({
      actor: { email: 'admin@structo.com', name: 'Nadia Rahman' },
      ip: '127.0.0.1',
      subjectType: 'agreement',
      summary: `Accepted Audited Tenant (${tenant.email}) for apartment C-101`,
      before: { status: 'pending' },
      after: { status: 'accepted' },
    });
    await removeMember(t, tenant);
    expect(await latest('lease.end')).toMatchObject({
      subjectId: tenant.id,
      summary: 'Removed Audited Tenant: their lease ended at once, a member no longer',
    });
  });

  it('card payments (the payer) and coupon changes', async () => {
    const tenant = await newMember(t, 'C-204', 'Paying Tenant');
    await payMonth(tenant, '2026-11');
    expect(await latest('payment.card')).toMatchObject({
      actor: { id: tenant.id, name: 'Paying Tenant' },
      summary: 'Paying Tenant paid the rent of November 2026: 24,500 BDT by card (sandbox)',
      after: { billingMonth: '2026-11', charged: 2_450_000, currency: 'bdt' },
    });
    const couponId = await addCoupon(t, 'AUDIT10', 10, '2099-01-01');
    const featured = await admin.inject({
      method: 'POST',
      url: '/api/feature/coupons',
      payload: { id: couponId },
    });
    expect(featured.statusCode).toBe(200);
    expect((await latest('coupon.feature'))?.summary).toBe(
      'Featured coupon AUDIT10 on the home page',
    );
    const removed = await admin.inject({
      method: 'POST',
      url: '/api/delete/coupons',
      payload: { id: couponId },
    });
    expect(removed.statusCode).toBe(200);
    expect(await latest('coupon.remove')).toMatchObject({
      summary: 'Deleted coupon AUDIT10',
      before: { code: 'AUDIT10', percentage: 10 },
    });
  });

  it('announcements', async () => {
    const posted = await admin.inject({
      method: 'POST',
      url: '/api/makeAnnouncement',
      payload: { newAnnouncement: { title: 'Lift service', type: 'member', details: 'Sunday.' } },
    });
    expect(posted.statusCode).toBe(201);
    expect((await latest('announcement.create'))?.summary).toBe('Posted "Lift service" to members');
  });
});

describe('GET /api/audit', () => {
  it('pages newest first and filters by action and by who or what', async () => {
    const all = await auditPage('?limit=2');
    expect(all.result).toHaveLength(2);
    expect(all.total).toBeGreaterThanOrEqual(6);
    expect(all.pageCount).toBe(Math.ceil(all.total / 2));
    const [first, second] = all.result;
    expect(Date.parse(first?.at ?? '')).toBeGreaterThanOrEqual(Date.parse(second?.at ?? ''));
    const page2 = await auditPage('?limit=2&page=2');
    expect(page2.result.map((row) => row._id)).not.toContain(first?._id);

    const byPerson = await auditPage('?q=paying%20tenant');
    expect(byPerson.result.map((row) => row.action)).toContain('payment.card');
    expect(byPerson.result.every((row) => /paying tenant/i.test(JSON.stringify(row)))).toBe(true);
    const nothing = await auditPage('?q=%25%25nobody');
    expect(nothing).toMatchObject({ result: [], total: 0, pageCount: 1 });
  });

  it('is for the admin only; a bad query is a 400', async () => {
    for (const role of ['member', 'user'] as const) {
      const person = await newPerson(t.app, t.database, role);
      expect((await person.inject({ method: 'GET', url: '/api/audit' })).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/audit' })).statusCode).toBe(401);
    for (const query of ['?limit=0', '?limit=101', '?page=0', '?action=lease.burn', '?sort=at']) {
      const response = await admin.inject({ method: 'GET', url: `/api/audit${query}` });
      expect(response.statusCode, query).toBe(400);
    }
  });
});

describe('the audit log is append-only, in the database itself', () => {
  it('refuses UPDATE, DELETE and TRUNCATE, even from the app', async () => {
    const before = await t.database.db.select().from(auditLog);
    expect(before.length).toBeGreaterThan(0);
    for (const statement of [
      sql`update audit_log set summary = 'rewritten'`,
      sql`delete from audit_log`,
      sql`truncate audit_log`,
    ]) {
      await expect(t.database.db.execute(statement)).rejects.toThrow();
    }
    expect(await t.database.db.select().from(auditLog)).toEqual(before);
  });
});
