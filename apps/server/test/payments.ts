import { calendarDay } from '../src/lib/clock';
import {
  ErrorResponseSchema,
  InsertedResponseSchema,
  MEMBERS_PAGE_SIZE,
  MemberListResponseSchema,
  PaymentIntentResponseSchema,
  RentLedgerSchema,
} from '@structomate/contract';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { and, count, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { agreements, apartments, coupons, payments, sandboxIntents } from '../src/db/schema';
import { loginAs, type TestApp } from './build';
import { newPerson, type Person } from './people';

/** Helpers for the payment tests: a payer is anyone who can call the app as themselves. */
export interface Payer {
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
}

/** A card that the sandbox's test processor accepts, expiring far after any clock the tests set. */
export const GOOD_CARD = {
  number: '4242 4242 4242 4242',
  expMonth: 12,
  expYear: 2040,
  cvc: '123',
  postalCode: '12345',
};

export const openIntent = (payer: Payer, body: Record<string, unknown>) =>
  payer.inject({ method: 'POST', url: '/api/create-payment-intent', payload: body });

/** Opens (or reuses) the intent for `month` and expects it to work. */
export async function intentFor(payer: Payer, body: Record<string, unknown>) {
  const response = await openIntent(payer, body);
  expect(response.statusCode, response.body).toBe(200);
  return PaymentIntentResponseSchema.parse(response.json());
}

export const confirmCard = (
  payer: Payer,
  clientSecret: string,
  card: Record<string, unknown> = GOOD_CARD,
) => payer.inject({ method: 'POST', url: '/api/sandbox/confirm', payload: { clientSecret, card } });

export const saveTransaction = (
  payer: Payer,
  transactionId: string,
  extra: Record<string, unknown> = {},
) =>
  payer.inject({
    method: 'POST',
    url: '/api/save/transaction',
    payload: { transaction: { transactionId, ...extra } },
  });

export async function ledgerOf(payer: Payer) {
  const response = await payer.inject({ method: 'POST', url: '/api/rent/ledger' });
  expect(response.statusCode, response.body).toBe(200);
  return RentLedgerSchema.parse(response.json());
}

export const errorMessage = (response: { json(): unknown }) =>
  ErrorResponseSchema.parse(response.json()).error.message;

/** Payment rows of a person (for a month, when given). */
export async function paymentRows(t: TestApp, userId: string, billingMonth?: string) {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        billingMonth ? eq(payments.billingMonth, `${billingMonth}-01`) : undefined,
      ),
    );
  return row?.n ?? 0;
}

/** Sandbox charges (succeeded intents at the "provider") of a person for a month. */
export async function sandboxCharges(t: TestApp, userId: string, billingMonth: string) {
  const rows = await t.database.db
    .select({ metadata: sandboxIntents.metadata, refundedAt: sandboxIntents.refundedAt })
    .from(sandboxIntents)
    .where(eq(sandboxIntents.status, 'succeeded'));
  return rows.filter(
    (row) => row.metadata.userId === userId && row.metadata.billingMonth === billingMonth,
  );
}

/**
 * A brand-new person who asks for `apartmentNo` through the API, for a lease starting today (the
 * app's clock, the building's calendar) unless `startDate` says otherwise; the request stays
 * pending.
 */
export async function newApplicant(
  t: TestApp,
  apartmentNo: string,
  name = 'New Applicant',
  startDate = calendarDay(t.clock.now(), t.app.config.rent.timeZone),
) {
  const person = await newPerson(t.app, t.database, 'user', name);
  const [flat] = await t.database.db
    .select({ id: apartments.id })
    .from(apartments)
    .where(eq(apartments.apartmentNo, apartmentNo));
  const signed = await person.inject({
    method: 'POST',
    url: '/api/create/agreements',
    payload: { newAgreement: { apartmentDetails: { _id: flat?.id }, startDate } },
  });
  expect(signed.statusCode, signed.body).toBe(201);
  return { person, agreementId: InsertedResponseSchema.parse(signed.json()).insertedId };
}

