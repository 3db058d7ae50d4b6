import { randomUUID } from 'node:crypto';
import {
  AdminStatsSchema,
  AuditPageSchema,
  ErrorResponseSchema,
  MemberAgreementResponseSchema,
  RecordDepositResponseSchema,
  RecordPaymentResponseSchema,
  RentRollPageSchema,
  TenantAccountSchema,
  TransactionListResponseSchema,
  UNDO_PAYMENT_MESSAGES,
  UndoPaymentResponseSchema,
} from '@structomate/contract';
import { and, count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, loginAs, type Session, type TestApp } from '../../../test/build';
import {
  confirmCard,
  errorMessage,
  leaseIdOf,
  intentFor,
  ledgerOf,
  newMember,
  paymentRows,
  type Payer,
  sandboxCharges,
  saveTransaction,
} from '../../../test/payments';
import type { Person } from '../../../test/people';
import {
  auditLog,
  depositEntries,
  mailMessages,
  notifications,
  paymentIntents,
  payments,
  users,
} from '../../db/schema';
import { runScheduledJob } from '../../../test/jobs';
import { FakeClock } from '../../lib/clock';
import { sendNotificationsJob } from '../notifications/notifications.service';
import { checkViolation } from '../../lib/db-errors';
import { depositsHeld } from './deposits.service';

// Dhaka time; every new lease below is signed and starts on this day (billed from November).
const NOW = '2026-11-23T10:00:00+06:00';
const clock = new FakeClock(NOW);
let t: TestApp;
let admin: Session;
beforeAll(async () => {
  t = await buildTestApp({ demo: true, clock });
  admin = await loginAs(t.app, 'admin');
});
afterAll(() => t.close());
beforeEach(() => clock.set(NOW));

const leaseOf = (person: Person) => leaseIdOf(t, person);

const recordPayment = (person: Person, payload: Record<string, unknown>, as: Payer = admin) =>
  as.inject({ method: 'POST', url: `/api/tenants/${person.id}/payments`, payload });

/** Each call a new entry (its own key) unless the payload names one. */
const recordDeposit = (person: Person, payload: Record<string, unknown>, as: Payer = admin) =>
  as.inject({
    method: 'POST',
    url: `/api/tenants/${person.id}/deposits`,
    payload: { key: randomUUID(), ...payload },
  });

async function accountOf(person: Person) {
  const response = await admin.inject({ method: 'GET', url: `/api/tenants/${person.id}/account` });
  expect(response.statusCode, response.body).toBe(200);
  return TenantAccountSchema.parse(response.json());
}

async function auditOf(action: string) {
  const response = await admin.inject({ method: 'GET', url: `/api/audit?action=${action}` });
  return AuditPageSchema.parse(response.json()).result;
}

const rowCount = async (table: typeof payments | typeof depositEntries) =>
  (await t.database.db.select({ n: count() }).from(table))[0]?.n ?? 0;

const issuesOf = (response: { json(): unknown }) =>
  ErrorResponseSchema.parse(response.json()).error.issues ?? [];

