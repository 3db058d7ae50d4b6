import {
  ErrorResponseSchema,
  SaveTransactionResponseSchema,
  SiteConfigSchema,
  type PaymentIntentResponse,
} from '@structomate/contract';
import { count, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, loginAs, type Session, type TestApp } from '../../../test/build';
import { startFakeStripe, type FakeIntent, type FakeStripe } from '../../../test/fake-stripe';
import {
  addCoupon,
  errorMessage,
  intentFor,
  newMember,
  openIntent,
  paymentRows,
  saveTransaction,
} from '../../../test/payments';
import { auditLog, intentsToSettle, paymentIntents, payments, stripeEvents } from '../../db/schema';
import { settleListedIntentsJob } from '../../plugins/maintenance';
import { runScheduledJob } from '../../../test/jobs';
import { FakeClock } from '../../lib/clock';

const WEBHOOK_SECRET = 'whsec_test_secret_for_the_fake';
const clock = new FakeClock('2026-11-23T10:00:00+06:00');
let fake: FakeStripe;
let t: TestApp;
let member: Session;
const signer = new Stripe('sk_test_signing_only');

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await buildTestApp({
    demo: true,
    clock,
    config: {
      payments: {
        provider: 'stripe',
        currency: 'bdt',
        rate: null,
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
beforeEach(() => fake.failNext(0));

let eventSerial = 0;
function webhook(
  object: object,
  options: { id?: string; type?: string; tamper?: boolean; timestamp?: number } = {},
) {
  const payload = JSON.stringify({
    id: options.id ?? `evt_${(eventSerial += 1)}_${Date.now()}`,
    object: 'event',
    type: options.type ?? 'payment_intent.succeeded',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    data: { object },
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

async function rowsFor(transactionId: string) {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(payments)
    .where(eq(payments.transactionId, transactionId));
  return row?.n ?? 0;
}

async function intentStatus(id: string) {
  const [row] = await t.database.db
    .select({ status: paymentIntents.status })
    .from(paymentIntents)
    .where(eq(paymentIntents.id, id));
  return row?.status;
}

const fakeIntent = (opened: PaymentIntentResponse): FakeIntent => {
  const intent = fake.intents.get(opened.paymentIntentId);
  if (!intent) throw new Error('the fake has no such intent');
  return intent;
};

const creates = () =>
  fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents').length;

describe('the Stripe adapter (against a fake Stripe API)', () => {
  it('tells the browser to use Stripe, with the publishable key and the currency', async () => {
    const site = SiteConfigSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/site' })).json(),
    );
    expect(site.payments).toEqual({
      provider: 'stripe',
      publishableKey: 'pk_test_fake',
      currency: 'bdt',
      rate: null,
    });
  });

  it('asks Stripe for the rent in poisha, with an idempotency key, and reuses the intent', async () => {
    const opened = await intentFor(member, { month: '2026-11', rent: 5 });
    expect(fakeIntent(opened)).toMatchObject({
      amount: 4_800_000,
      currency: 'bdt',
      metadata: { userId: member.user._id, billingMonth: '2026-11' },
    });
    expect(opened.clientSecret).toBe(fakeIntent(opened).client_secret);
    const keys = fake.requests.filter((r) => r.path === '/v1/payment_intents');
    expect(keys.every((r) => r.idempotencyKey?.startsWith('rent:'))).toBe(true);
    const before = creates();
    const again = await intentFor(member, { month: '2026-11' });
    expect(again.paymentIntentId).toBe(opened.paymentIntentId);
    expect(creates()).toBe(before);
  });

  it('records nothing while Stripe has not confirmed (a declined card)', async () => {
    const opened = await intentFor(member, { month: '2026-11' });
    fake.decline(opened.paymentIntentId);
    const response = await saveTransaction(member, opened.paymentIntentId);
    expect(response.statusCode).toBe(402);
    expect(await rowsFor(opened.paymentIntentId)).toBe(0);
  });

  it('a coupon change cancels the old intent at Stripe before a new one is opened', async () => {
    await addCoupon(t, 'STRIPE10', 10, '2099-12-31');
    const person = await newMember(t, 'A-101');
    const plain = await intentFor(person, { month: '2026-11' });
    const discounted = await intentFor(person, { month: '2026-11', coupon: 'stripe10' });
    expect(discounted.paymentIntentId).not.toBe(plain.paymentIntentId);
    expect(fakeIntent(plain).status).toBe('canceled');
    expect(fakeIntent(discounted)).toMatchObject({
      amount: 1_665_000,
      status: 'requires_payment_method',
    });
    // Stripe.js with the old secret is refused by Stripe: one tab cannot pay a replaced intent.
    expect(fake.confirm(plain.clientSecret).ok).toBe(false);
  });

  it('a charge that went through while the browser was away is settled, not charged again', async () => {
    const person = await newMember(t, 'A-202');
    const opened = await intentFor(person, { month: '2026-11' });
    expect(fake.confirm(opened.clientSecret).ok).toBe(true);
    const before = creates();
    const again = await openIntent(person, { month: '2026-11' });
    expect(again.statusCode).toBe(409);
    expect(errorMessage(again)).toBe('November 2026 is already paid.');
    expect(creates()).toBe(before);
    expect(await rowsFor(opened.paymentIntentId)).toBe(1);
    expect(fake.charges(person.id, '2026-11')).toHaveLength(1);
  });

  it('a payment still processing blocks a new one with 409 until Stripe decides', async () => {
    const person = await newMember(t, 'A-301');
    const opened = await intentFor(person, { month: '2026-11' });
    fakeIntent(opened).status = 'processing';
    const response = await openIntent(person, { month: '2026-11' });
    expect(response.statusCode).toBe(409);
    expect(errorMessage(response)).toBe(
      'Your payment for November 2026 is still being processed. It will show here once it goes through.',
    );
    expect(await intentStatus(opened.paymentIntentId)).toBe('processing');
    fake.succeed(opened.paymentIntentId);
    const saved = await saveTransaction(person, opened.paymentIntentId);
    expect(saved.statusCode).toBe(200);
  });

  it('refuses a confirmed payment whose amount is not what we asked for', async () => {
    const person = await newMember(t, 'A-404');
    const opened = await intentFor(person, { month: '2026-11' });
    fake.succeed(opened.paymentIntentId, { amount: 100 });
    const response = await saveTransaction(person, opened.paymentIntentId);
    expect(response.statusCode).toBe(409);
    expect(errorMessage(response)).toBe('The confirmed payment does not match this rent payment.');
    expect(await rowsFor(opened.paymentIntentId)).toBe(0);
  });

  it('a Stripe outage is a 5xx the browser may retry, and changes nothing', async () => {
    const person = await newMember(t, 'A-502');
    const opened = await intentFor(person, { month: '2026-11' });
    fake.succeed(opened.paymentIntentId);
    fake.failNext(10);
    const response = await saveTransaction(person, opened.paymentIntentId);
    expect(response.statusCode).toBe(500);
    expect(await rowsFor(opened.paymentIntentId)).toBe(0);
    fake.failNext(0);
    expect((await saveTransaction(person, opened.paymentIntentId)).statusCode).toBe(200);
  });
});

describe('POST /api/stripe/webhook', () => {
  it('400 only for a bad signature: tampered, stale or missing, changing nothing', async () => {
    const person = await newMember(t, 'A-603');
    const opened = await intentFor(person, { month: '2026-11' });
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
    expect(await rowsFor(opened.paymentIntentId)).toBe(0);
  });

  it('2xx for an event handled, handled again, about an intent not ours, or of no interest', async () => {
    const person = await newMember(t, 'A-701');
    const opened = await intentFor(person, { month: '2026-11' });
    const intent = fake.succeed(opened.paymentIntentId);
    const eventId = `evt_twice_${Date.now()}`;
    expect((await webhook(intent, { id: eventId })).statusCode).toBe(200);
    expect((await webhook(intent, { id: eventId })).statusCode).toBe(200);
    expect(await rowsFor(opened.paymentIntentId)).toBe(1);
    const notOurs = { ...intent, id: 'pi_from_another_system' };
    expect((await webhook(notOurs)).statusCode).toBe(200);
    const customer = { id: 'cus_1', object: 'customer' };
    expect((await webhook(customer, { type: 'customer.created' })).statusCode).toBe(200);
    const [events] = await t.database.db
      .select({ n: count() })
      .from(stripeEvents)
      .where(eq(stripeEvents.id, eventId));
    expect(events?.n).toBe(1);
  });

  it('2xx for events that can never be applied (they would otherwise be retried for days)', async () => {
    const person = await newMember(t, 'A-801');
    const opened = await intentFor(person, { month: '2026-11' });
    const wrongAmount = fake.succeed(opened.paymentIntentId, { amount: 100 });
    expect((await webhook(wrongAmount)).statusCode).toBe(200);
    expect(await rowsFor(opened.paymentIntentId)).toBe(0);
  });

  it('a second charge for a paid month, reported by webhook, is refunded and answered 200', async () => {
    const person = await newMember(t, 'B-102');
    const first = await intentFor(person, { month: '2026-11' });
    expect(fake.confirm(first.clientSecret).ok).toBe(true);
    expect((await saveTransaction(person, first.paymentIntentId)).statusCode).toBe(200);
    // A second, stray intent for the same month succeeds at Stripe (made outside our flow).
    const [lease] = await t.database.db
      .select({ agreementId: paymentIntents.agreementId })
      .from(paymentIntents)
      .where(eq(paymentIntents.id, first.paymentIntentId));
    await t.database.db.insert(paymentIntents).values({
      id: 'pi_fake_stray',
      provider: 'stripe',
      userId: person.id,
      agreementId: lease?.agreementId ?? '',
      billingMonth: '2026-11-01',
      rent: 21_000,
      amount: 2_100_000,
      currency: 'bdt',
      status: 'canceled',
    });
    const stray: FakeIntent = {
      ...fakeIntent(first),
      id: 'pi_fake_stray',
      client_secret: 'pi_fake_stray_secret',
    };
    fake.intents.set(stray.id, stray);
    expect((await webhook(stray)).statusCode).toBe(200);
    expect(fake.refunds.get('pi_fake_stray')).toBe(1);
    expect(await intentStatus('pi_fake_stray')).toBe('refunded');
    expect(await paymentRows(t, person.id, '2026-11')).toBe(1);
    // Redelivered: still 200, still one refund.
    expect((await webhook(stray)).statusCode).toBe(200);
    expect(fake.refunds.get('pi_fake_stray')).toBe(1);
  });

  it('a processing event marks the payment; a canceled one closes it', async () => {
    const person = await newMember(t, 'B-203');
    const opened = await intentFor(person, { month: '2026-11' });
    const intent = fakeIntent(opened);
    intent.status = 'processing';
    expect((await webhook(intent, { type: 'payment_intent.processing' })).statusCode).toBe(200);
    expect(await intentStatus(opened.paymentIntentId)).toBe('processing');
    intent.status = 'canceled';
    expect((await webhook(intent, { type: 'payment_intent.canceled' })).statusCode).toBe(200);
    expect(await intentStatus(opened.paymentIntentId)).toBe('canceled');
    // A fresh payment can be opened now.
    expect((await intentFor(person, { month: '2026-11' })).paymentIntentId).not.toBe(
      opened.paymentIntentId,
    );
  });

  it('5xx only when trying later can help: Stripe unreachable while checking an event', async () => {
    const person = await newMember(t, 'B-301');
    const opened = await intentFor(person, { month: '2026-11' });
    const intent = fakeIntent(opened);
    intent.status = 'processing';
    fake.failNext(10);
    const response = await webhook(intent, { type: 'payment_intent.processing' });
    expect(response.statusCode).toBe(500);
    fake.failNext(0);
    expect((await webhook(intent, { type: 'payment_intent.processing' })).statusCode).toBe(200);
  });
});

describe('racing deliveries', () => {
  it('webhook and browser at once, twice each, make one payment row', async () => {
    const person = await newMember(t, 'B-601');
    const opened = await intentFor(person, { month: '2026-11' });
    const intent = fake.succeed(opened.paymentIntentId);
    const eventId = `evt_race_${Date.now()}`;
    const results = await Promise.all([
      webhook(intent, { id: eventId }),
      saveTransaction(person, opened.paymentIntentId),
      webhook(intent, { id: eventId }),
      saveTransaction(person, opened.paymentIntentId),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await rowsFor(opened.paymentIntentId)).toBe(1);
    const saved = SaveTransactionResponseSchema.parse(
      (await saveTransaction(person, opened.paymentIntentId)).json(),
    );
    expect(saved.transaction).toMatchObject({
      rent: 67_500,
      amount: 67_500,
      provider: 'stripe',
      currency: 'bdt',
      amountInMinorUnits: 6_750_000,
    });
    // Paid: no new charge is even asked of Stripe.
    const before = fake.requests.length;
    expect((await openIntent(person, { month: '2026-11' })).statusCode).toBe(409);
    expect(fake.requests.length).toBe(before);
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

describe('intents closed in our books without asking Stripe (the 0003 migration)', () => {
  /** Closes an open intent as the migration does: canceled here, listed for maintenance. */
  async function closeAsTheMigrationDid(id: string) {
    await t.database.db
      .update(paymentIntents)
      .set({ status: 'canceled' })
      .where(eq(paymentIntents.id, id));
    await t.database.db.insert(intentsToSettle).values({ intentId: id, reason: 'test' });
  }
  const listed = async () =>
    (await t.database.db.select().from(intentsToSettle)).map((row) => row.intentId);

  it('are canceled at Stripe by maintenance when still open, and stay listed through an outage', async () => {
    const person = await newMember(t, 'C-101');
    const opened = await intentFor(person, { month: '2026-11' });
    await closeAsTheMigrationDid(opened.paymentIntentId);
    fake.failNext(5);
    await runScheduledJob(t.app, settleListedIntentsJob);
    expect(await listed()).toContain(opened.paymentIntentId);
    fake.failNext(0);
    await runScheduledJob(t.app, settleListedIntentsJob);
    expect(await listed()).not.toContain(opened.paymentIntentId);
    expect(fake.intents.get(opened.paymentIntentId)?.status).toBe('canceled');
    const [settled] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subjectId, opened.paymentIntentId));
    expect(settled).toMatchObject({ action: 'payment.settled', actorId: null });
    expect(settled?.summary).toBe(
      'Settled with stripe a charge for November 2026 closed here without its word: canceled',
    );
    expect(fake.confirm(opened.clientSecret).ok).toBe(false);
  });

  it('a second charge made through one of them is refunded; a first one is recorded', async () => {
    const person = await newMember(t, 'B-504');
    // The old code's double charge: the month recorded by one intent, another one charged too.
    const stray = await intentFor(person, { month: '2026-11' });
    expect(fake.confirm(stray.clientSecret).ok).toBe(true);
    await closeAsTheMigrationDid(stray.paymentIntentId);
    const paid = await intentFor(person, { month: '2026-11' });
    expect(paid.paymentIntentId).not.toBe(stray.paymentIntentId);
    expect(fake.confirm(paid.clientSecret).ok).toBe(true);
    expect((await saveTransaction(person, paid.paymentIntentId)).statusCode).toBe(200);
    // A charge for December, closed by the migration but made by a tab still open: recorded.
    const december = await intentFor(person, { month: '2026-12' });
    await closeAsTheMigrationDid(december.paymentIntentId);
    expect(fake.confirm(december.clientSecret).ok).toBe(true);

    await runScheduledJob(t.app, settleListedIntentsJob);
    expect(fake.refunds.get(stray.paymentIntentId)).toBe(1);
    expect(await intentStatus(stray.paymentIntentId)).toBe('refunded');
    expect(await rowsFor(paid.paymentIntentId)).toBe(1);
    expect(await rowsFor(december.paymentIntentId)).toBe(1);
    expect(await paymentRows(t, person.id)).toBe(2);
    expect(await listed()).toEqual([]);
    await runScheduledJob(t.app, settleListedIntentsJob);
    expect(fake.refunds.get(stray.paymentIntentId)).toBe(1);
  });

  it('a charge already refunded from the Stripe dashboard counts as refunded', async () => {
    const person = await newMember(t, 'B-703');
    const stray = await intentFor(person, { month: '2026-11' });
    expect(fake.confirm(stray.clientSecret).ok).toBe(true);
    await closeAsTheMigrationDid(stray.paymentIntentId);
    const paid = await intentFor(person, { month: '2026-11' });
    expect(fake.confirm(paid.clientSecret).ok).toBe(true);
    expect((await saveTransaction(person, paid.paymentIntentId)).statusCode).toBe(200);
    fake.refundFromDashboard(stray.paymentIntentId);
    await runScheduledJob(t.app, settleListedIntentsJob);
    expect(await intentStatus(stray.paymentIntentId)).toBe('refunded');
    expect(fake.refunds.get(stray.paymentIntentId)).toBeUndefined();
    expect(await listed()).toEqual([]);
  });
});
