import { randomUUID } from 'node:crypto';
import {
  addMonths,
  DeleteCouponResponseSchema,
  ErrorResponseSchema,
  PaymentIntentResponseSchema,
} from '@structomate/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client';
import { coupons, paymentIntents, payments } from '../src/db/schema';
import { GOOD_CARD } from './payments';
import { renter } from './people';
import { startDemoPair } from './servers';

/**
 * An admin removes a coupon on one server while a tenant applies it to a payment on the other,
 * as behind a load balancer. Whichever comes first, a discount is never charged without the
 * coupon that gave it: either the payment holds the coupon (and removing it archives it, its
 * code kept), or the coupon is gone and the payment is refused before any charge. Runs with
 * DATABASE_URL.
 */
const serverUrl = process.env.DATABASE_URL ?? '';
const NOW = '2026-11-23T10:00:00+06:00';
const ROUNDS = 12;

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

describe('removing a coupon while a tenant applies it (two servers)', () => {
  it(`never charges a discount without its coupon (${ROUNDS} rounds)`, async ({ annotate }) => {
    const tenant = await renter(database, 'A-101');
    const [server0, server1] = pair.servers;
    const outcomes = { archived: 0, refused: 0 };
    for (let round = 0; round < ROUNDS; round += 1) {
      const code = `R${randomUUID().replace(/-/g, '').slice(0, 8).toUpperCase()}`;
      const [coupon] = await database.db
        .insert(coupons)
        .values({
          code,
          heading: 'Race',
          description: 'Race',
          percentage: 10,
          validUntil: '2099-12-31',
        })
        .returning({ id: coupons.id });
      const month = addMonths('2026-11', round);
      // The removal starts a little later each round, so it meets the payment at each step.
      const [opened, removed] = await Promise.all([
        pair.post(server1, tenant.cookie, '/api/create-payment-intent', { month, coupon: code }),
        pause((round % 6) * 15).then(() =>
          pair.post(server0, pair.adminCookie, '/api/delete/coupons', { id: coupon?.id }),
        ),
      ]);
      const context = `round ${round}: ${JSON.stringify(opened.body)} ${JSON.stringify(removed.body)}`;
      expect(removed.status, context).toBe(200);
      const removal = DeleteCouponResponseSchema.parse(removed.body).removal;
      const [row] = await database.db
        .select({ archivedAt: coupons.archivedAt })
        .from(coupons)
        .where(eq(coupons.code, code));
      const live = await database.db
        .select({ couponId: paymentIntents.couponId, discount: paymentIntents.discount })
        .from(paymentIntents)
        .where(
          and(
            eq(paymentIntents.userId, tenant.id),
            eq(paymentIntents.billingMonth, `${month}-01`),
            inArray(paymentIntents.status, ['open', 'processing', 'succeeded']),
          ),
        );
      if (opened.status === 200) {
        // The payment held the coupon first: it is archived, and the payment keeps it.
        outcomes.archived += 1;
        expect(removal, context).toBe('archived');
        expect(row?.archivedAt, context).toBeInstanceOf(Date);
        expect(live, context).toEqual([
          { couponId: coupon?.id, discount: Math.floor(tenant.rent / 10) },
        ]);
        const intent = PaymentIntentResponseSchema.parse(opened.body);
        const confirmed = await pair.post(server0, tenant.cookie, '/api/sandbox/confirm', {
          clientSecret: intent.clientSecret,
          card: GOOD_CARD,
        });
        expect(confirmed.status, context).toBe(200);
        const saved = await pair.post(server1, tenant.cookie, '/api/save/transaction', {
          transaction: { transactionId: intent.paymentIntentId },
        });
        expect(saved.status, context).toBe(200);
        const [paid] = await database.db
          .select({ couponId: payments.couponId, discount: payments.discount })
          .from(payments)
          .where(and(eq(payments.userId, tenant.id), eq(payments.billingMonth, `${month}-01`)));
        expect(paid, context).toEqual({
          couponId: coupon?.id,
          discount: Math.floor(tenant.rent / 10),
        });
      } else {
        // The coupon went first: the tenant is told it does not exist, and nothing holds it.
        outcomes.refused += 1;
        expect(opened.status, context).toBe(400);
        expect(ErrorResponseSchema.parse(opened.body).error.message).toBe(
          `Coupon ${code} does not exist.`,
        );
        expect(removal, context).toBe('deleted');
        expect(row, context).toBeUndefined();
        expect(live, context).toEqual([]);
      }
    }
    // Which side came first in how many rounds: a record of the race, not a check.
    await annotate(JSON.stringify(outcomes));
  }, 120_000);
});
