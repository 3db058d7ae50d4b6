import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { createSession } from '../src/modules/auth/auth.service';
import type { Access } from '../src/plugins/auth';
import { buildTestApp, demoAccount, type DemoRole, type TestApp } from './build';

/**
 * Who may call each API route. Every route the app registers must appear here and nothing else
 * may: adding a route without deciding its access fails this test.
 */
const expected: Record<string, Access> = {
  'GET /api/site': 'public',
  'GET /api/building': 'public',
  'PUT /api/building': ['admin'],
  // First run: anyone may ask; only the holder of the printed set-up token succeeds.
  'POST /api/setup/check': 'public',
  'POST /api/setup': 'public',
  'GET /api/audit': ['admin'],
  'GET /api/users': ['admin'],
  'POST /api/login': 'public',
  'POST /api/logout': 'public',
  'GET /api/session': 'public',
  'GET /api/auth/google/start': 'public',
  'GET /api/auth/google/callback': 'public',
  'POST /api/users': 'public',
  'POST /api/registration/check': 'public',
  'GET /api/users/exists/:email': 'public',
  'POST /api/users/:email': 'signed-in',
  'POST /api/admin': ['admin'],
  'GET /api/apartments': 'public',
  'GET /api/apartments/:id': 'public',
  'GET /api/admin/apartments': ['admin'],
  'GET /api/admin/apartments/export.csv': ['admin'],
  'POST /api/admin/apartments': ['admin'],
  'GET /api/admin/apartments/:id': ['admin'],
  'PUT /api/admin/apartments/:id': ['admin'],
  'POST /api/admin/apartments/:id/status': ['admin'],
  'GET /api/admin/leases/:id': ['admin'],
  'GET /api/admin/rent-roll': ['admin'],
  'GET /api/admin/rent-roll/export.csv': ['admin'],
  'POST /api/admin/leases/:id/renew': ['admin'],
  'POST /api/admin/leases/:id/end': ['admin'],
  'DELETE /api/admin/leases/:id/end': ['admin'],
  'DELETE /api/admin/apartments/:id': ['admin'],
  'POST /api/admin/apartments/import/preview': ['admin'],
  'POST /api/admin/apartments/import': ['admin'],
  'GET /api/images/:file': 'public',
  'POST /api/images': 'public',
  'POST /api/member/agreements': ['member'],
  'POST /api/users/agreements/': 'signed-in',
  'POST /api/create/agreements': 'signed-in',
  'POST /api/pending/agreements': ['admin'],
  'POST /api/accept/agreements': ['admin'],
  'POST /api/reject/agreements': ['admin'],
  'POST /api/manageMembers': ['admin'],
  'POST /api/change/role': ['admin'],
  // Members pay rent; so do former tenants (users again) while their balance is unpaid.
  'POST /api/create-payment-intent': ['member', 'user'],
  'POST /api/sandbox/confirm': ['member', 'user'],
  'POST /api/save/transaction': ['member', 'user'],
  'POST /api/get/transactions': ['member', 'user'],
  'POST /api/rent/ledger': ['member', 'user'],
  'GET /api/tenants/:id/account': ['admin'],
  'POST /api/tenants/:id/payments': ['admin'],
  'POST /api/tenants/:id/payments/:paymentId/undo': ['admin'],
  'POST /api/tenants/:id/deposits': ['admin'],
  'POST /api/tenants/:id/deposits/:entryId/undo': ['admin'],
  'GET /api/tenants/former-balances': ['admin'],
  'POST /api/stripe/webhook': 'public',
  'POST /api/get/userAnnouncement': ['user', 'admin'],
  'POST /api/get/memberAnnouncement': ['member', 'admin'],
  'POST /api/makeAnnouncement': ['admin'],
  'GET /api/announcements': ['admin'],
  'PUT /api/announcements/:id': ['admin'],
  'DELETE /api/announcements/:id': ['admin'],
  'POST /api/get/coupons': ['admin'],
  'POST /api/create/coupons': ['admin'],
  'POST /api/delete/coupons': ['admin'],
  'POST /api/feature/coupons': ['admin'],
  'GET /api/coupons/featured': 'public',
  'POST /api/password-reset': 'public',
  'POST /api/password-reset/check': 'public',
  'POST /api/password-reset/confirm': 'public',
  'GET /api/admin/mail': ['admin'],
  'GET /api/admin/mail/:id': ['admin'],
  'GET /api/admin/mail/:id/html': ['admin'],
  'GET /api/account/notifications': 'signed-in',
  'PUT /api/account/notifications': 'signed-in',
  'POST /api/unsubscribe': 'public',
  'GET /api/account': 'signed-in',
  'PUT /api/account/profile': 'signed-in',
  'POST /api/account/password': 'signed-in',
  'GET /api/account/sessions': 'signed-in',
  'DELETE /api/account/sessions': 'signed-in',
  'POST /api/account/email': 'signed-in',
  'POST /api/account/email/confirm': 'public',
  'GET /api/account/export': 'signed-in',
  'DELETE /api/account': 'signed-in',
  // Maintenance: tenants file; former tenants (users again) read theirs; admins run the inbox.
  'POST /api/maintenance/photos': ['member', 'admin'],
  'GET /api/maintenance/photos/:file': ['member', 'user', 'admin'],
  'GET /api/maintenance/requests': ['member', 'user', 'admin'],
  'POST /api/maintenance/requests': ['member'],
  'GET /api/maintenance/requests/:id': ['member', 'user', 'admin'],
  'POST /api/maintenance/requests/:id/comments': ['member', 'user', 'admin'],
  'POST /api/maintenance/requests/:id/cancel': ['member', 'user', 'admin'],
  'POST /api/maintenance/requests/:id/confirm': ['member', 'user', 'admin'],
  'POST /api/maintenance/requests/:id/reopen': ['member', 'user', 'admin'],
  'POST /api/maintenance/requests/:id/rating': ['member', 'user', 'admin'],
  'GET /api/admin/maintenance': ['admin'],
  'POST /api/admin/maintenance/:id/status': ['admin'],
  'PUT /api/admin/maintenance/:id/assignee': ['admin'],
  'PUT /api/admin/maintenance/:id/visit': ['admin'],
  'POST /api/admin/maintenance/:id/costs': ['admin'],
  'GET /api/admin/maintenance-figures': ['admin'],
  'GET /api/admin/maintenance-contacts': ['admin'],
  'POST /api/admin/maintenance-contacts': ['admin'],
  'PUT /api/admin/maintenance-contacts/:id': ['admin'],
  'DELETE /api/admin/maintenance-contacts/:id': ['admin'],
  // Charges besides rent (repairs): the tenant's own, and the admin records them paid.
  'GET /api/charges': ['member', 'user'],
  'GET /api/charges/:id': ['member', 'user', 'admin'],
  'POST /api/admin/charges/:id/payment': ['admin'],
  'POST /api/admin/charges/:id/payment/undo': ['admin'],
  'POST /api/admin/charges/:id/cancel': ['admin'],
  'POST /api/tenants/:id/charges': ['admin'],
};

