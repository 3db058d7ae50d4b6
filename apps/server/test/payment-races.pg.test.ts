import { randomUUID } from 'node:crypto';
import { addMonths, PaymentIntentResponseSchema } from '@structomate/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client';
import { coupons, payments, sandboxIntents } from '../src/db/schema';
import { createPostgresTestDatabase } from './database';
import { startFakeStripe, type FakeStripe } from './fake-stripe';
import { renter, type Renter } from './people';
import { startServer, type ServerProcess } from './servers';

/**
 * Races between two server processes on one PostgreSQL, as behind a load balancer: the same
 * member paying the same month from two tabs, one on each server. Runs with DATABASE_URL (the
 * PostgreSQL pass of `npm test`); PGlite is one process and cannot race.
 */
const serverUrl = process.env.DATABASE_URL ?? '';
const NOW = '2026-11-23T10:00:00+06:00';
// Every month payable on NOW: this one and eleven ahead.
const MONTHS = Array.from({ length: 12 }, (_, index) => addMonths('2026-11', index));
const GOOD_CARD = {
  number: '4242424242424242',
  expMonth: 12,
  expYear: 2040,
  cvc: '123',
  postalCode: '12345',
};

type Member = Renter;

interface Answer {
  status: number;
  body: unknown;
}

for (const provider of ['sandbox', 'stripe'] as const) {
  describe(`two servers on one PostgreSQL, paying through the ${provider}`, () => {
    let database: DatabaseHandle;
    let fake: FakeStripe | undefined;
    let servers: ServerProcess[] = [];
    const statuses: number[] = [];

    beforeAll(async () => {
      const created = await createPostgresTestDatabase(serverUrl);
      database = created.database;
      fake = provider === 'stripe' ? await startFakeStripe() : undefined;
      const env: Record<string, string> = {
        DATABASE_URL: created.url,
        DEMO: '1',
        TEST_CLOCK: '1',
        PAYMENTS: provider,
        ...(fake
          ? {
              STRIPE_SECRET_KEY: 'sk_test_race',
              STRIPE_PUBLISHABLE_KEY: 'pk_test_race',
              STRIPE_WEBHOOK_SECRET: 'whsec_race',
              STRIPE_API_URL: fake.url,
            }
          : {}),
      };
      servers = await Promise.all([startServer(env), startServer(env)]);
    }, 120_000);

    afterAll(async () => {
      await Promise.all(servers.map((server) => server.stop()));
      await fake?.close();
      await database?.close();
      expect(
        statuses.filter((status) => status >= 500),
        'no request may fail with 5xx',
      ).toEqual([]);
    });

    async function call(server: ServerProcess, member: Member, url: string, body: unknown) {
      const response = await fetch(`${server.url}${url}`, {
        method: 'POST',
        headers: {
          cookie: member.cookie,
          'content-type': 'application/json',
          'x-test-clock': NOW,
        },
        body: JSON.stringify(body),
      });
      statuses.push(response.status);
      return { status: response.status, body: (await response.json()) as unknown };
    }

    const member = (apartmentNo: string) => renter(database, apartmentNo);

    async function newCoupon(percentage: number): Promise<string> {
      const code = `R${randomUUID().replace(/-/g, '').slice(0, 8).toUpperCase()}`;
      await database.db.insert(coupons).values({
        code,
        heading: 'Race offer',
        description: 'Race',
        percentage,
        validUntil: '2099-12-31',
      });
      return code;
    }

    /** What the provider charged a member for a month (refunded charges count too). */
    async function charges(person: Member, month: string): Promise<number[]> {
      if (fake) return fake.charges(person.id, month).map((intent) => intent.amount);
      const rows = await database.db
        .select({ amount: sandboxIntents.amount })
        .from(sandboxIntents)
        .where(
          and(
            eq(sandboxIntents.status, 'succeeded'),
            sql`${sandboxIntents.metadata}->>'userId' = ${person.id}`,
            sql`${sandboxIntents.metadata}->>'billingMonth' = ${month}`,
          ),
        );
      return rows.map((row) => row.amount);
    }

    async function rows(person: Member, month?: string) {
      return database.db
        .select({ couponId: payments.couponId, amount: payments.amountCharged })
        .from(payments)
        .where(
          and(
            eq(payments.userId, person.id),
            month ? eq(payments.billingMonth, `${month}-01`) : undefined,
          ),
        );
    }

    /** What Stripe.js or the sandbox form does with the client secret: confirm a good card. */
    async function confirm(server: ServerProcess, person: Member, clientSecret: string) {
      if (fake) return fake.confirm(clientSecret).ok;
      const answer = await call(server, person, '/api/sandbox/confirm', {
        clientSecret,
        card: GOOD_CARD,
      });
      return answer.status === 200;
    }

    /** A tab opening the payment modal for `month`: the intent, or the status it was refused with. */
    async function open(
      server: ServerProcess,
      person: Member,
      month: string,
      coupon?: string,
    ): Promise<{ clientSecret: string; paymentIntentId: string } | number> {
      const opened: Answer = await call(server, person, '/api/create-payment-intent', {
        month,
        ...(coupon === undefined ? {} : { coupon }),
      });
      return opened.status === 200 ? PaymentIntentResponseSchema.parse(opened.body) : opened.status;
    }

    /** The same tab pressing Pay: the card confirmed, then the save (unless the browser dies). */
    async function pay(
      server: ServerProcess,
      person: Member,
      opened: Awaited<ReturnType<typeof open>>,
      dies = false,
    ): Promise<number> {
      if (typeof opened === 'number') return opened;
      if (!(await confirm(server, person, opened.clientSecret))) return 402;
      if (dies) return 0;
      return (
        await call(server, person, '/api/save/transaction', {
          transaction: { transactionId: opened.paymentIntentId },
        })
      ).status;
    }

    /** A tab doing it all at once. */
    const tab = async (
      server: ServerProcess,
      person: Member,
      month: string,
      options: { coupon?: string; dies?: boolean } = {},
    ) => pay(server, person, await open(server, person, month, options.coupon), options.dies);

    it('the same member and month from two tabs, one on each server: one charge and one row, 36 rounds', async () => {
      const [a, b] = servers;
      if (!a || !b) throw new Error('servers missing');
      const members = await Promise.all(
        ['A-101', 'A-202', 'A-301', 'A-404', 'A-502', 'A-603'].map(member),
      );
      let round = 0;
      for (const person of members) {
        for (const month of MONTHS.slice(0, 6)) {
          const kind = round % 4;
          round += 1;
          let outcomes: number[];
          if (kind === 3) {
            // Both tabs open the modal, one applies a coupon (its payment replaces the other's),
            // then both press Pay: the replaced payment must not go through.
            const coupon = await newCoupon(10);
            const plain = await open(a, person, month);
            const discounted = await open(b, person, month, coupon);
            outcomes = await Promise.all([pay(a, person, plain), pay(b, person, discounted)]);
          } else {
            // 0: both tabs pay at once; 1: one tab's browser dies after its card went through;
            // 2: one tab applies a coupon while the other pays without it, all at once.
            const coupon = kind === 2 ? await newCoupon(10) : undefined;
            outcomes = await Promise.all([
              tab(a, person, month, { dies: kind === 1, coupon }),
              tab(b, person, month),
            ]);
          }
          // The tenant comes back: the month is paid, or (both tabs lost to each other's
          // change) is paid now.
          const back = await tab(kind === 1 ? a : b, person, month);
          expect(
            [200, 409],
            `round ${round} ${kind}: ${outcomes.join(',')} then ${back}`,
          ).toContain(back);
          const charged = await charges(person, month);
          expect(
            charged,
            `round ${round} (${kind}): ${outcomes.join(',')} then ${back}`,
          ).toHaveLength(1);
          expect(await rows(person, month)).toHaveLength(1);
        }
      }
      expect(round).toBe(36);
      if (!fake) {
        const refunds = await database.db
          .select({ id: sandboxIntents.id })
          .from(sandboxIntents)
          .where(sql`${sandboxIntents.refundedAt} is not null`);
        expect(refunds, 'nothing needed refunding').toEqual([]);
      } else {
        expect(fake.refunds.size, 'nothing needed refunding').toBe(0);
      }
    }, 180_000);

    it('one coupon applied to two months at once on two servers: used once, refused before any charge, 10 rounds', async () => {
      const [a, b] = servers;
      if (!a || !b) throw new Error('servers missing');
      const members = await Promise.all(['B-102', 'B-203'].map(member));
      let round = 0;
      for (const person of members) {
        for (let pair = 0; pair < 5; pair += 1) {
          round += 1;
          const code = await newCoupon(20);
          // Two months nobody paid yet, the coupon typed for both at once.
          const [x = '', y = ''] = MONTHS.slice(pair * 2, pair * 2 + 2);
          const outcomes = await Promise.all([
            tab(a, person, x, { coupon: code }),
            tab(b, person, y, { coupon: code }),
          ]);
          const [couponRow] = await database.db
            .select({ id: coupons.id })
            .from(coupons)
            .where(eq(coupons.code, code));
          const used = (await rows(person)).filter((row) => row.couponId === couponRow?.id);
          expect(used, `round ${round}: ${outcomes.join(',')}`).toHaveLength(1);
          // Every discounted charge was recorded: the loser got its 409 before paying.
          const discounted = [...(await charges(person, x)), ...(await charges(person, y))].filter(
            (amount) => amount < person.rent * 100,
          );
          expect(discounted, `round ${round}: ${outcomes.join(',')}`).toHaveLength(1);
          expect(outcomes.filter((status) => status === 200)).toHaveLength(1);
          expect(outcomes.filter((status) => status === 409)).toHaveLength(1);
        }
      }
      expect(round).toBe(10);
    }, 180_000);
  });
}
