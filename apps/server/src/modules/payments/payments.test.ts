import {
  ErrorResponseSchema,
  InsertedResponseSchema,
  MONTH_NAMES,
  PaymentIntentResponseSchema,
  RentLedgerSchema,
  SaveTransactionResponseSchema,
  TransactionListResponseSchema,
} from '@structomate/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, loginAs, type Session, type TestApp } from '../../../test/build';
import { newPerson, type Person } from '../../../test/people';
import { apartments, coupons, payments } from '../../db/schema';

let t: TestApp;
let member: Session;
beforeAll(async () => {
  t = await buildTestApp({ demo: true });
  member = await loginAs(t.app, 'member');
});
afterAll(() => t.close());

const now = new Date();
const thisMonth = now.toISOString().slice(0, 7);
const monthName = MONTH_NAMES[now.getUTCMonth()] ?? 'January';
const nextMonthKey = (() => {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return d.toISOString().slice(0, 7);
})();
const lastMonthKey = (() => {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return d.toISOString().slice(0, 7);
})();

const good = {
  number: '4242 4242 4242 4242',
  expMonth: 12,
  expYear: now.getUTCFullYear() + 2,
  cvc: '123',
  postalCode: '12345',
};

type Payer = Pick<Session, 'inject'>;

const intent = (payer: Payer, body: Record<string, unknown>) =>
  payer.inject({ method: 'POST', url: '/api/create-payment-intent', payload: body });

const confirm = (payer: Payer, clientSecret: string, card: Record<string, unknown> = good) =>
  payer.inject({ method: 'POST', url: '/api/sandbox/confirm', payload: { clientSecret, card } });

const save = (payer: Payer, transactionId: string, extra: Record<string, unknown> = {}) =>
  payer.inject({
    method: 'POST',
    url: '/api/save/transaction',
    payload: { transaction: { transactionId, ...extra } },
  });

const message = (response: { json(): unknown }) =>
  ErrorResponseSchema.parse(response.json()).error.message;

async function paymentCount(userId: string) {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(payments)
    .where(eq(payments.userId, userId));
  return row?.n ?? 0;
}

/** A brand-new member with a lease on `apartmentNo`, accepted through the API. */
async function newMember(apartmentNo: string): Promise<Person> {
  const person = await newPerson(t.app, t.database, 'user', 'New Member');
  const [flat] = await t.database.db
    .select({ id: apartments.id })
    .from(apartments)
    .where(eq(apartments.apartmentNo, apartmentNo));
  const signed = await person.inject({
    method: 'POST',
    url: '/api/create/agreements',
    payload: { newAgreement: { apartmentDetails: { _id: flat?.id } } },
  });
  const admin = await loginAs(t.app, 'admin');
  const accepted = await admin.inject({
    method: 'POST',
    url: '/api/accept/agreements',
    payload: { agreement_id: InsertedResponseSchema.parse(signed.json()).insertedId },
  });
  expect(accepted.statusCode).toBe(200);
  return person;
}

async function addCoupon(code: string, percentage: number, validUntil: string) {
  await t.database.db
    .insert(coupons)
    .values({ code, heading: 'Test offer', description: 'Test', percentage, validUntil });
}

describe('POST /api/create-payment-intent', () => {
  it("charges the lease's rent, whatever the browser says, and reuses the open intent", async () => {
    const response = await intent(member, {
      month: monthName,
      rent: 1,
      currency: 'jpy',
      email: 'x@example.com',
    });
    expect(response.statusCode).toBe(200);
    const body = PaymentIntentResponseSchema.parse(response.json());
    expect(body).toMatchObject({
      provider: 'sandbox',
      billingMonth: thisMonth,
      rent: 48000,
      discount: 0,
      amount: 48000,
      coupon: null,
      currency: 'usd',
      amountInMinorUnits: 4_800_000,
    });
    const again = PaymentIntentResponseSchema.parse(
      (await intent(member, { month: thisMonth })).json(),
    );
    expect(again.paymentIntentId).toBe(body.paymentIntentId);
    expect(again.clientSecret).toBe(body.clientSecret);
  });

  it('refuses a month already paid, naming it, before any charge', async () => {
    const response = await intent(member, { month: lastMonthKey });
    expect(response.statusCode).toBe(409);
    expect(message(response)).toMatch(/^\w+ \d{4} is already paid\.$/);
  });

  it('refuses a month before the lease and a malformed month', async () => {
    const before = await intent(member, { month: '2024-06' });
    expect(before.statusCode).toBe(400);
    expect(message(before)).toBe(
      'Your lease starts in February 2025; June 2024 has no rent to pay.',
    );
    expect((await intent(member, { month: 'Smarch' })).statusCode).toBe(400);
    expect((await intent(member, {})).statusCode).toBe(400);
  });

  it('is for members only', async () => {
    const user = await loginAs(t.app, 'user');
    expect((await intent(user, { month: monthName })).statusCode).toBe(403);
  });
});