type Caller = 'anonymous' | DemoRole;
const callers: Caller[] = ['anonymous', 'user', 'member', 'admin'];

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ demo: true });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.execute(sql`delete from rate_limits`);
});

async function cookieFor(caller: Caller): Promise<string | undefined> {
  if (caller === 'anonymous') return undefined;
  const email = demoAccount(caller).email;
  const [row] = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`);
  const session = await createSession(t.database.db, row?.id ?? '', 1, undefined);
  return `sm_session=${session.token}`;
}

function urlFor(pattern: string, caller: Caller): string {
  const email = caller === 'anonymous' ? 'user@structo.com' : demoAccount(caller).email;
  return pattern
    .replace(':email', encodeURIComponent(email))
    .replace(':id', randomUUID())
    .replace(':file', `${'a'.repeat(64)}.webp`);
}

function allows(access: Access, caller: Caller): boolean {
  if (access === 'public') return true;
  if (caller === 'anonymous') return false;
  return access === 'signed-in' || access.includes(caller);
}

describe('route × role table', () => {
  it('lists every registered API route, and only those', () => {
    const registered = t.app.accessTable.map((route) => `${route.method} ${route.url}`).sort();
    expect(registered).toEqual(Object.keys(expected).sort());
    for (const route of t.app.accessTable) {
      expect(route.access, `${route.method} ${route.url}`).toEqual(
        expected[`${route.method} ${route.url}`],
      );
    }
  });

  for (const [key, access] of Object.entries(expected)) {
    const [method = 'GET', pattern = ''] = key.split(' ');
    it(`${key}: ${JSON.stringify(access)}`, async () => {
      for (const caller of callers) {
        const cookie = await cookieFor(caller);
        const response = await t.app.inject({
          method: method as 'GET' | 'POST' | 'PUT' | 'DELETE',
          url: urlFor(pattern, caller),
          headers: cookie ? { cookie } : {},
          ...(method === 'GET' ? {} : { payload: {} }),
        });
        const status = response.statusCode;
        if (allows(access, caller)) {
          expect(
            [401, 403],
            `${caller} must be let through (${status} ${response.body})`,
          ).not.toContain(status);
        } else {
          // Refusal comes before validation: an empty body gets 401/403, never 400.
          expect(status, `${caller} must be refused`).toBe(caller === 'anonymous' ? 401 : 403);
        }
      }
    });
  }
});

describe('no route is open by omission', () => {
  it('refuses to start an app with an /api route that declares no access', async () => {
    const { buildApp } = await import('../src/app');
    const { testConfig } = await import('./build');
    const { createTestDatabase } = await import('./database');
    const database = await createTestDatabase();
    const app = await buildApp({ config: testConfig(), database });
    try {
      await expect(
        app.register(async (api) => {
          api.get('/api/forgotten', async () => ({ ok: true }));
        }),
      ).rejects.toThrow(/declares no access rule/);
    } finally {
      await app.close().catch(() => undefined);
      await database.close();
    }
  });
});