describe('POST /api/tenants/:id/payments (rent received by hand)', () => {
  it('records one payment per month, each a receipt like a card payment, counted in every figure', async () => {
    const tenant = await newMember(t, 'C-204', 'Cash Tenant');
    const agreementId = await leaseOf(tenant);
    const statsBefore = AdminStatsSchema.parse(
      (await admin.inject({ method: 'POST', url: '/api/admin' })).json(),
    );
    const response = await recordPayment(tenant, {
      agreementId,
      method: 'cash',
      reference: '  Receipt book 14, page 3  ',
      receivedOn: '2026-11-23',
      months: ['2026-12', '2026-11'],
    });
    expect(response.statusCode, response.body).toBe(201);
    const { transactions } = RecordPaymentResponseSchema.parse(response.json());
    expect(transactions.map((row) => row.billingMonth)).toEqual(['2026-11', '2026-12']);
    for (const row of transactions) {
      expect(row.transactionId).toMatch(/^CASH-[0-9A-Z]{10}$/);
      expect(row).toMatchObject({
        provider: 'offline',
        method: 'cash',
        reference: 'Receipt book 14, page 3',
        receivedOn: '2026-11-23',
        rent: 24_500,
        discount: 0,
        amount: 24_500,
        currency: 'bdt',
        amountInMinorUnits: 2_450_000,
        tenant: 'Cash Tenant',
        apartmentNo: 'C-204',
      });
    }

    // The tenant's ledger, Payment History and receipts.
    const ledger = await ledgerOf(tenant);
    expect(ledger.months.slice(0, 3).map((month) => month.status)).toEqual([
      'paid',
      'paid',
      'upcoming',
    ]);
    expect(ledger.owedAmount).toBe(0);
    const history = TransactionListResponseSchema.parse(
      (await tenant.inject({ method: 'POST', url: '/api/get/transactions' })).json(),
    );
    expect(history.map((row) => row.transactionId).sort()).toEqual(
      transactions.map((row) => row.transactionId).sort(),
    );

    // The admin's account page and totals.
    const account = await accountOf(tenant);
    expect(account.transactions).toHaveLength(2);
    expect(account.ledger.owedMonths).toBe(0);
    const stats = AdminStatsSchema.parse(
      (await admin.inject({ method: 'POST', url: '/api/admin' })).json(),
    );
    const november = (s: typeof stats) =>
      s.rentCollected.find((month) => month.billingMonth === '2026-11')?.amount ?? 0;
    expect(november(stats) - november(statsBefore)).toBe(49_000);

    // The audit log: who, what (before and after), from where.
    const entry = (await auditOf('payment.offline')).find(
      (row) => row.subjectId === transactions[0]?.transactionId,
    );
    expect(entry).toMatchObject({
      actor: { email: 'admin@structo.com' },
      ip: '127.0.0.1',
      subjectType: 'payment',
      summary:
        'Nadia Rahman recorded the rent of November 2026 for Cash Tenant, apartment C-204: 24,500 BDT by cash, received 23 November 2026, ref Receipt book 14, page 3',
      before: { status: 'due' },
      after: { status: 'paid', method: 'cash', reference: 'Receipt book 14, page 3' },
    });

    // Each receipt by email names the office's reference, as the receipt page does.
    await runScheduledJob(t.app, sendNotificationsJob);
    const mailed = await t.database.db
      .select({ text: mailMessages.text })
      .from(mailMessages)
      .where(and(eq(mailMessages.toAddress, tenant.email), eq(mailMessages.kind, 'receipt')));
    expect(mailed).toHaveLength(2);
    for (const mail of mailed) expect(mail.text).toContain('Reference\nReceipt book 14, page 3');
  });

  it('counts money on the day it was received in the admin chart', async () => {
    const tenant = await newMember(t, 'A-101', 'Late Recorder');
    const stats = async () =>
      AdminStatsSchema.parse((await admin.inject({ method: 'POST', url: '/api/admin' })).json())
        .rentCollected;
    const before = await stats();
    clock.set('2026-12-02T10:00:00+06:00');
    const response = await recordPayment(tenant, {
      agreementId: await leaseOf(tenant),
      method: 'bkash',
      reference: 'TXN8FQ2',
      receivedOn: '2026-11-30',
      months: ['2026-11'],
    });
    expect(response.statusCode, response.body).toBe(201);
    const [row] = RecordPaymentResponseSchema.parse(response.json()).transactions;
    expect(row?.transactionId).toMatch(/^BKASH-/);
    // The ledger says it was paid on the day received, not on the day recorded.
    expect((await ledgerOf(tenant)).months[0]?.paidAt).toBe('2026-11-30T06:00:00.000Z');
    const after = await stats();
    const amountIn = (list: typeof after, month: string) =>
      list.find((entry) => entry.billingMonth === month)?.amount ?? 0;
    expect(amountIn(after, '2026-11') - amountIn(before, '2026-11')).toBe(row?.amount);
    expect(amountIn(after, '2026-12')).toBe(0);
  });

  it('refuses a month already paid (by card or offline) with 409 naming it, and saves none of the months', async () => {
    const tenant = await newMember(t, 'A-202', 'Card Payer');
    const agreementId = await leaseOf(tenant);
    const opened = await intentFor(tenant, { month: '2026-12' });
    expect((await confirmCard(tenant, opened.clientSecret)).statusCode).toBe(200);
    expect((await saveTransaction(tenant, opened.paymentIntentId)).statusCode).toBe(200);
    const response = await recordPayment(tenant, {
      agreementId,
      method: 'bank',
      receivedOn: '2026-11-23',
      months: ['2026-11', '2026-12'],
    });
    expect(response.statusCode).toBe(409);
    expect(errorMessage(response)).toBe('December 2026 is already paid.');
    expect(await paymentRows(t, tenant.id)).toBe(1);
    const once = await recordPayment(tenant, {
      agreementId,
      method: 'bank',
      receivedOn: '2026-11-23',
      months: ['2026-11'],
    });
    expect(once.statusCode).toBe(201);
    const twice = await recordPayment(tenant, {
      agreementId,
      method: 'nagad',
      receivedOn: '2026-11-23',
      months: ['2026-11'],
    });
    expect(twice.statusCode).toBe(409);
    expect(errorMessage(twice)).toBe('November 2026 is already paid.');
    expect(await paymentRows(t, tenant.id)).toBe(2);
  });

  it('refuses bad input with 400 at the field, saving nothing', async () => {
    const tenant = await newMember(t, 'A-301', 'Careful Admin');
    const agreementId = await leaseOf(tenant);
    const good = {
      agreementId,
      method: 'cash',
      receivedOn: '2026-11-23',
      months: ['2026-11'],
    };
    const before = await rowCount(payments);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...good, receivedOn: '2026-11-24' }, 'receivedOn', 'The date cannot be after today'],
      [
        { ...good, receivedOn: '2026-11-22' },
        'receivedOn',
        'The date cannot be before the lease was signed (23 November 2026)',
      ],
      [{ ...good, receivedOn: '23/11/2026' }, 'receivedOn', 'Enter the date as YYYY-MM-DD'],
      [{ ...good, months: [] }, 'months', 'Choose at least one month'],
      [
        { ...good, months: Array.from({ length: 13 }, () => '2026-11') },
        'months',
        'Choose at most 12 months at once',
      ],
      [{ ...good, months: ['2026-11', '2026-11'] }, 'months', 'Each month may be chosen once'],
      [{ ...good, months: ['2026-10'] }, 'months', 'October 2026 is not billed by this lease'],
      // Eleven months ahead may be paid, twelve are not billed yet.
      [{ ...good, months: ['2027-11'] }, 'months', 'November 2027 is not billed by this lease'],
      [{ ...good, months: ['2026-13'] }, 'months.0', 'must be a month like 2026-11'],
      [
        { ...good, method: 'card' },
        'method',
        'Choose how the rent was paid: cash, bank transfer, bKash, Nagad or the security deposit',
      ],
      [
        { ...good, reference: 'x'.repeat(101) },
        'reference',
        'A reference has at most 100 characters',
      ],
    ];
    for (const [payload, path, message] of cases) {
      const response = await recordPayment(tenant, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(issuesOf(response), JSON.stringify(payload)).toContainEqual({ path, message });
    }
    expect((await recordPayment(tenant, { ...good, rent: 1 })).statusCode).toBe(400);
    // Another person's lease, or no lease at all: 404.
    const other = await newMember(t, 'A-404', 'Someone Else');
    const theirs = await recordPayment(tenant, { ...good, agreementId: await leaseOf(other) });
    expect(theirs.statusCode).toBe(404);
    expect(errorMessage(theirs)).toBe('This person holds no such lease');
    expect(await rowCount(payments)).toBe(before);
  });

  it('is for the admin only: members, users and visitors are refused', async () => {
    const tenant = await newMember(t, 'A-502', 'Guarded Tenant');
    const payload = {
      agreementId: await leaseOf(tenant),
      method: 'cash',
      receivedOn: '2026-11-23',
      months: ['2026-11'],
    };
    expect((await recordPayment(tenant, payload, tenant)).statusCode).toBe(403);
    expect((await recordPayment(tenant, payload, await loginAs(t.app, 'member'))).statusCode).toBe(
      403,
    );
    expect((await recordPayment(tenant, payload, await loginAs(t.app, 'user'))).statusCode).toBe(
      403,
    );
    const visitor = await t.app.inject({
      method: 'POST',
      url: `/api/tenants/${tenant.id}/payments`,
      payload,
    });
    expect(visitor.statusCode).toBe(401);
    expect(await paymentRows(t, tenant.id)).toBe(0);
  });
});

