import { addMonths, addMonthsToDay } from '@structomate/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client';
import { agreements, payments } from '../src/db/schema';
import { rentIn } from '../src/modules/payments/ledger.service';
import { renter } from './people';
import { startDemoPair, type ServerProcess } from './servers';

/**
 * An admin renews a lease with a new rent from a month on one server while another records that
 * month's rent received in cash on the other, as behind a load balancer. Whichever comes first,
 * a paid month's rent is the lease's rent for that month: a renewal never changes the rent of a
 * month already paid, and a payment never takes a rent the lease no longer asks. Runs with
 * DATABASE_URL.
 */
const serverUrl = process.env.DATABASE_URL ?? '';
const NOW = '2026-11-23T10:00:00+06:00';
const ROUNDS = 10;

let pair: Awaited<ReturnType<typeof startDemoPair>>;
let database: DatabaseHandle;

beforeAll(async () => {
  pair = await startDemoPair(serverUrl, NOW);
  database = pair.database;
}, 120_000);

afterAll(async () => {
  await pair?.stop();
  expect(
    pair?.statuses.filter((status) => status >= 500),
    'no request may fail with 5xx',
  ).toEqual([]);
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const call = (server: ServerProcess, url: string, body: unknown) =>
  pair.post(server, pair.adminCookie, url, body);

describe('renewing with a new rent while the month is paid in cash (two servers)', () => {
  it(`never leaves a paid month at a rent the lease does not ask (${ROUNDS} rounds)`, async ({
    annotate,
  }) => {
    const tenant = await renter(database, 'C-801');
    // The renter's lease, with terms: November 2026 to October 2027, due on the 1st.
    await database.db
      .update(agreements)
      .set({ startDate: '2026-11-01', endDate: '2027-10-31', termMonths: 12, rentDueDay: 1 })
      .where(eq(agreements.id, tenant.agreementId));
    const outcomes = { renewedFirst: 0, paidFirst: 0 };
    for (let round = 0; round < ROUNDS; round += 1) {
      const month = addMonths('2026-12', round);
      const [renewal, payment] = await Promise.all([
        call(pair.servers[0], `/api/admin/leases/${tenant.agreementId}/renew`, {
          endDate: addMonthsToDay('2027-11-30', round),
          rent: tenant.rent + 1000 * (round + 1),
          rentFrom: month,
        }),
        call(pair.servers[1], `/api/tenants/${tenant.id}/payments`, {
          agreementId: tenant.agreementId,
          method: 'cash',
          receivedOn: '2026-11-23',
          months: [month],
        }),
      ]);
      expect(payment.status, JSON.stringify(payment.body)).toBe(201);
      expect([200, 400], JSON.stringify(renewal.body)).toContain(renewal.status);
      const [paid] = await database.db
        .select({
          rent: payments.rent,
          due: sql<number>`${rentIn(sql`${agreements}`, sql`${`${month}-01`}::date`)}::int`,
        })
        .from(payments)
        .innerJoin(agreements, eq(agreements.id, payments.agreementId))
        .where(
          and(
            eq(payments.agreementId, tenant.agreementId),
            eq(payments.billingMonth, `${month}-01`),
          ),
        );
      expect(paid?.rent, `round ${round}`).toBe(paid?.due);
      if (renewal.status === 200) {
        outcomes.renewedFirst += 1;
        expect(paid?.rent).toBe(tenant.rent + 1000 * (round + 1));
      } else {
        outcomes.paidFirst += 1;
        expect(JSON.stringify(renewal.body)).toContain('is already paid at the current rent');
      }
    }
    // Which side came first in how many rounds: a record of the race, not a check.
    await annotate(JSON.stringify(outcomes));
  }, 120_000);
});

describe('ending a lease while a later month is paid in cash (two servers)', () => {
  const FLATS = ['A-101', 'A-202', 'A-301', 'A-404', 'A-502', 'A-701', 'A-801', 'B-102'];
  it(`never ends a lease before a month paid under it (${FLATS.length} rounds)`, async ({
    annotate,
  }) => {
    const outcomes = { paidFirst: 0, endedFirst: 0 };
    for (const [round, flat] of FLATS.entries()) {
      const tenant = await renter(database, flat);
      // The end starts a little later each round, so it meets the payment at each step.
      const [ending, payment] = await Promise.all([
        pause((round % 4) * 12).then(() =>
          call(
            pair.servers[round % 2 === 0 ? 0 : 1],
            `/api/admin/leases/${tenant.agreementId}/end`,
            { endDate: '2026-11-30' },
          ),
        ),
        call(pair.servers[round % 2 === 0 ? 1 : 0], `/api/tenants/${tenant.id}/payments`, {
          agreementId: tenant.agreementId,
          method: 'cash',
          receivedOn: '2026-11-23',
          months: ['2026-11', '2026-12'],
        }),
      ]);
      const context = `round ${round}: ${JSON.stringify(ending.body)} ${JSON.stringify(payment.body)}`;
      const [lease] = await database.db
        .select({ endsOn: agreements.endsOn })
        .from(agreements)
        .where(eq(agreements.id, tenant.agreementId));
      const paid = await database.db
        .select({ month: payments.billingMonth })
        .from(payments)
        .where(eq(payments.agreementId, tenant.agreementId));
      if (payment.status === 201) {
        outcomes.paidFirst += 1;
        expect(ending.status, context).toBe(400);
        expect(lease?.endsOn, context).toBeNull();
        expect(paid, context).toHaveLength(2);
      } else {
        outcomes.endedFirst += 1;
        expect(ending.status, context).toBe(200);
        expect(payment.status, context).toBeGreaterThanOrEqual(400);
        expect(payment.status, context).toBeLessThan(500);
        expect(lease?.endsOn, context).toBe('2026-11-30');
        expect(paid, context).toEqual([]);
      }
    }
    // Which side came first in how many rounds: a record of the race, not a check.
    await annotate(JSON.stringify(outcomes));
  }, 120_000);
});
