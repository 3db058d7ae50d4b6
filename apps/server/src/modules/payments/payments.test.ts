import { randomUUID } from 'node:crypto';
import {
  FeaturedCouponResponseSchema,
  FormerTenantBalancesResponseSchema,
  InsertedResponseSchema,
  PendingAgreementListResponseSchema,
  PaymentIntentResponseSchema,
  MemberListResponseSchema,
  SaveTransactionResponseSchema,
  TenantAccountSchema,
  TransactionListResponseSchema,
} from '@structomate/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, login, loginAs, type Session, type TestApp } from '../../../test/build';
import {
  addCoupon,
  confirmCard,
  errorMessage,
  GOOD_CARD,
  intentFor,
  ledgerOf,
  newMember,
  openIntent,
  payMonth,
  paymentRows,
  removeMember,
  sandboxCharges,
  saveTransaction,
} from '../../../test/payments';
import {
  agreements,
  apartments,
  auditLog,
  notifications,
  paymentIntents,
  payments,
  sandboxIntents,
} from '../../db/schema';
import { FakeClock } from '../../lib/clock';
import { addCharge } from './charges.service';

// "On the 23rd": the day the issue found the current month still reading "Due". Dhaka time.
const clock = new FakeClock('2026-11-23T10:00:00+06:00');
let t: TestApp;
let member: Session;
beforeAll(async () => {
  t = await buildTestApp({ demo: true, clock });
  member = await loginAs(t.app, 'member');
});
afterAll(() => t.close());
beforeEach(() => clock.set('2026-11-23T10:00:00+06:00'));

