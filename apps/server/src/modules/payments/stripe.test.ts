import {
  ErrorResponseSchema,
  MONTH_NAMES,
  PaymentIntentResponseSchema,
  SaveTransactionResponseSchema,
  SiteConfigSchema,
} from '@structomate/contract';
import { count, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, loginAs, type Session, type TestApp } from '../../../test/build';
import { startFakeStripe, type FakeIntent, type FakeStripe } from '../../../test/fake-stripe';
import { payments, stripeEvents } from '../../db/schema';

const WEBHOOK_SECRET = 'whsec_test_secret_for_the_fake';
let fake: FakeStripe;
let t: TestApp;
let member: Session;
const signer = new Stripe('sk_test_signing_only');

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await buildTestApp({
    demo: true,
    config: {
      payments: {
        currency: 'usd',
        stripe: {
          secretKey: 'sk_test_fake',
          publishableKey: 'pk_test_fake',
          webhookSecret: WEBHOOK_SECRET,
          apiUrl: fake.url,
        },
      },
    },
  });
  member = await loginAs(t.app, 'member');
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const monthName = MONTH_NAMES[new Date().getUTCMonth()] ?? 'January';

async function openIntent() {
  const response = await member.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    payload: { month: monthName, rent: 5 },
  });
  expect(response.statusCode).toBe(200);
  return PaymentIntentResponseSchema.parse(response.json());
}

function webhook(
  intent: FakeIntent,
  options: { id?: string; tamper?: boolean; timestamp?: number } = {},
) {
  const payload = JSON.stringify({
    id: options.id ?? `evt_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    type: 'payment_intent.succeeded',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    data: { object: intent },
    livemode: false,
  });
  const header = signer.webhooks.generateTestHeaderString({
    payload,
    secret: WEBHOOK_SECRET,
    ...(options.timestamp ? { timestamp: options.timestamp } : {}),
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: { 'stripe-signature': header, 'content-type': 'application/json' },
    payload: options.tamper ? payload.replace('"amount":', '"amount":1') : payload,
  });
}

async function paymentRows(transactionId: string) {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(payments)
    .where(eq(payments.transactionId, transactionId));
  return row?.n ?? 0;
}

const save = (transactionId: string) =>
  member.inject({
    method: 'POST',
    url: '/api/save/transaction',
    payload: { transaction: { transactionId, rent: 1 } },
  });

describe('the Stripe adapter (against a fake Stripe API)', () => {
  it('tells the browser to use Stripe, with the publishable key', async () => {
    const site = SiteConfigSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/site' })).json(),
    );
    expect(site.payments).toEqual({
      provider: 'stripe',
      publishableKey: 'pk_test_fake',
      currency: 'usd',
    });
  });

  it("creates the intent for the server's amount with an idempotency key, and reuses it", async () => {
    const opened = await openIntent();
    const intent = fake.intents.get(opened.paymentIntentId);
    expect(intent).toMatchObject({
      amount: 4_800_000,
      currency: 'usd',
      metadata: { userId: member.user._id, billingMonth: opened.billingMonth },
    });
    expect(opened.clientSecret).toBe(intent?.client_secret);
    const creates = fake.requests.filter(
      (r) => r.method === 'POST' && r.path === '/v1/payment_intents',
    );
    expect(creates.every((r) => r.idempotencyKey?.startsWith('intent:'))).toBe(true);
    const before = creates.length;
    const again = await openIntent();
    expect(again.paymentIntentId).toBe(opened.paymentIntentId);
    expect(
      fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents').length,
    ).toBe(before);
  });

  it('records nothing while Stripe has not confirmed (a declined card)', async () => {
    const opened = await openIntent();
    fake.decline(opened.paymentIntentId);
    const response = await save(opened.paymentIntentId);
    expect(response.statusCode).toBe(402);
    expect(await paymentRows(opened.paymentIntentId)).toBe(0);
  });

  it('refuses a confirmed payment whose amount is not what we asked for', async () => {
    const opened = await openIntent();
    fake.succeed(opened.paymentIntentId, { amount: 100 });
    const response = await save(opened.paymentIntentId);
    expect(response.statusCode).toBe(409);
    expect(await paymentRows(opened.paymentIntentId)).toBe(0);
    fake.decline(opened.paymentIntentId);
    fake.intents.get(opened.paymentIntentId)!.amount = 4_800_000;
  });

  it('refuses tampered and stale webhook signatures, changing nothing', async () => {
    const opened = await openIntent();
    const intent = fake.succeed(opened.paymentIntentId);
    const tampered = await webhook(intent, { tamper: true });
    expect(tampered.statusCode).toBe(400);
    expect(ErrorResponseSchema.parse(tampered.json()).error.message).toBe(
      'The Stripe signature does not verify',
    );
    const stale = await webhook(intent, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect(stale.statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ type: 'payment_intent.succeeded', data: { object: intent } }),
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await paymentRows(opened.paymentIntentId)).toBe(0);
    fake.decline(opened.paymentIntentId);
  });

  it('webhook and browser racing, and the same event twice, make one row', async () => {
    const opened = await openIntent();
    const intent = fake.succeed(opened.paymentIntentId);
    const eventId = `evt_race_${Date.now()}`;
    const results = await Promise.all([
      webhook(intent, { id: eventId }),
      save(opened.paymentIntentId),
      webhook(intent, { id: eventId }),
      save(opened.paymentIntentId),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await paymentRows(opened.paymentIntentId)).toBe(1);
    const [events] = await t.database.db
      .select({ n: count() })
      .from(stripeEvents)
      .where(eq(stripeEvents.id, eventId));
    expect(events?.n).toBe(1);
    const saved = SaveTransactionResponseSchema.parse((await save(opened.paymentIntentId)).json());
    expect(saved.transaction).toMatchObject({ rent: 48_000, amount: 48_000, provider: 'stripe' });
    // Paid: no new charge is even asked of Stripe.
    const creates = fake.requests.length;
    const again = await member.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: { month: monthName },
    });
    expect(again.statusCode).toBe(409);
    expect(fake.requests.length).toBe(creates);
  });

  it('has no sandbox confirmation when Stripe takes the cards', async () => {
    const response = await member.inject({
      method: 'POST',
      url: '/api/sandbox/confirm',
      payload: {
        clientSecret: 'pi_x_secret_y',
        card: {
          number: '4242424242424242',
          expMonth: 1,
          expYear: 2099,
          cvc: '123',
          postalCode: '12345',
        },
      },
    });
    expect(response.statusCode).toBe(404);
  });
});