describe('POST /api/tenants/:id/payments/:paymentId/undo (a recorded payment taken back)', () => {
  const undo = (person: Person, paymentId: string, payload: unknown, as: Payer = admin) =>
    as.inject({
      method: 'POST',
      url: `/api/tenants/${person.id}/payments/${paymentId}/undo`,
      payload: payload as Record<string, unknown>,
    });
  const noticesOf = async (person: Person, kind: string) =>
    (
      await t.database.db
        .select({ n: count() })
        .from(notifications)
        .where(and(eq(notifications.userId, person.id), eq(notifications.kind, kind)))
    )[0]?.n ?? 0;
  const collected = async (month: string) =>
    AdminStatsSchema.parse(
      (await admin.inject({ method: 'POST', url: '/api/admin' })).json(),
    ).rentCollected.find((entry) => entry.billingMonth === month)?.amount ?? 0;
  async function paidInCash(person: Person, months: string[]) {
    const response = await recordPayment(person, {
      agreementId: await leaseOf(person),
      method: 'cash',
      reference: 'Receipt book 3, page 9',
      receivedOn: '2026-11-23',
      months,
    });
    expect(response.statusCode, response.body).toBe(201);
    return RecordPaymentResponseSchema.parse(response.json()).transactions;
  }

  it('takes a payment recorded by mistake out of the books: the month is unpaid again, every figure follows, the tenant is told why', async () => {
    const tenant = await newMember(t, 'B-504', 'Mistaken Month');
    const before = await collected('2026-11');
    const [november, december] = await paidInCash(tenant, ['2026-11', '2026-12']);
    if (!november || !december) throw new Error('two payments');
    expect(await collected('2026-11')).toBe(before + 2 * november.amount);
    const receipts = await noticesOf(tenant, 'receipt');

    const response = await undo(tenant, december._id, {
      reason: '  December was ticked by mistake: only November was paid.  ',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(UndoPaymentResponseSchema.parse(response.json()).undone).toMatchObject({
      _id: december._id,
      billingMonth: '2026-12',
      method: 'cash',
      amount: november.amount,
    });

    // Owed again, on both sides, and out of the admin's totals.
    expect((await ledgerOf(tenant)).months.slice(0, 2).map((month) => month.status)).toEqual([
      'paid',
      'upcoming',
    ]);
    const account = await accountOf(tenant);
    expect(account.transactions.map((row) => row._id)).toEqual([november._id]);
    expect(await collected('2026-11')).toBe(before + november.amount);
    const history = TransactionListResponseSchema.parse(
      (await tenant.inject({ method: 'POST', url: '/api/get/transactions' })).json(),
    );
    expect(history.map((row) => row._id)).toEqual([november._id]);

    // Told once, why; December's receipt, not mailed yet, is not sent after all; the audit log
    // keeps what was removed.
    expect(await noticesOf(tenant, 'payment-undone')).toBe(1);
    expect(await noticesOf(tenant, 'receipt')).toBe(receipts - 1);
    await runScheduledJob(t.app, sendNotificationsJob);
    const [mail] = await t.database.db
      .select()
      .from(mailMessages)
      .where(
        and(eq(mailMessages.toAddress, tenant.email), eq(mailMessages.kind, 'payment-undone')),
      );
    expect(mail?.subject).toBe('Correction: the rent for December 2026 is shown as unpaid again');
    expect(mail?.text).toContain(
      'the building office had recorded the rent for December 2026 as paid: 36,500 BDT by cash, received 23 November 2026.',
    );
    expect(mail?.text).toContain(
      'It has undone that record before its receipt was sent, so the month is shown as unpaid again.',
    );
    expect(mail?.text).not.toContain('receipt it sent you');
    expect(mail?.text).toContain(
      'The office’s reason: December was ticked by mistake: only November was paid.',
    );
    expect(mail?.unsubscribeUrl).toContain('topic=receipts');
    const entry = (await auditOf('payment.undone')).find(
      (row) => row.subjectId === december.transactionId,
    );
    expect(entry).toMatchObject({
      actor: { email: 'admin@structo.com' },
      subjectType: 'payment',
      summary:
        'Nadia Rahman undid the rent of December 2026 recorded for Mistaken Month, apartment B-504: 36,500 BDT by cash, received 23 November 2026, ref Receipt book 3, page 9. Reason: December was ticked by mistake: only November was paid.',
      before: { billingMonth: '2026-12', status: 'paid', reference: 'Receipt book 3, page 9' },
      after: { status: 'unpaid' },
    });

    // Undone once: again it is not found, and the month can be recorded (or paid) anew.
    const again = await undo(tenant, december._id, { reason: 'Second click' });
    expect(again.statusCode).toBe(404);
    expect(errorMessage(again)).toBe(UNDO_PAYMENT_MESSAGES.notFound);
    expect(await noticesOf(tenant, 'payment-undone')).toBe(1);
    await paidInCash(tenant, ['2026-12']);
  });

  it('a payment undone after its receipt went out says that receipt no longer holds', async () => {
    const tenant = await newMember(t, 'C-602', 'Receipt Keeper');
    const [november] = await paidInCash(tenant, ['2026-11']);
    if (!november) throw new Error('a payment');
    await runScheduledJob(t.app, sendNotificationsJob);
    expect((await undo(tenant, november._id, { reason: 'Counted twice' })).statusCode).toBe(200);
    await runScheduledJob(t.app, sendNotificationsJob);
    const [mail] = await t.database.db
      .select({ text: mailMessages.text })
      .from(mailMessages)
      .where(
        and(eq(mailMessages.toAddress, tenant.email), eq(mailMessages.kind, 'payment-undone')),
      );
    expect(mail?.text).toContain(
      'It has undone that record, so the month is shown as unpaid again, and the receipt it sent you no longer holds.',
    );
  });

  it('refuses a card payment, someone else’s payment, other roles and bad input; nothing changes', async () => {
    const tenant = await newMember(t, 'B-703', 'Careful Payer');
    const [cash] = await paidInCash(tenant, ['2026-11']);
    if (!cash) throw new Error('a payment');
    const opened = await intentFor(tenant, { month: '2026-12' });
    expect((await confirmCard(tenant, opened.clientSecret)).statusCode).toBe(200);
    expect((await saveTransaction(tenant, opened.paymentIntentId)).statusCode).toBe(200);
    const card = (await accountOf(tenant)).transactions.find((row) => row.method === 'card');
    if (!card) throw new Error('a card payment');
    const reason = { reason: 'Entered by mistake' };

    const byCard = await undo(tenant, card._id, reason);
    expect(byCard.statusCode).toBe(409);
    expect(errorMessage(byCard)).toBe(UNDO_PAYMENT_MESSAGES.card);
    // Another person's id in the path does not reach this payment.
    const other = await undo(await newMember(t, 'C-403', 'Other Person'), cash._id, reason);
    expect(other.statusCode).toBe(404);
    expect((await undo(tenant, randomUUID(), reason)).statusCode).toBe(404);

    expect((await undo(tenant, cash._id, reason, tenant)).statusCode).toBe(403);
    expect((await undo(tenant, cash._id, reason, await loginAs(t.app, 'member'))).statusCode).toBe(
      403,
    );
    expect((await undo(tenant, cash._id, reason, await loginAs(t.app, 'user'))).statusCode).toBe(
      403,
    );
    const visitor = await t.app.inject({
      method: 'POST',
      url: `/api/tenants/${tenant.id}/payments/${cash._id}/undo`,
      payload: reason,
    });
    expect(visitor.statusCode).toBe(401);

    for (const [payload, message] of [
      [{}, UNDO_PAYMENT_MESSAGES.reasonRequired],
      [{ reason: '   ' }, UNDO_PAYMENT_MESSAGES.reasonRequired],
      [{ reason: 'no' }, UNDO_PAYMENT_MESSAGES.reasonTooShort],
      [{ reason: 'x'.repeat(201) }, UNDO_PAYMENT_MESSAGES.reasonTooLong],
      [{ reason: 7 }, UNDO_PAYMENT_MESSAGES.reasonRequired],
    ] as const) {
      const response = await undo(tenant, cash._id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(issuesOf(response), JSON.stringify(payload)).toEqual([{ path: 'reason', message }]);
    }
    const extra = await undo(tenant, cash._id, { ...reason, month: '2026-11' });
    expect(extra.statusCode).toBe(400);
    const badId = await admin.inject({
      method: 'POST',
      url: `/api/tenants/${tenant.id}/payments/not-an-id/undo`,
      payload: reason,
    });
    expect(badId.statusCode).toBe(400);

    expect(await paymentRows(t, tenant.id)).toBe(2);
    expect(await noticesOf(tenant, 'payment-undone')).toBe(0);
  });

  it('leaves a deleted account’s payments as they are (it would owe under no name)', async () => {
    const tenant = await newMember(t, 'B-802', 'Gone Payer');
    const [cash] = await paidInCash(tenant, ['2026-11']);
    if (!cash) throw new Error('a payment');
    await t.database.db
      .update(users)
      .set({ deletedAt: new Date(NOW), displayName: 'Deleted account' })
      .where(eq(users.id, tenant.id));
    const refused = await undo(tenant, cash._id, { reason: 'Recorded by mistake' });
    expect(refused.statusCode).toBe(409);
    expect(errorMessage(refused)).toBe(UNDO_PAYMENT_MESSAGES.deletedAccount);
    expect(await paymentRows(t, tenant.id)).toBe(1);
  });
});

describe('a card payment for a month the admin then records offline', () => {
  it('an open card payment is canceled: the card can no longer be charged', async () => {
    const tenant = await newMember(t, 'A-701', 'Open Card');
    const opened = await intentFor(tenant, { month: '2026-11' });
    const recorded = await recordPayment(tenant, {
      agreementId: await leaseOf(tenant),
      method: 'cash',
      receivedOn: '2026-11-23',
      months: ['2026-11'],
    });
    expect(recorded.statusCode).toBe(201);
    const [intent] = await t.database.db
      .select({ status: paymentIntents.status })
      .from(paymentIntents)
      .where(eq(paymentIntents.id, opened.paymentIntentId));
    expect(intent?.status).toBe('canceled');
    const confirmed = await confirmCard(tenant, opened.clientSecret);
    expect(confirmed.statusCode, confirmed.body).toBe(409);
    expect(await sandboxCharges(t, tenant.id, '2026-11')).toHaveLength(0);
    expect(await paymentRows(t, tenant.id, '2026-11')).toBe(1);
  });

  it('a charge that went through but was not saved yet is refunded, not counted twice', async () => {
    const tenant = await newMember(t, 'C-302', 'Slow Browser');
    const opened = await intentFor(tenant, { month: '2026-11' });
    expect((await confirmCard(tenant, opened.clientSecret)).statusCode).toBe(200);
    const recorded = await recordPayment(tenant, {
      agreementId: await leaseOf(tenant),
      method: 'bank',
      reference: 'DBBL 5521',
      receivedOn: '2026-11-23',
      months: ['2026-11'],
    });
    // The admin was there first: the cash stands, the card is given back.
    expect(recorded.statusCode).toBe(201);
    const saved = await saveTransaction(tenant, opened.paymentIntentId);
    expect(saved.statusCode).toBe(409);
    expect(errorMessage(saved)).toBe(
      'November 2026 was already paid, so this second charge has been refunded in full.',
    );
    const [charge] = await sandboxCharges(t, tenant.id, '2026-11');
    expect(charge?.refundedAt).not.toBeNull();
    expect(await paymentRows(t, tenant.id, '2026-11')).toBe(1);
    const ledger = await ledgerOf(tenant);
    expect(ledger.months[0]).toMatchObject({ status: 'paid', amount: 44_500 });
    expect((await auditOf('payment.refund'))[0]?.after).toMatchObject({
      userId: tenant.id,
      billingMonth: '2026-11',
    });
  });
});

describe('POST /api/tenants/:id/deposits (the security deposit)', () => {
  it('records deposits received and refunded; the account shows what is held', async () => {
    const tenant = await newMember(t, 'C-101', 'Deposit Tenant');
    const agreementId = await leaseOf(tenant);
    // The tenant's own lease says what the building holds of the deposit, as the office records it.
    const heldForTenant = async () => {
      const response = await tenant.inject({ method: 'POST', url: '/api/member/agreements' });
      expect(response.statusCode, response.body).toBe(200);
      const lease = MemberAgreementResponseSchema.parse(response.json()).result;
      return [lease?.terms?.deposit, lease?.depositHeld, lease?.depositReceived];
    };
    expect(await heldForTenant()).toEqual([16_500, 0, 0]);
    // The rent ledger's lease says the same: a former tenant's profile reads it there.
    const heldInLedger = async () =>
      (await ledgerOf(tenant)).leases.map((lease) => [
        lease._id,
        lease.depositHeld,
        lease.depositReceived,
      ]);
    expect(await heldInLedger()).toEqual([[agreementId, 0, 0]]);
    const received = await recordDeposit(tenant, {
      agreementId,
      kind: 'received',
      amount: 16_500,
      method: 'bank',
      reference: 'DBBL 1183',
      date: '2026-11-23',
    });
    expect(received.statusCode, received.body).toBe(201);
    expect(RecordDepositResponseSchema.parse(received.json())).toMatchObject({
      entry: { kind: 'received', amount: 16_500, method: 'bank', reference: 'DBBL 1183' },
      deposit: { agreementId, agreed: 16_500, held: 16_500 },
    });
    expect(await heldForTenant()).toEqual([16_500, 16_500, 16_500]);
    const refunded = await recordDeposit(tenant, {
      agreementId,
      kind: 'refunded',
      amount: 4_500,
      method: 'cash',
      date: '2026-11-23',
    });
    expect(refunded.statusCode, refunded.body).toBe(201);
    const account = await accountOf(tenant);
    expect(account.deposits).toEqual([
      expect.objectContaining({ agreementId, agreed: 16_500, held: 12_000 }),
    ]);
    expect(await heldForTenant()).toEqual([16_500, 12_000, 16_500]);
    expect(await heldInLedger()).toEqual([[agreementId, 12_000, 16_500]]);
    expect(account.deposits[0]?.entries.map((entry) => [entry.kind, entry.amount])).toEqual([
      ['received', 16_500],
      ['refunded', 4_500],
    ]);
    expect(
      (await depositsHeld(t.database.db, [agreementId, account.person._id])).get(agreementId),
    ).toBe(12_000);
    const [audit] = await auditOf('deposit.refunded');
    expect(audit).toMatchObject({
      subjectType: 'lease',
      subjectId: agreementId,
      ip: '127.0.0.1',
      before: { held: 16_500 },
      after: { held: 12_000, amount: 4_500, method: 'cash' },
    });
    // The log names whose money it was, so a search by apartment, tenant or reference finds it.
    expect(audit?.summary).toBe(
      'Nadia Rahman recorded a deposit refund of 4,500 BDT by cash on 23 November 2026 for Deposit Tenant, apartment C-101',
    );
    const found = AuditPageSchema.parse(
      (await admin.inject({ method: 'GET', url: '/api/audit?q=DBBL%201183' })).json(),
    ).result;
    expect(found.map((entry) => entry.action)).toEqual(['deposit.received']);
    expect(found[0]?.summary).toBe(
      'Nadia Rahman recorded a deposit of 16,500 BDT received by bank transfer on 23 November 2026 for Deposit Tenant, apartment C-101, ref DBBL 1183',
    );
    // The tenant gets a receipt for each entry (topic Payment receipts).
    await runScheduledJob(t.app, sendNotificationsJob);
    const mails = await t.database.db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.toAddress, tenant.email), eq(mailMessages.kind, 'deposit-entry')));
    expect(mails.map((mail) => mail.subject).sort()).toEqual([
      'Receipt: deposit of 16,500 BDT for C-101',
      'Your deposit: 4,500 BDT given back',
    ]);
    const givenBack = mails.find((mail) => mail.subject.startsWith('Your deposit'));
    expect(givenBack?.text).toContain(
      'the building office gave back 4,500 BDT of your security deposit for apartment C-101, by cash.',
    );
    expect(givenBack?.text).toContain('12,000 BDT');
    expect(givenBack?.unsubscribeUrl).toContain('topic=receipts');
  });

  it('refuses half a character in the reference with 400, saving nothing', async () => {
    const tenant = await newMember(t, 'C-704', 'Broken Reference');
    const agreementId = await leaseOf(tenant);
    const sent = await admin.inject({
      method: 'POST',
      url: `/api/tenants/${tenant.id}/deposits`,
      headers: { 'content-type': 'application/json' },
      payload: `{"agreementId":"${agreementId}","kind":"received","amount":5000,"method":"bank","reference":"DBBL \\ud800","date":"2026-11-23","key":"${randomUUID()}"}`,
    });
    expect(sent.statusCode).toBe(400);
    expect(ErrorResponseSchema.parse(sent.json()).error.issues).toEqual([
      {
        path: 'reference',
        message:
          'Text may not contain half of a character (a lone UTF-16 surrogate, such as \\ud800).',
      },
    ]);
    expect((await accountOf(tenant)).deposits[0]?.entries ?? []).toEqual([]);
  });

  it('records an entry sent again under its key once, and refuses the key with other details', async () => {
    const tenant = await newMember(t, 'C-801', 'Deposit Twice');
    const agreementId = await leaseOf(tenant);
    const entry = {
      agreementId,
      kind: 'received',
      amount: 12_000,
      method: 'bank',
      reference: 'DBBL 77',
      date: '2026-11-23',
      key: randomUUID(),
    };
    const first = await recordDeposit(tenant, entry);
    expect(first.statusCode, first.body).toBe(201);
    const again = await recordDeposit(tenant, entry);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(RecordDepositResponseSchema.parse(again.json()).deposit.held).toBe(12_000);
    for (const other of [
      { ...entry, amount: 12_001 },
      { ...entry, kind: 'refunded' },
      { ...entry, method: 'cash' },
      { ...entry, reference: 'DBBL 78' },
    ]) {
      const refused = await recordDeposit(tenant, other);
      expect(refused.statusCode, JSON.stringify(other)).toBe(409);
      expect(errorMessage(refused)).toBe(
        'An entry with other details was already recorded under this key. Send a new key for a new entry.',
      );
    }
    // The same key sent for another tenant's lease (the form re-sent after its lease was changed)
    // names the entry already recorded: refused, not a second deposit.
    const neighbour = await newMember(t, 'B-601', 'Deposit Neighbour');
    const elsewhere = await recordDeposit(neighbour, {
      ...entry,
      agreementId: await leaseOf(neighbour),
    });
    expect(elsewhere.statusCode).toBe(409);
    expect((await accountOf(neighbour)).deposits[0]?.entries).toEqual([]);
    const { key: _key, ...keyless } = entry;
    const missing = await admin.inject({
      method: 'POST',
      url: `/api/tenants/${tenant.id}/deposits`,
      payload: keyless,
    });
    expect(missing.statusCode).toBe(400);
    expect(errorMessage(missing)).toContain('key must be a UUID naming this entry');
    const account = await accountOf(tenant);
    expect(account.deposits[0]?.entries).toHaveLength(1);
    expect(account.deposits[0]?.held).toBe(12_000);
    // Told once: the entry sent again is not a second receipt.
    const told = await t.database.db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, tenant.id), eq(notifications.kind, 'deposit-entry')));
    expect(told[0]?.n).toBe(1);
  });

  it('refuses a refund beyond what is held with 409, saving nothing', async () => {
    const tenant = await newMember(t, 'B-102', 'Overdrawn');
    const agreementId = await leaseOf(tenant);
    const refund = { agreementId, kind: 'refunded', amount: 1, method: 'cash', date: '2026-11-23' };
    const none = await recordDeposit(tenant, refund);
    expect(none.statusCode).toBe(409);
    expect(errorMessage(none)).toBe('Only 0 BDT of the deposit is held: a refund cannot be more');
    await recordDeposit(tenant, { ...refund, kind: 'received', amount: 10_000 });
    const tooMuch = await recordDeposit(tenant, { ...refund, amount: 10_001 });
    expect(tooMuch.statusCode).toBe(409);
    expect(errorMessage(tooMuch)).toBe(
      'Only 10,000 BDT of the deposit is held: a refund cannot be more',
    );
    expect((await recordDeposit(tenant, { ...refund, amount: 10_000 })).statusCode).toBe(201);
    expect((await depositsHeld(t.database.db, [agreementId])).get(agreementId)).toBe(0);
  });

  it('the database refuses an overdrawing refund and any rewrite of the ledger', async () => {
    const tenant = await newMember(t, 'B-203', 'Ledger Guard');
    const agreementId = await leaseOf(tenant);
    const [recorder] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.role, 'admin'));
    const values = {
      agreementId,
      amount: 5,
      method: 'cash' as const,
      entryDate: '2026-11-23',
      recordedBy: recorder?.id ?? '',
    };
    await expect(
      t.database.db.insert(depositEntries).values({ ...values, kind: 'refunded' }),
    ).rejects.toThrow();
    await t.database.db.insert(depositEntries).values({ ...values, kind: 'received' });
    await expect(
      t.database.db
        .update(depositEntries)
        .set({ amount: 500 })
        .where(eq(depositEntries.agreementId, agreementId)),
    ).rejects.toThrow();
    await expect(
      t.database.db.delete(depositEntries).where(eq(depositEntries.agreementId, agreementId)),
    ).rejects.toThrow();
    expect((await depositsHeld(t.database.db, [agreementId])).get(agreementId)).toBe(5);
  });

  it('refuses bad input with 400 at the field and other roles, saving nothing', async () => {
    const tenant = await newMember(t, 'B-301', 'Deposit Checks');
    const agreementId = await leaseOf(tenant);
    const good = {
      agreementId,
      kind: 'received',
      amount: 1_000,
      method: 'nagad',
      date: '2026-11-23',
    };
    const before = await rowCount(depositEntries);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...good, amount: 0 }, 'amount', 'The amount must be more than 0'],
      [{ ...good, amount: -5 }, 'amount', 'The amount must be more than 0'],
      [{ ...good, amount: 10.5 }, 'amount', 'The amount is a whole number of BDT'],
      [{ ...good, amount: undefined }, 'amount', 'Enter the amount'],
      [{ ...good, amount: 10_000_001 }, 'amount', 'The amount can be at most 10,000,000 BDT'],
      [{ ...good, kind: 'kept' }, 'kind', 'Say whether the deposit was received or refunded'],
      [{ ...good, date: '2026-11-24' }, 'date', 'The date cannot be after today'],
      [
        { ...good, date: '2026-01-01' },
        'date',
        'The date cannot be before the lease was signed (23 November 2026)',
      ],
    ];
    for (const [payload, path, message] of cases) {
      const response = await recordDeposit(tenant, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(issuesOf(response), JSON.stringify(payload)).toContainEqual({ path, message });
    }
    expect((await recordDeposit(tenant, good, tenant)).statusCode).toBe(403);
    expect((await recordDeposit(tenant, good, await loginAs(t.app, 'user'))).statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/tenants/${tenant.id}/deposits`,
          payload: good,
        })
      ).statusCode,
    ).toBe(401);
    expect(await rowCount(depositEntries)).toBe(before);
    expect(
      (
        await t.database.db
          .select({ n: count() })
          .from(auditLog)
          .where(and(eq(auditLog.subjectId, agreementId), like(auditLog.action, 'deposit.%')))
      )[0]?.n,
    ).toBe(0);
  });
});

describe('rent paid from the security deposit (POST /api/tenants/:id/payments, method deposit)', () => {
  const mailsOf = async (person: Person, kind: string) =>
    t.database.db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.toAddress, person.email), eq(mailMessages.kind, kind)));

  it('pays months out of what the deposit holds, never more; undone, the amount is held again', async () => {
    const tenant = await newMember(t, 'A-801', 'Deposit Rent');
    const agreementId = await leaseOf(tenant);
    const rent = (await ledgerOf(tenant)).months[0]?.rent ?? 0;
    expect(rent).toBeGreaterThan(0);
    // The roll's row for this lease, as the admin reads it (through the figures the database keeps).
    const heldInRoll = async () => {
      t.app.changesCache.forgetChanges();
      const roll = await admin.inject({
        method: 'GET',
        url: '/api/admin/rent-roll?q=Deposit%20Rent',
      });
      return RentRollPageSchema.parse(roll.json()).result.map((row) => [
        row.apartmentNo,
        row.depositHeld,
      ]);
    };
    const fromDeposit = {
      agreementId,
      method: 'deposit',
      receivedOn: '2026-11-23',
      months: ['2026-11'],
    };
    // No deposit yet: nothing to pay from.
    const none = await recordPayment(tenant, fromDeposit);
    expect(none.statusCode).toBe(409);
    expect(errorMessage(none)).toBe('This lease holds no deposit to pay rent from');
    const received = await recordDeposit(tenant, {
      agreementId,
      kind: 'received',
      amount: 2 * rent - 1,
      method: 'cash',
      date: '2026-11-23',
    });
    expect(received.statusCode, received.body).toBe(201);

    expect(await heldInRoll()).toEqual([['A-801', 2 * rent - 1]]);

    // Two months are one taka more than it holds: refused at the months, nothing saved.
    const payments0 = await rowCount(payments);
    const tooMuch = await recordPayment(tenant, { ...fromDeposit, months: ['2026-11', '2026-12'] });
    expect(tooMuch.statusCode).toBe(409);
    expect(errorMessage(tooMuch)).toBe(
      `The deposit holds ${(2 * rent - 1).toLocaleString('en-US')} BDT: not enough for ${(2 * rent).toLocaleString('en-US')} BDT of rent. Choose fewer months.`,
    );
    expect(issuesOf(tooMuch).map((issue) => issue.path)).toEqual(['months']);
    expect(await rowCount(payments)).toBe(payments0);
    expect((await depositsHeld(t.database.db, [agreementId])).get(agreementId)).toBe(2 * rent - 1);

    // One month: paid, a receipt like any other, out of what is held.
    const paid = await recordPayment(tenant, { ...fromDeposit, reference: 'Kept for November' });
    expect(paid.statusCode, paid.body).toBe(201);
    const [payment] = RecordPaymentResponseSchema.parse(paid.json()).transactions;
    expect(payment?.transactionId).toMatch(/^DEPOSIT-[0-9A-Z]{10}$/);
    expect(payment).toMatchObject({
      provider: 'offline',
      method: 'deposit',
      billingMonth: '2026-11',
      amount: rent,
      receivedOn: '2026-11-23',
    });
    if (!payment) throw new Error('one payment');
    expect((await ledgerOf(tenant)).months[0]?.status).toBe('paid');
    const account = await accountOf(tenant);
    expect(account.deposits[0]).toMatchObject({ held: rent - 1 });
    expect(account.deposits[0]?.rentPaid).toEqual([
      {
        paymentId: payment._id,
        billingMonth: '2026-11',
        amount: rent,
        date: '2026-11-23',
        recordedAt: '2026-11-23T04:00:00.000Z',
      },
    ]);
    expect(
      (await ledgerOf(tenant)).leases.map((lease) => [
        lease.depositHeld,
        lease.depositReceived,
        lease.depositToRent,
      ]),
    ).toEqual([[rent - 1, 2 * rent - 1, rent]]);
    // The tenant's own lease says so too (their profile).
    const own = MemberAgreementResponseSchema.parse(
      (await tenant.inject({ method: 'POST', url: '/api/member/agreements' })).json(),
    ).result;
    expect([own?.depositHeld, own?.depositReceived, own?.depositToRent]).toEqual([
      rent - 1,
      2 * rent - 1,
      rent,
    ]);
    // The rent roll's kept figures (worked out before the payment, below) follow it.
    expect(await heldInRoll()).toEqual([['A-801', rent - 1]]);
    const [audit] = (await auditOf('payment.offline')).filter(
      (entry) => entry.subjectId === payment.transactionId,
    );
    expect(audit?.summary).toBe(
      `Nadia Rahman recorded the rent of November 2026 for Deposit Rent, apartment A-801: ${rent.toLocaleString('en-US')} BDT from the security deposit on 23 November 2026, ref Kept for November`,
    );
    await runScheduledJob(t.app, sendNotificationsJob);
    const [receipt] = await mailsOf(tenant, 'receipt');
    expect(receipt?.text).toContain('RENT PAID FROM YOUR DEPOSIT');
    expect(receipt?.text).toContain(
      'the building office paid the rent for November 2026 from your security deposit for apartment A-801.',
    );
    expect(receipt?.text).toMatch(/Paid from:?\s+Security deposit/);
    expect(receipt?.text).toMatch(/Paid on:?\s+23 November 2026/);

    // The next month is more than is left; a refund of more than is left is refused too.
    const december = await recordPayment(tenant, { ...fromDeposit, months: ['2026-12'] });
    expect(december.statusCode).toBe(409);
    expect(errorMessage(december)).toBe(
      `The deposit holds ${(rent - 1).toLocaleString('en-US')} BDT: not enough for ${rent.toLocaleString('en-US')} BDT of rent.`,
    );
    const refund = await recordDeposit(tenant, {
      agreementId,
      kind: 'refunded',
      amount: rent,
      method: 'cash',
      date: '2026-11-23',
    });
    expect(refund.statusCode).toBe(409);
    expect(errorMessage(refund)).toBe(
      `Only ${(rent - 1).toLocaleString('en-US')} BDT of the deposit is held: a refund cannot be more`,
    );

    // Undone: the month is owed again and its rent is back in the deposit; the tenant is told.
    const undone = await admin.inject({
      method: 'POST',
      url: `/api/tenants/${tenant.id}/payments/${payment._id}/undo`,
      payload: { reason: 'The tenant paid November in cash after all.' },
    });
    expect(undone.statusCode, undone.body).toBe(200);
    expect((await depositsHeld(t.database.db, [agreementId])).get(agreementId)).toBe(2 * rent - 1);
    expect((await accountOf(tenant)).deposits[0]?.rentPaid).toEqual([]);
    expect(await heldInRoll()).toEqual([['A-801', 2 * rent - 1]]);
    await runScheduledJob(t.app, sendNotificationsJob);
    const [correction] = await mailsOf(tenant, 'payment-undone');
    expect(correction?.text).toContain(
      `as paid: ${rent.toLocaleString('en-US')} BDT from the security deposit on 23 November 2026.`,
    );
    expect(correction?.text).toContain(
      `The ${rent.toLocaleString('en-US')} BDT is back in your deposit.`,
    );
    expect(correction?.text).toContain('If you think this is a mistake, ask the office.');
  });

  it('the database refuses rent beyond what the deposit holds, however it is written', async () => {
    const tenant = await newMember(t, 'C-501', 'Deposit Guard');
    const agreementId = await leaseOf(tenant);
    const [recorder] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.role, 'admin'));
    const recordedBy = recorder?.id ?? '';
    await t.database.db.insert(depositEntries).values({
      agreementId,
      kind: 'received',
      amount: 1_000,
      method: 'cash',
      entryDate: '2026-11-23',
      recordedBy,
    });
    const row = (billingMonth: string, rent: number) => ({
      transactionId: `DEPOSIT-TEST${billingMonth}`,
      userId: tenant.id,
      agreementId,
      billingMonth,
      rent,
      amountCharged: rent * 100,
      currency: 'bdt',
      provider: 'offline',
      method: 'deposit' as const,
      receivedOn: '2026-11-23',
      recordedBy,
    });
    const refused = (write: Promise<unknown>) =>
      write.then(
        () => 'written',
        (error: unknown) => checkViolation(error),
      );
    expect(await refused(t.database.db.insert(payments).values(row('2026-11-01', 1_001)))).toBe(
      'payments_deposit_covered',
    );
    await t.database.db.insert(payments).values(row('2026-11-01', 600));
    expect(await refused(t.database.db.insert(payments).values(row('2026-12-01', 401)))).toBe(
      'payments_deposit_covered',
    );
    // Changed in place, a row counts what it was: 600 may become 1,000, not 1,001.
    expect(
      await refused(
        t.database.db
          .update(payments)
          .set({ rent: 1_001 })
          .where(eq(payments.transactionId, 'DEPOSIT-TEST2026-11-01')),
      ),
    ).toBe('payments_deposit_covered');
    await t.database.db
      .update(payments)
      .set({ rent: 1_000 })
      .where(eq(payments.transactionId, 'DEPOSIT-TEST2026-11-01'));
    expect((await depositsHeld(t.database.db, [agreementId])).get(agreementId)).toBe(0);
  });

  it('is for the admin only: the tenant and a user are refused with 403, nothing paid', async () => {
    const tenant = await newMember(t, 'A-603', 'Deposit Roles');
    const agreementId = await leaseOf(tenant);
    await recordDeposit(tenant, {
      agreementId,
      kind: 'received',
      amount: 50_000,
      method: 'cash',
      date: '2026-11-23',
    });
    const payload = {
      agreementId,
      method: 'deposit',
      receivedOn: '2026-11-23',
      months: ['2026-11'],
    };
    const before = await rowCount(payments);
    expect((await recordPayment(tenant, payload, tenant)).statusCode).toBe(403);
    expect((await recordPayment(tenant, payload, await loginAs(t.app, 'user'))).statusCode).toBe(
      403,
    );
    expect(await rowCount(payments)).toBe(before);
    expect((await depositsHeld(t.database.db, [agreementId])).get(agreementId)).toBe(50_000);
  });
});