describe('POST /api/create-payment-intent', () => {
  it("charges the lease's rent in poisha, whatever the browser says, and reuses the open intent", async () => {
    const body = await intentFor(member, {
      month: 'November',
      rent: 1,
      currency: 'jpy',
      email: 'x@example.com',
    });
    expect(body).toMatchObject({
      provider: 'sandbox',
      billingMonth: '2026-11',
      monthLabel: 'November 2026',
      rent: 48_000,
      discount: 0,
      amount: 48_000,
      coupon: null,
      currency: 'bdt',
      amountInMinorUnits: 4_800_000,
      rate: null,
    });
    const again = await intentFor(member, { month: '2026-11' });
    expect(again.paymentIntentId).toBe(body.paymentIntentId);
    expect(again.clientSecret).toBe(body.clientSecret);
  });

  it('refuses a month already paid with 409, naming it, before any charge', async () => {
    const response = await openIntent(member, { month: '2026-10' });
    expect(response.statusCode).toBe(409);
    expect(errorMessage(response)).toBe('October 2026 is already paid.');
  });

  it('refuses months outside the lease and malformed months with 400, changing nothing', async () => {
    const before = await t.database.db.select().from(paymentIntents);
    const early = await openIntent(member, { month: '2024-06' });
    expect(early.statusCode).toBe(400);
    expect(errorMessage(early)).toBe(
      'Your lease starts in February 2025; June 2024 has no rent to pay.',
    );
    // Up to 11 months ahead: October 2027 may be paid now, November 2027 not yet.
    expect((await openIntent(member, { month: '2027-10' })).statusCode).toBe(200);
    const far = await openIntent(member, { month: '2027-11' });
    expect(far.statusCode).toBe(400);
    expect(errorMessage(far)).toBe('November 2027 is too far ahead to pay now.');
    for (const month of ['Smarch', '2026-13', '26-11', '', 11]) {
      expect((await openIntent(member, { month })).statusCode, String(month)).toBe(400);
    }
    expect((await openIntent(member, {})).statusCode).toBe(400);
    expect((await openIntent(member, { month: '2026-11', extra: 1 })).statusCode).toBe(400);
    const after = await t.database.db.select().from(paymentIntents);
    expect(after.length).toBe(before.length + 1);
  });

  it('refuses the admin (403) and a user who never rented (409: nothing to pay)', async () => {
    const admin = await loginAs(t.app, 'admin');
    expect((await openIntent(admin, { month: '2026-11' })).statusCode).toBe(403);
    const user = await loginAs(t.app, 'user');
    const response = await openIntent(user, { month: '2026-11' });
    expect(response.statusCode).toBe(409);
    expect(errorMessage(response)).toBe('You have no rent to pay: you hold no lease here.');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/create-payment-intent',
          payload: { month: '2026-11' },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('one charge per member and month', () => {
  it('a card charged while the browser was away is recorded, not charged again (409 names the month)', async () => {
    const person = await newMember(t, 'A-202');
    const first = await intentFor(person, { month: '2026-11' });
    expect((await confirmCard(person, first.clientSecret)).statusCode).toBe(200);
    // The browser dies here, before /save/transaction. The tenant comes back and asks again:
    const again = await openIntent(person, { month: '2026-11' });
    expect(again.statusCode).toBe(409);
    expect(errorMessage(again)).toBe('November 2026 is already paid.');
    expect(await paymentRows(t, person.id, '2026-11')).toBe(1);
    expect(await sandboxCharges(t, person.id, '2026-11')).toHaveLength(1);
    // The late save finds the payment recorded.
    const saved = await saveTransaction(person, first.paymentIntentId);
    expect(saved.statusCode).toBe(200);
    expect(await paymentRows(t, person.id, '2026-11')).toBe(1);
  });

  it('two tabs paying one month at once: one charge, one payment row', async () => {
    const person = await newMember(t, 'A-301');
    // Each tab opens, confirms and saves; a tab that finds the month paid stops with a 409.
    const tab = async () => {
      const response = await openIntent(person, { month: '2026-11' });
      if (response.statusCode !== 200) return response.statusCode;
      const opened = PaymentIntentResponseSchema.parse(response.json());
      const confirmed = await confirmCard(person, opened.clientSecret);
      if (confirmed.statusCode !== 200) return confirmed.statusCode;
      return (await saveTransaction(person, opened.paymentIntentId)).statusCode;
    };
    const outcomes = await Promise.all([tab(), tab(), tab(), tab()]);
    expect(outcomes).toContain(200);
    expect(outcomes.every((status) => status === 200 || status === 409)).toBe(true);
    expect(await sandboxCharges(t, person.id, '2026-11')).toHaveLength(1);
    expect(await paymentRows(t, person.id, '2026-11')).toBe(1);
  });

  it("a tab holding a replaced payment cannot pay it: the other tab's change canceled it first", async () => {
    await addCoupon(t, 'TABS10', 10, '2099-12-31');
    const person = await newMember(t, 'A-404');
    const stale = await intentFor(person, { month: '2026-11' });
    const fresh = await intentFor(person, { month: '2026-11', coupon: 'tabs10' });
    expect(fresh.paymentIntentId).not.toBe(stale.paymentIntentId);
    const refused = await confirmCard(person, stale.clientSecret);
    expect(refused.statusCode).toBe(409);
    expect(errorMessage(refused)).toBe(
      'This payment was changed or settled after this window opened, so it can no longer be paid here. Close this window and open the payment again to see what is due.',
    );
    expect(await sandboxCharges(t, person.id, '2026-11')).toHaveLength(0);
    const [row] = await t.database.db
      .select({ status: paymentIntents.status })
      .from(paymentIntents)
      .where(eq(paymentIntents.id, stale.paymentIntentId));
    expect(row?.status).toBe('canceled');
  });

  it('a second charge for a paid month is refunded in full and never recorded (409, never 5xx)', async () => {
    const person = await newMember(t, 'A-502');
    const paid = await payMonth(person, '2026-11');
    // A second intent charged for the same month, as only a bug or a hand-made charge could do.
    const rogue = 'pi_sbx_rogue_second_charge';
    await t.database.db.insert(sandboxIntents).values({
      id: rogue,
      idempotencyKey: rogue,
      clientSecret: `${rogue}_secret`,
      amount: 5_650_000,
      currency: 'bdt',
      status: 'succeeded',
      metadata: { userId: person.id, billingMonth: '2026-11', agreementId: 'x' },
    });
    const [lease] = await t.database.db
      .select({ agreementId: paymentIntents.agreementId })
      .from(paymentIntents)
      .where(eq(paymentIntents.id, paid.paymentIntentId));
    await t.database.db.insert(paymentIntents).values({
      id: rogue,
      provider: 'sandbox',
      userId: person.id,
      agreementId: lease?.agreementId ?? '',
      billingMonth: '2026-11-01',
      rent: 56_500,
      amount: 5_650_000,
      currency: 'bdt',
      status: 'canceled',
    });
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await saveTransaction(person, rogue);
      expect(response.statusCode).toBe(409);
      expect(errorMessage(response)).toBe(
        'November 2026 was already paid, so this second charge has been refunded in full.',
      );
    }
    const [refunded] = await t.database.db
      .select({ refundedAt: sandboxIntents.refundedAt })
      .from(sandboxIntents)
      .where(eq(sandboxIntents.id, rogue));
    expect(refunded?.refundedAt).toBeInstanceOf(Date);
    expect(await paymentRows(t, person.id, '2026-11')).toBe(1);
  });
});

describe('a charge on an intent we had closed', () => {
  it("is recorded once the month's open intent is canceled with the provider, never charged twice", async () => {
    const person = await newMember(t, 'C-403');
    const open = await intentFor(person, { month: '2026-11' });
    // A charge on an older intent that our books had closed without the provider's word (as a
    // provider we could no longer reach would leave it), reported now.
    const [lease] = await t.database.db
      .select({ agreementId: paymentIntents.agreementId })
      .from(paymentIntents)
      .where(eq(paymentIntents.id, open.paymentIntentId));
    const late = 'pi_sbx_late_charge';
    await t.database.db.insert(sandboxIntents).values({
      id: late,
      idempotencyKey: late,
      clientSecret: `${late}_secret`,
      amount: 2_950_000,
      currency: 'bdt',
      status: 'succeeded',
      metadata: { userId: person.id, billingMonth: '2026-11', agreementId: 'x' },
    });
    await t.database.db.insert(paymentIntents).values({
      id: late,
      provider: 'sandbox',
      userId: person.id,
      agreementId: lease?.agreementId ?? '',
      billingMonth: '2026-11-01',
      rent: 29_500,
      amount: 2_950_000,
      currency: 'bdt',
      status: 'canceled',
    });
    const saved = await saveTransaction(person, late);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await paymentRows(t, person.id, '2026-11')).toBe(1);
    // The open one was canceled first: its card can no longer be charged.
    expect((await confirmCard(person, open.clientSecret)).statusCode).toBe(409);
    expect(await sandboxCharges(t, person.id, '2026-11')).toHaveLength(1);
  });
});

describe('coupons', () => {
  it('refuses unknown and expired codes with a clear message', async () => {
    const unknown = await openIntent(member, { month: '2026-11', coupon: 'NOPE' });
    expect(unknown.statusCode).toBe(400);
    expect(errorMessage(unknown)).toBe('Coupon NOPE does not exist.');
    const expired = await openIntent(member, { month: '2026-11', coupon: 'structo25' });
    expect(expired.statusCode).toBe(400);
    expect(errorMessage(expired)).toBe('Coupon STRUCTO25 expired on February 5, 2025.');
  });

  it('takes a code in any case, keeps it when reopened, and removes it with ""', async () => {
    await addCoupon(t, 'SAVE10', 10, '2099-12-31');
    const person = await newMember(t, 'A-701');
    const plain = await intentFor(person, { month: '2026-11' });
    const discounted = await intentFor(person, { month: '2026-11', coupon: 'save10' });
    expect(discounted).toMatchObject({
      rent: 61_000,
      discount: 6_100,
      amount: 54_900,
      amountInMinorUnits: 5_490_000,
      coupon: { code: 'SAVE10', percentage: 10 },
    });
    // Reopening the modal (no coupon field) keeps the coupon and the same payment.
    const reopened = await intentFor(person, { month: '2026-11' });
    expect(reopened.paymentIntentId).toBe(discounted.paymentIntentId);
    expect(reopened.coupon).toEqual({ code: 'SAVE10', percentage: 10 });
    const removed = await intentFor(person, { month: '2026-11', coupon: '' });
    expect(removed).toMatchObject({ amount: 61_000, coupon: null });
    expect([plain.paymentIntentId, discounted.paymentIntentId]).not.toContain(
      removed.paymentIntentId,
    );
  });

  it('is held by the payment it is applied to: another month gets a 409 at intent time, never after a charge', async () => {
    await addCoupon(t, 'ONCE20', 20, '2099-12-31');
    const person = await newMember(t, 'B-504');
    const november = await intentFor(person, { month: '2026-11', coupon: 'ONCE20' });
    const held = await openIntent(person, { month: '2026-12', coupon: 'ONCE20' });
    expect(held.statusCode).toBe(409);
    expect(errorMessage(held)).toBe(
      'Coupon ONCE20 is applied to your November 2026 payment. Remove it there to use it for December 2026.',
    );
    // November is charged, but the browser never saves: December still cannot take the coupon.
    expect((await confirmCard(person, november.clientSecret)).statusCode).toBe(200);
    const used = await openIntent(person, { month: '2026-12', coupon: 'once20' });
    expect(used.statusCode).toBe(409);
    expect(errorMessage(used)).toBe('You have already used coupon ONCE20.');
    // Settling the coupon's holder recorded November's payment along the way.
    expect(await paymentRows(t, person.id, '2026-11')).toBe(1);
    const history = TransactionListResponseSchema.parse(
      (await person.inject({ method: 'POST', url: '/api/get/transactions' })).json(),
    );
    expect(history[0]).toMatchObject({ discount: 7_300, amount: 29_200, couponCode: 'ONCE20' });
    // The audit log and the receipt name the discount beside the rent.
    const [entry] = await t.database.db
      .select({ summary: auditLog.summary })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payment.card'), eq(auditLog.actorId, person.id)));
    expect(entry?.summary).toMatch(
      /paid the rent of November 2026: 29,200 BDT by card \(sandbox\), 7,300 BDT off the rent of 36,500 BDT with a coupon$/,
    );
    const [notice] = await t.database.db
      .select({ data: notifications.data })
      .from(notifications)
      .where(and(eq(notifications.userId, person.id), eq(notifications.kind, 'receipt')));
    expect(notice?.data).toMatchObject({ amount: 29_200, rent: 36_500, discount: 7_300 });
    // December without the coupon is fine.
    expect((await intentFor(person, { month: '2026-12' })).amount).toBe(36_500);
  });

  it('is released when its payment is changed to go without it', async () => {
    await addCoupon(t, 'MOVE15', 15, '2099-12-31');
    const person = await newMember(t, 'B-601');
    await intentFor(person, { month: '2026-11', coupon: 'MOVE15' });
    await intentFor(person, { month: '2026-11', coupon: '' });
    const moved = await intentFor(person, { month: '2026-12', coupon: 'MOVE15' });
    expect(moved.coupon?.code).toBe('MOVE15');
  });

  it('follows the building calendar: a coupon valid until today works until the day ends', async () => {
    await addCoupon(t, 'LASTDAY', 5, '2026-11-30');
    const person = await newMember(t, 'B-703');
    clock.set('2026-11-30T23:30:00+06:00');
    expect((await intentFor(person, { month: '2026-11', coupon: 'lastday' })).discount).toBe(2_600);
    clock.set('2026-12-01T00:30:00+06:00');
    const expired = await openIntent(person, { month: '2026-12', coupon: 'lastday' });
    expect(errorMessage(expired)).toBe('Coupon LASTDAY expired on November 30, 2026.');
  });

  it('leaves the home page banner, and can no longer be featured, when the building’s day ends', async () => {
    const id = await addCoupon(t, 'BANNER', 5, '2026-11-30');
    const admin = await loginAs(t.app, 'admin');
    const feature = () =>
      admin.inject({ method: 'POST', url: '/api/feature/coupons', payload: { id } });
    const banner = async () =>
      FeaturedCouponResponseSchema.parse(
        (await t.app.inject({ method: 'GET', url: '/api/coupons/featured' })).json(),
      ).result?.code;
    // 23:30 in Dhaka (17:30 UTC): the coupon's last day, everywhere.
    clock.set('2026-11-30T23:30:00+06:00');
    expect((await feature()).statusCode).toBe(200);
    expect(await banner()).toBe('BANNER');
    // 00:30 in Dhaka is still November 30th in UTC: the building's day has ended, and a payment
    // would refuse the coupon, so the banner does not offer it.
    clock.set('2026-12-01T00:30:00+06:00');
    expect(await banner()).toBeUndefined();
    const late = await feature();
    expect(late.statusCode).toBe(409);
    expect(errorMessage(late)).toBe(
      'This coupon expired on 2026-11-30; an expired coupon cannot be featured.',
    );
  });

  it('removed by the admin while a payment holds it, is archived: the payment keeps it, its code stays taken', async () => {
    const id = await addCoupon(t, 'HELD12', 12, '2099-12-31');
    const person = await newMember(t, 'B-301');
    const opened = await intentFor(person, { month: '2026-11', coupon: 'HELD12' });
    const admin = await loginAs(t.app, 'admin');
    const removed = await admin.inject({
      method: 'POST',
      url: '/api/delete/coupons',
      payload: { id },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ ok: true, removal: 'archived' });
    // Reopening the payment keeps the discount it holds (the open tab could pay it anyway).
    const reopened = await intentFor(person, { month: '2026-11' });
    expect(reopened.paymentIntentId).toBe(opened.paymentIntentId);
    expect(reopened).toMatchObject({ discount: opened.discount, coupon: { code: 'HELD12' } });
    // The tab already showing the discount pays it; the payment names the coupon.
    expect((await confirmCard(person, opened.clientSecret)).statusCode).toBe(200);
    expect((await saveTransaction(person, opened.paymentIntentId)).statusCode).toBe(200);
    const [paid] = await t.database.db
      .select({ couponId: payments.couponId, discount: payments.discount })
      .from(payments)
      .where(eq(payments.transactionId, opened.paymentIntentId));
    expect(paid).toEqual({ couponId: id, discount: opened.discount });
    // Nobody can use it again, nor make a new coupon with its code.
    const again = await openIntent(person, { month: '2026-12', coupon: 'HELD12' });
    expect(errorMessage(again)).toBe('Coupon HELD12 does not exist.');
    const remade = await admin.inject({
      method: 'POST',
      url: '/api/create/coupons',
      payload: {
        newCoupon: {
          heading: 'Again',
          percentage: 12,
          description: 'Again',
          code: 'held12',
          validity: '2099-12-31',
          createDate: 'November 30, 2026',
        },
      },
    });
    expect(remade.statusCode).toBe(409);
  });
});

describe('paying in the sandbox', () => {
  it('4242 succeeds; saving records it once, and the history and ledger show it', async () => {
    const person = await newMember(t, 'B-802');
    const opened = await intentFor(person, { month: 'November' });
    expect((await confirmCard(person, opened.clientSecret)).statusCode).toBe(200);
    const first = await saveTransaction(person, opened.paymentIntentId, {
      rent: 1,
      month: 'January',
    });
    expect(first.statusCode).toBe(200);
    const saved = SaveTransactionResponseSchema.parse(first.json());
    expect(saved.transaction).toMatchObject({
      transactionId: opened.paymentIntentId,
      userId: person.id,
      billingMonth: '2026-11',
      month: 'November 2026',
      rent: 98_000,
      amount: 98_000,
      discount: 0,
      currency: 'bdt',
      amountInMinorUnits: 9_800_000,
      rate: null,
      apartmentNo: 'B-802',
      date: '2026-11-23T04:00:00.000Z',
    });
    const second = SaveTransactionResponseSchema.parse(
      (await saveTransaction(person, opened.paymentIntentId)).json(),
    );
    expect(second.insertedId).toBe(saved.insertedId);
    expect(await paymentRows(t, person.id)).toBe(1);
    const ledger = await ledgerOf(person);
    expect(ledger.leaseStart).toBe('2026-11');
    expect(ledger.months[0]).toMatchObject({
      billingMonth: '2026-11',
      status: 'paid',
      amount: 98_000,
    });
    expect(ledger.owedMonths).toBe(0);
  });

  it.each([
    ['4000 0000 0000 0002', 'Your card was declined.'],
    ['4000 0000 0000 9995', 'Your card has insufficient funds.'],
    ['4000 0000 0000 0069', 'Your card has expired.'],
    ['4000 0000 0000 0127', "Your card's security code is incorrect."],
    ['4242 4242 4242 4241', 'Your card number is invalid.'],
  ])('%s: 402 "%s", and nothing is recorded', async (number, text) => {
    const opened = await intentFor(member, { month: '2026-11' });
    const response = await confirmCard(member, opened.clientSecret, { ...GOOD_CARD, number });
    expect(response.statusCode).toBe(402);
    expect(errorMessage(response)).toBe(text);
    const before = await paymentRows(t, member.user._id);
    const saving = await saveTransaction(member, opened.paymentIntentId);
    expect(saving.statusCode).toBe(402);
    expect(errorMessage(saving)).toBe('The payment provider has not confirmed this payment.');
    expect(await paymentRows(t, member.user._id)).toBe(before);
  });

  it("refuses someone else's payment", async () => {
    const opened = await intentFor(member, { month: '2026-11' });
    const other = await newMember(t, 'C-801');
    expect((await confirmCard(other, opened.clientSecret)).statusCode).toBe(403);
    expect((await saveTransaction(other, opened.paymentIntentId)).statusCode).toBe(403);
    expect((await saveTransaction(other, 'pi_sbx_nobody')).statusCode).toBe(404);
    const peek = await member.inject({
      method: 'POST',
      url: '/api/get/transactions',
      payload: { email: 'user@structo.com' },
    });
    expect(peek.statusCode).toBe(403);
  });
});

describe('the ledger and months across years', () => {
  it('the demo member has paid every month until October; on the 23rd November is overdue', async () => {
    const ledger = await ledgerOf(member);
    expect(ledger).toMatchObject({
      today: '2026-11-23',
      currentMonth: '2026-11',
      dueDay: 1,
      graceDays: 0,
      rent: 48_000,
      leaseStart: '2025-02',
      owedMonths: 1,
      owedAmount: 48_000,
      overdueMonths: 1,
    });
    const status = (month: string) => ledger.months.find((m) => m.billingMonth === month)?.status;
    expect(status('2026-10')).toBe('paid');
    expect(status('2026-11')).toBe('overdue');
    expect(status('2026-12')).toBe('upcoming');
    expect(ledger.months.at(-1)?.billingMonth).toBe('2027-10');
    // On the 1st itself the month is due, not overdue.
    clock.set('2026-11-01T09:00:00+06:00');
    expect((await ledgerOf(member)).months.find((m) => m.billingMonth === '2026-11')?.status).toBe(
      'due',
    );
  });

  it("in January, last December's arrears are paid; a month name means this year's", async () => {
    clock.set('2026-12-10T12:00:00+06:00');
    const person = await newMember(t, 'C-101');
    clock.set('2027-01-05T12:00:00+06:00');
    const ledger = await ledgerOf(person);
    expect(ledger.months.slice(0, 2).map((m) => [m.billingMonth, m.status])).toEqual([
      ['2026-12', 'overdue'],
      ['2027-01', 'overdue'],
    ]);
    const december = await payMonth(person, '2026-12');
    expect(december).toMatchObject({ billingMonth: '2026-12', monthLabel: 'December 2026' });
    // "December" is this year's December, eleven months ahead: payable, and not last December.
    expect((await intentFor(person, { month: 'December' })).billingMonth).toBe('2027-12');
    const after = await ledgerOf(person);
    expect(after.owedMonths).toBe(1);
    expect(after.months[0]?.status).toBe('paid');
  });

  it('in December, once December is paid, next January is paid ahead', async () => {
    clock.set('2027-12-03T12:00:00+06:00');
    const person = await newMember(t, 'C-204');
    await payMonth(person, '2027-12');
    const january = await payMonth(person, '2028-01');
    expect(january).toMatchObject({ billingMonth: '2028-01', monthLabel: 'January 2028' });
    const ledger = await ledgerOf(person);
    expect(ledger.months.slice(0, 3).map((m) => [m.billingMonth, m.status])).toEqual([
      ['2027-12', 'paid'],
      ['2028-01', 'paid'],
      ['2028-02', 'upcoming'],
    ]);
    expect(ledger.owedMonths).toBe(0);
  });

  it('a lease granted on the 23rd: its first month is due that day, and overdue from the next', async () => {
    const person = await newMember(t, 'C-704');
    const first = (await ledgerOf(person)).months[0];
    expect(first).toMatchObject({ billingMonth: '2026-11', status: 'due', dueDate: '2026-11-23' });
    clock.set('2026-11-24T10:00:00+06:00');
    expect((await ledgerOf(person)).months[0]).toMatchObject({ status: 'overdue' });
  });

  it('follows the building time zone: 00:30 on the 1st in Dhaka is already the new month', async () => {
    clock.set('2026-11-30T18:30:00Z');
    const ledger = await ledgerOf(member);
    expect(ledger.today).toBe('2026-12-01');
    expect(ledger.months.find((m) => m.billingMonth === '2026-12')?.status).toBe('due');
  });
});

describe('a balance outlives the lease', () => {
  it('a removed member keeps their unpaid months, sees them, and pays them by card', async () => {
    clock.set('2026-09-15T12:00:00+06:00');
    const tenant = await newMember(t, 'C-302', 'Leaving Tenant');
    await payMonth(tenant, '2026-09');
    clock.set('2026-11-23T10:00:00+06:00');
    // An intent still open for a month after the lease will end is canceled when it ends.
    const ahead = await intentFor(tenant, { month: '2026-12' });
    await removeMember(t, tenant);
    const [aheadRow] = await t.database.db
      .select({ status: paymentIntents.status })
      .from(paymentIntents)
      .where(eq(paymentIntents.id, ahead.paymentIntentId));
    expect(aheadRow?.status).toBe('canceled');
    expect((await confirmCard(tenant, ahead.clientSecret)).statusCode).toBe(409);

    // Now a user again, with October and November owed.
    const ledger = await ledgerOf(tenant);
    expect(ledger).toMatchObject({ rent: null, owedMonths: 2, owedAmount: 89_000 });
    expect(ledger.leases).toMatchObject([
      { status: 'ended', apartmentNo: 'C-302', firstMonth: '2026-09', lastMonth: '2026-11' },
    ]);
    expect(ledger.months.map((m) => [m.billingMonth, m.status])).toEqual([
      ['2026-09', 'paid'],
      ['2026-10', 'overdue'],
      ['2026-11', 'overdue'],
    ]);
    const later = await openIntent(tenant, { month: '2026-12' });
    expect(later.statusCode).toBe(400);
    expect(errorMessage(later)).toBe(
      'Your lease ended in November 2026; December 2026 has no rent to pay.',
    );

    // The admin sees it in the member's record and among former tenants who owe.
    const admin = await loginAs(t.app, 'admin');
    const account = TenantAccountSchema.parse(
      (await admin.inject({ method: 'GET', url: `/api/tenants/${tenant.id}/account` })).json(),
    );
    expect(account.person).toMatchObject({ displayName: 'Leaving Tenant', role: 'user' });
    expect(account.ledger.owedAmount).toBe(89_000);
    const former = FormerTenantBalancesResponseSchema.parse(
      (await admin.inject({ method: 'GET', url: '/api/tenants/former-balances' })).json(),
    );
    expect(former.result.find((row) => row._id === tenant.id)).toMatchObject({
      apartmentNo: 'C-302',
      owedMonths: 2,
      owedAmount: 89_000,
      leaseEndedAt: '2026-11-23T04:00:00.000Z',
      depositHeld: 0,
    });
    // The deposit the building still holds of his lease is named beside what he owes.
    const [lease] = account.ledger.leases;
    const deposit = await admin.inject({
      method: 'POST',
      url: `/api/tenants/${tenant.id}/deposits`,
      payload: {
        agreementId: lease?._id,
        kind: 'received',
        amount: 20_000,
        method: 'cash',
        date: '2026-11-23',
        key: randomUUID(),
      },
    });
    expect(deposit.statusCode, deposit.body).toBe(201);
    const withDeposit = FormerTenantBalancesResponseSchema.parse(
      (await admin.inject({ method: 'GET', url: '/api/tenants/former-balances' })).json(),
    );
    // His, not anyone else's: the demo's former tenant, who owes too, has none recorded.
    expect(
      withDeposit.result
        .filter((row) => row._id === tenant.id || row.email === 'former@structo.com')
        .map((row) => [row.email, row.depositHeld])
        .sort(),
    ).toEqual(
      [
        ['former@structo.com', 0],
        [tenant.email, 20_000],
      ].sort(),
    );

    await payMonth(tenant, '2026-10');
    await payMonth(tenant, '2026-11');
    expect((await ledgerOf(tenant)).owedMonths).toBe(0);
    const cleared = FormerTenantBalancesResponseSchema.parse(
      (await admin.inject({ method: 'GET', url: '/api/tenants/former-balances' })).json(),
    );
    expect(cleared.result.map((row) => row._id)).not.toContain(tenant.id);
    const history = TransactionListResponseSchema.parse(
      (await tenant.inject({ method: 'POST', url: '/api/get/transactions' })).json(),
    );
    expect(history.map((row) => row.billingMonth)).toEqual(['2026-11', '2026-10', '2026-09']);
  });

  it('a charge for a month the lease stopped billing while it was on its way is refunded, never recorded', async () => {
    const tenant = await newMember(t, 'C-501', 'Racing Tenant');
    const ahead = await intentFor(tenant, { month: '2027-01' });
    // The lease ends between the intent and the card (as when the removal ran before the intent
    // was stored, so it found nothing to cancel): recording refuses January and refunds it.
    await t.database.db
      .update(agreements)
      .set({ status: 'ended', endedAt: clock.now() })
      .where(eq(agreements.tenantId, tenant.id));
    expect((await confirmCard(tenant, ahead.clientSecret)).statusCode).toBe(200);
    const saved = await saveTransaction(tenant, ahead.paymentIntentId);
    expect(saved.statusCode).toBe(409);
    expect(errorMessage(saved)).toBe(
      'January 2027 is not billed to you, as your lease ended before it, so this charge has been refunded in full.',
    );
    expect(await paymentRows(t, tenant.id, '2027-01')).toBe(0);
    expect(await sandboxCharges(t, tenant.id, '2027-01')).toEqual([
      { metadata: expect.anything(), refundedAt: expect.any(Date) },
    ]);
    const [row] = await t.database.db
      .select({ status: paymentIntents.status })
      .from(paymentIntents)
      .where(eq(paymentIntents.id, ahead.paymentIntentId));
    expect(row?.status).toBe('refunded');
    // Asked again, the answer is the same and nothing more is charged or refunded.
    expect(errorMessage(await saveTransaction(tenant, ahead.paymentIntentId))).toBe(
      'January 2027 is not billed to you, as your lease ended before it, so this charge has been refunded in full.',
    );
    expect(await sandboxCharges(t, tenant.id, '2027-01')).toHaveLength(1);
  });

  it('months paid ahead keep the lease running through them: removal is refused, an end after them is not', async () => {
    const tenant = await newMember(t, 'C-602', 'Paid Ahead');
    await payMonth(tenant, '2026-11');
    await payMonth(tenant, '2026-12');
    const admin = await loginAs(t.app, 'admin');
    const removed = await admin.inject({
      method: 'POST',
      url: '/api/change/role',
      payload: { id: tenant.id },
    });
    expect(removed.statusCode).toBe(409);
    expect(errorMessage(removed)).toMatch(/^Rent is paid for December 2026: end the lease/);
    const [lease] = await t.database.db
      .select({ id: agreements.id })
      .from(agreements)
      .where(eq(agreements.tenantId, tenant.id));
    const ended = await admin.inject({
      method: 'POST',
      url: `/api/admin/leases/${lease?.id}/end`,
      payload: { endDate: '2026-12-31' },
    });
    expect(ended.statusCode, ended.body).toBe(200);
    clock.set('2027-01-02T10:00:00+06:00');
    const ledger = await ledgerOf(tenant);
    expect(ledger.months.map((m) => [m.billingMonth, m.status])).toEqual([
      ['2026-11', 'paid'],
      ['2026-12', 'paid'],
    ]);
    expect(ledger.leases[0]).toMatchObject({ status: 'ended', lastMonth: '2026-12' });
    expect(ledger.owedMonths).toBe(0);
  });

  it('repair charges a lease left unpaid count in what its former tenant owes, there and on their next request', async () => {
    const tenant = await newMember(t, 'A-801', 'Charged Tenant');
    const [lease] = await t.database.db
      .select({ id: agreements.id, rent: agreements.rent })
      .from(agreements)
      .where(eq(agreements.tenantId, tenant.id));
    const admin = await loginAs(t.app, 'admin');
    const chargeId = await addCharge(t.database.db, {
      tenantId: tenant.id,
      agreementId: lease?.id ?? '',
      requestId: null,
      description: 'Repair #90 — Parts: Door lock',
      amount: 2_500,
      createdBy: admin.user._id,
      createdAt: clock.now(),
    });
    const formerRow = async () =>
      FormerTenantBalancesResponseSchema.parse(
        (await admin.inject({ method: 'GET', url: '/api/tenants/former-balances' })).json(),
      ).result.find((row) => row._id === tenant.id);
    // While the lease runs, the charge is a member's, not a former tenant's.
    expect(await formerRow()).toBeUndefined();

    await removeMember(t, tenant);
    const rent = lease?.rent ?? 0;
    expect(await formerRow()).toMatchObject({
      apartmentNo: 'A-801',
      owedMonths: 1,
      owedCharges: 1,
      owedAmount: rent + 2_500,
    });
    const [flat] = await t.database.db
      .select({ id: apartments.id })
      .from(apartments)
      .where(eq(apartments.apartmentNo, 'B-203'));
    const signed = await tenant.inject({
      method: 'POST',
      url: '/api/create/agreements',
      payload: { newAgreement: { apartmentDetails: { _id: flat?.id }, startDate: '2026-12-01' } },
    });
    expect(signed.statusCode, signed.body).toBe(201);
    const request = InsertedResponseSchema.parse(signed.json()).insertedId;
    const applicantOwes = async () =>
      PendingAgreementListResponseSchema.parse(
        (await admin.inject({ method: 'POST', url: '/api/pending/agreements' })).json(),
      ).find((row) => row._id === request)?.applicantOwes;
    expect(await applicantOwes()).toEqual({
      apartmentNo: 'A-801',
      months: 1,
      charges: 1,
      amount: rent + 2_500,
    });

    // Paid at the office, the charge no longer counts; the month still does.
    const paid = await admin.inject({
      method: 'POST',
      url: `/api/admin/charges/${chargeId}/payment`,
      payload: { method: 'cash', receivedOn: '2026-11-23' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await formerRow()).toMatchObject({ owedMonths: 1, owedCharges: 0, owedAmount: rent });
    expect(await applicantOwes()).toEqual({
      apartmentNo: 'A-801',
      months: 1,
      charges: 0,
      amount: rent,
    });
    await payMonth(tenant, '2026-11');
    expect(await formerRow()).toBeUndefined();
    expect(await applicantOwes()).toBeNull();
  });

  it("the demo's former tenant owes the two months before his lease ended", async () => {
    const former = await login(t.app, 'former@structo.com', 'Former1234');
    const ledger = await ledgerOf(former);
    expect(ledger).toMatchObject({ rent: null, owedMonths: 2, owedAmount: 91_000 });
    expect(ledger.months.filter((m) => m.status !== 'paid').map((m) => m.billingMonth)).toEqual([
      '2026-08',
      '2026-09',
    ]);
    expect(ledger.leases[0]).toMatchObject({ status: 'ended', apartmentNo: 'A-603' });
    // He pays what he owes, but no coupon takes a discount off it: coupons are for tenants.
    await addCoupon(t, 'AFTERWARDS', 10, '2099-12-31');
    const discounted = await openIntent(former, { month: '2026-08', coupon: 'afterwards' });
    expect(discounted.statusCode).toBe(400);
    expect(errorMessage(discounted)).toBe(
      'Coupons are for the rent of a running lease; August 2026 is owed on a lease that has ended.',
    );
    expect(await intentFor(former, { month: '2026-08' })).toMatchObject({
      amount: 45_500,
      discount: 0,
    });
  });

  it('the admin sees what each member owes; tenant accounts are for the admin only', async () => {
    const admin = await loginAs(t.app, 'admin');
    const members = MemberListResponseSchema.parse(
      (await admin.inject({ method: 'POST', url: '/api/manageMembers' })).json(),
    );
    expect(members.find((m) => m.email === 'member@structo.com')).toMatchObject({
      owedMonths: 1,
      owedAmount: 48_000,
    });
    const url = `/api/tenants/${member.user._id}/account`;
    expect((await member.inject({ method: 'GET', url })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect(
      (await admin.inject({ method: 'GET', url: '/api/tenants/nope/account' })).statusCode,
    ).toBe(400);
    const unknown = await admin.inject({
      method: 'GET',
      url: '/api/tenants/00000000-0000-4000-8000-000000000000/account',
    });
    expect(unknown.statusCode).toBe(404);
    expect(
      (await admin.inject({ method: 'GET', url: '/api/tenants/former-balances?limit=0' }))
        .statusCode,
    ).toBe(400);
  });
});

describe('the books after all of the above', () => {
  it('every payment row comes from an intent that succeeded, and every such intent has one', async () => {
    const intents = await t.database.db.select().from(paymentIntents);
    const rows = await t.database.db.select().from(payments);
    const byTransaction = new Map(rows.map((row) => [row.transactionId, row]));
    for (const intent of intents) {
      expect(byTransaction.has(intent.id), `${intent.id} ${intent.status}`).toBe(
        intent.status === 'succeeded',
      );
    }
  });
});