describe('coupons', () => {
  it('refuses unknown and expired codes with a clear message', async () => {
    const unknown = await intent(member, { month: monthName, coupon: 'NOPE' });
    expect(unknown.statusCode).toBe(400);
    expect(message(unknown)).toBe('Coupon NOPE does not exist.');
    const expired = await intent(member, { month: monthName, coupon: 'structo25' });
    expect(expired.statusCode).toBe(400);
    expect(message(expired)).toBe('Coupon STRUCTO25 expired on February 5, 2025.');
  });

  it('takes a valid code in any case, shows the discount, and can be changed before paying', async () => {
    await addCoupon('SAVE10', 10, '2099-12-31');
    const person = await newMember('A-701');
    const plain = PaymentIntentResponseSchema.parse(
      (await intent(person, { month: monthName })).json(),
    );
    const discounted = PaymentIntentResponseSchema.parse(
      (await intent(person, { month: monthName, coupon: 'save10' })).json(),
    );
    expect(discounted).toMatchObject({
      paymentIntentId: plain.paymentIntentId,
      rent: 61000,
      discount: 6100,
      amount: 54900,
      amountInMinorUnits: 5_490_000,
      coupon: { code: 'SAVE10', percentage: 10 },
    });
    const removed = PaymentIntentResponseSchema.parse(
      (await intent(person, { month: monthName, coupon: '' })).json(),
    );
    expect(removed).toMatchObject({ paymentIntentId: plain.paymentIntentId, amount: 61000 });
  });

  it('applies to one payment per member', async () => {
    await addCoupon('ONCE20', 20, '2099-12-31');
    const person = await newMember('B-504');
    const first = PaymentIntentResponseSchema.parse(
      (await intent(person, { month: monthName, coupon: 'ONCE20' })).json(),
    );
    // While this month's payment holds it, another month cannot take it too.
    const elsewhere = await intent(person, { month: nextMonthKey, coupon: 'ONCE20' });
    expect(elsewhere.statusCode).toBe(409);
    expect((await confirm(person, first.clientSecret)).statusCode).toBe(200);
    const saved = SaveTransactionResponseSchema.parse(
      (await save(person, first.paymentIntentId)).json(),
    );
    expect(saved.transaction).toMatchObject({
      discount: 7300,
      amount: 29_200,
      couponCode: 'ONCE20',
    });
    const second = await intent(person, { month: nextMonthKey, coupon: 'once20' });
    expect(second.statusCode).toBe(409);
    expect(message(second)).toBe('You have already used coupon ONCE20.');
  });
});

describe('paying in the sandbox', () => {
  it('4242 succeeds; saving records it once, and the history and ledger show it', async () => {
    const person = await newMember('B-601');
    const opened = PaymentIntentResponseSchema.parse(
      (await intent(person, { month: monthName })).json(),
    );
    const confirmed = await confirm(person, opened.clientSecret);
    expect(confirmed.statusCode).toBe(200);
    const first = await save(person, opened.paymentIntentId, { rent: 1, month: 'January' });
    expect(first.statusCode).toBe(200);
    const saved = SaveTransactionResponseSchema.parse(first.json());
    expect(saved.transaction).toMatchObject({
      transactionId: opened.paymentIntentId,
      userId: person.id,
      billingMonth: thisMonth,
      rent: 67_500,
      amount: 67_500,
      discount: 0,
      apartmentNo: 'B-601',
    });
    const second = SaveTransactionResponseSchema.parse(
      (await save(person, opened.paymentIntentId)).json(),
    );
    expect(second.insertedId).toBe(saved.insertedId);
    expect(await paymentCount(person.id)).toBe(1);

    const history = TransactionListResponseSchema.parse(
      (await person.inject({ method: 'POST', url: '/api/get/transactions' })).json(),
    );
    expect(history.map((p) => p.transactionId)).toEqual([opened.paymentIntentId]);
    const ledger = RentLedgerSchema.parse(
      (await person.inject({ method: 'POST', url: '/api/rent/ledger' })).json(),
    );
    expect(ledger.leaseStart).toBe(thisMonth);
    expect(ledger.months[0]).toMatchObject({
      billingMonth: thisMonth,
      status: 'paid',
      amount: 67_500,
    });
    expect(ledger.owedMonths).toBe(0);

    // The month is paid now: no second charge.
    expect((await intent(person, { month: monthName })).statusCode).toBe(409);
  });

  it.each([
    ['4000 0000 0000 0002', 'Your card was declined.'],
    ['4000 0000 0000 9995', 'Your card has insufficient funds.'],
    ['4000 0000 0000 0069', 'Your card has expired.'],
    ['4000 0000 0000 0127', "Your card's security code is incorrect."],
    ['4242 4242 4242 4241', 'Your card number is invalid.'],
  ])('%s: 402 "%s", and nothing is recorded', async (number, text) => {
    const opened = PaymentIntentResponseSchema.parse(
      (await intent(member, { month: monthName })).json(),
    );
    const response = await confirm(member, opened.clientSecret, { ...good, number });
    expect(response.statusCode).toBe(402);
    expect(message(response)).toBe(text);
    const before = await paymentCount(member.user._id);
    const saving = await save(member, opened.paymentIntentId);
    expect(saving.statusCode).toBe(402);
    expect(await paymentCount(member.user._id)).toBe(before);
  });

  it("refuses someone else's payment", async () => {
    const opened = PaymentIntentResponseSchema.parse(
      (await intent(member, { month: monthName })).json(),
    );
    const other = await newMember('C-801');
    expect((await confirm(other, opened.clientSecret)).statusCode).toBe(403);
    expect((await save(other, opened.paymentIntentId)).statusCode).toBe(403);
    const peek = await member.inject({
      method: 'POST',
      url: '/api/get/transactions',
      payload: { email: 'user@structo.com' },
    });
    expect(peek.statusCode).toBe(403);
  });

  it('the demo member has paid every past month; this month is due', async () => {
    const ledger = RentLedgerSchema.parse(
      (await member.inject({ method: 'POST', url: '/api/rent/ledger' })).json(),
    );
    expect(ledger.leaseStart).toBe('2025-02');
    expect(ledger.months.find((m) => m.billingMonth === lastMonthKey)?.status).toBe('paid');
    expect(ledger.months.find((m) => m.billingMonth === thisMonth)?.status).toBe('due');
    expect(ledger.owedMonths).toBe(1);
    expect(ledger.owedAmount).toBe(48_000);
  });
});