/**
 * A brand-new person whose request for `apartmentNo` (from today, or `startDate`) the admin
 * accepts as it is, through the API.
 */
export async function newMember(
  t: TestApp,
  apartmentNo: string,
  name = 'New Member',
  startDate?: string,
) {
  const { person, agreementId } = await newApplicant(t, apartmentNo, name, startDate);
  await acceptRequest(t, agreementId);
  return person;
}

/** The admin accepts the request `agreementId` as it is, through the API. */
export async function acceptRequest(t: TestApp, agreementId: string) {
  const admin = await loginAs(t.app, 'admin');
  const accepted = await admin.inject({
    method: 'POST',
    url: '/api/accept/agreements',
    payload: { agreement_id: agreementId },
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
}

/**
 * A person's row in Manage Members (undefined: not a member), read a page at a time at the web
 * app's size, as the admin's browser does: the first pages of that size are kept by the server
 * until data changes, so this reads what the admin would be shown.
 */
/** The id of the person's lease (their only one). */
export async function leaseIdOf(t: TestApp, person: Person): Promise<string> {
  const [lease] = await t.database.db
    .select({ id: agreements.id })
    .from(agreements)
    .where(eq(agreements.tenantId, person.id));
  if (!lease) throw new Error('no lease');
  return lease.id;
}

export async function memberRow(admin: Payer, person: Person) {
  for (let page = 1; page <= 100; page++) {
    const listed = await admin.inject({
      method: 'POST',
      url: '/api/manageMembers',
      payload: { page, limit: MEMBERS_PAGE_SIZE },
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const rows = MemberListResponseSchema.parse(listed.json());
    const row = rows.find((member) => member._id === person.id);
    if (row || rows.length < MEMBERS_PAGE_SIZE) return row;
  }
  return undefined;
}

/** Ends a member's lease as the admin does (Manage Members → Remove, which it does not warn of). */
export async function removeMember(t: TestApp, person: Person) {
  const admin = await loginAs(t.app, 'admin');
  expect((await memberRow(admin, person))?.removalRefused).toBeNull();
  const removed = await admin.inject({
    method: 'POST',
    url: '/api/change/role',
    payload: { id: person.id },
  });
  expect(removed.statusCode, removed.body).toBe(200);
}

/**
 * Manage Members → Remove for a tenant it must refuse (rent paid ahead): the list already says
 * why, in the words the refusal then answers with (409), and the person is still a member.
 */
export async function expectRemovalRefused(t: TestApp, person: Person, message: string) {
  const admin = await loginAs(t.app, 'admin');
  expect((await memberRow(admin, person))?.removalRefused).toBe(message);
  const removed = await admin.inject({
    method: 'POST',
    url: '/api/change/role',
    payload: { id: person.id },
  });
  expect(removed.statusCode, removed.body).toBe(409);
  expect(ErrorResponseSchema.parse(removed.json()).error.message).toBe(message);
  expect((await memberRow(admin, person))?.removalRefused).toBe(message);
}

export async function addCoupon(t: TestApp, code: string, percentage: number, validUntil: string) {
  const [row] = await t.database.db
    .insert(coupons)
    .values({ code, heading: 'Test offer', description: 'Test', percentage, validUntil })
    .returning({ id: coupons.id });
  return row?.id ?? '';
}

/** Pays a month in the sandbox the way the web app does: intent, card, save. */
export async function payMonth(payer: Payer, month: string, coupon?: string) {
  const opened = await intentFor(payer, coupon === undefined ? { month } : { month, coupon });
  const confirmed = await confirmCard(payer, opened.clientSecret);
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const saved = await saveTransaction(payer, opened.paymentIntentId);
  expect(saved.statusCode, saved.body).toBe(200);
  return opened;
}
