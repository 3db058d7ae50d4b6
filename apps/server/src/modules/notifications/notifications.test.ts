import {
  AgreementDecisionResponseSchema,
  dayLabel,
  DEFAULT_MAIL_PREFERENCES,
  MailPreferencesSchema,
  ordinal,
  UNSUBSCRIBE_MESSAGES,
} from '@structomate/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  demoAccount,
  loginAs,
  type Session,
  type TestApp,
} from '../../../test/build';
import { runScheduledJob } from '../../../test/jobs';
import {
  confirmCard,
  intentFor,
  ledgerOf,
  newApplicant,
  newMember,
  payMonth,
  saveTransaction,
} from '../../../test/payments';
import { newPerson, type Person } from '../../../test/people';
import { agreements, mailMessages, notifications, users } from '../../db/schema';
import { FakeClock } from '../../lib/clock';
import { leaseEndingNoticesJob, rentNoticesJob } from '../../jobs';
import { sendNotificationsJob } from './notifications.service';

// Dhaka time. Leases signed today start today; rent falls due on the 5th (the demo's terms).
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

/**
 * Runs the notification job as its schedule would (the commit's wake-up comes a moment later, on
 * its own), then what it queues, and returns the mail `email` got of `kind`.
 */
async function mailOf(email: string, kind: string) {
  await runScheduledJob(t.app, sendNotificationsJob);
  return t.database.db
    .select()
    .from(mailMessages)
    .where(and(eq(mailMessages.toAddress, email), eq(mailMessages.kind, kind)))
    .orderBy(desc(mailMessages.createdAt));
}

const preferences = (as: Session | Person) =>
  as.inject({ method: 'GET', url: '/api/account/notifications' });
const setPreferences = (as: Session | Person, payload: unknown) =>
  as.inject({ method: 'PUT', url: '/api/account/notifications', payload: payload as object });

/** The office records `months` of the person's lease paid in cash today. */
async function recordCash(person: Person, months: string[]) {
  const [lease] = await t.database.db
    .select({ id: agreements.id })
    .from(agreements)
    .where(eq(agreements.tenantId, person.id));
  return admin.inject({
    method: 'POST',
    url: `/api/tenants/${person.id}/payments`,
    payload: { agreementId: lease?.id, method: 'cash', receivedOn: '2026-11-23', months },
  });
}

const unsubscribeQuery = (url: string | null) => new URL(url ?? '').searchParams;

describe('receipts', () => {
  it('a card payment mails a receipt, with a one-click unsubscribe', async () => {
    const tenant = await newMember(t, 'C-204', 'Receipt Tenant');
    await payMonth(tenant, '2026-11');
    const [receipt] = await mailOf(tenant.email, 'receipt');
    expect(receipt).toMatchObject({ subject: 'Receipt: rent for November 2026', status: 'sent' });
    expect(receipt?.text).toMatch(/Receipt Tenant, thank you/);
    expect(receipt?.text).toMatch(/C-204/);
    expect(receipt?.text).toMatch(/Paid by\s+Card/);
    expect(receipt?.text).toMatch(/\/dashboard\/paymentHistory\/[0-9a-f-]{36}/);
    expect(receipt?.text).toContain('Unsubscribe from these emails');
    const query = unsubscribeQuery(receipt?.unsubscribeUrl ?? null);
    expect(query.get('topic')).toBe('receipts');
    expect(receipt?.unsubscribeUrl).toMatch(/^http:\/\/localhost:3000\/api\/unsubscribe\?/);
    // Paying once more for the same month is refused, and mails nothing more.
    expect((await mailOf(tenant.email, 'receipt')).length).toBe(1);
  });

  it('rent recorded by the office mails one receipt per month, naming how it was paid', async () => {
    const tenant = await newMember(t, 'B-504', 'Cash Receipt Tenant');
    const recorded = await recordCash(tenant, ['2026-11', '2026-12']);
    expect(recorded.statusCode, recorded.body).toBe(201);
    const receipts = await mailOf(tenant.email, 'receipt');
    expect(receipts.map((mail) => mail.subject).sort()).toEqual([
      'Receipt: rent for December 2026',
      'Receipt: rent for November 2026',
    ]);
    expect(receipts[0]?.text).toMatch(/Paid by\s+Cash/);
  });

  it('a card charge given back mails the payer once, saying why', async () => {
    const tenant = await newMember(t, 'B-102', 'Refunded Tenant');
    const opened = await intentFor(tenant, { month: '2026-11' });
    // The card goes through, but the browser never saves it; meanwhile the office records
    // November paid in cash, so the charge is given back.
    expect((await confirmCard(tenant, opened.clientSecret)).statusCode).toBe(200);
    const cash = await recordCash(tenant, ['2026-11']);
    expect(cash.statusCode, cash.body).toBe(201);
    const [refund] = await mailOf(tenant.email, 'refund');
    expect(refund).toMatchObject({
      subject: 'Refund: your card payment for November 2026',
      status: 'sent',
    });
    expect(refund?.text).toContain(
      'Hello Refunded Tenant, we refunded your card payment for November 2026 in full, because the month was already paid.',
    );
    expect(refund?.text).toMatch(/Refunded\s+BDT [0-9,]+\.00/);
    expect(refund?.text).toMatch(/\/dashboard\/paymentHistory/);
    // Saving the charge later says it was refunded, and mails nothing more.
    expect((await saveTransaction(tenant, opened.paymentIntentId)).statusCode).toBe(409);
    expect(await mailOf(tenant.email, 'refund')).toHaveLength(1);
  });

  it('is not sent to someone who turned receipts off', async () => {
    const tenant = await newMember(t, 'A-801', 'Quiet Tenant');
    const off = await setPreferences(tenant, { ...DEFAULT_MAIL_PREFERENCES, receipts: false });
    expect(off.statusCode).toBe(200);
    await payMonth(tenant, '2026-11');
    expect(await mailOf(tenant.email, 'receipt')).toEqual([]);
    // The notice was handled, not left waiting.
    const waiting = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, tenant.id));
    expect(waiting.every((row) => row.processedAt !== null)).toBe(true);
  });

  it('leaves a kind this release cannot write to the servers that can (a rolling deploy)', async () => {
    const person = await newPerson(t.app, t.database, 'user', 'Later Release');
    const [later] = await t.database.db
      .insert(notifications)
      .values({ userId: person.id, kind: 'from-a-later-release', data: { any: 'thing' } })
      .returning();
    await runScheduledJob(t.app, sendNotificationsJob);
    const [row] = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.id, later?.id ?? ''));
    expect(row?.processedAt).toBeNull();
    await t.database.db.delete(notifications).where(eq(notifications.id, later?.id ?? ''));
  });
});

describe('preferences and unsubscribe', () => {
  it('every signed-in person reads and saves their own; visitors get 401', async () => {
    const user = await loginAs(t.app, 'user');
    expect(MailPreferencesSchema.parse((await preferences(user)).json())).toEqual(
      DEFAULT_MAIL_PREFERENCES,
    );
    const saved = await setPreferences(user, { ...DEFAULT_MAIL_PREFERENCES, announcements: true });
    expect(saved.json()).toMatchObject({ announcements: true });
    expect((await preferences(user)).json()).toMatchObject({ announcements: true });
    // Another person's preferences are untouched.
    expect((await preferences(await loginAs(t.app, 'member'))).json()).toMatchObject({
      announcements: false,
    });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/account/notifications' })).statusCode,
    ).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/account/notifications',
          payload: DEFAULT_MAIL_PREFERENCES,
        })
      ).statusCode,
    ).toBe(401);
  });

  it('refuses an incomplete or unknown preference with 400 and changes nothing', async () => {
    const member = await loginAs(t.app, 'member');
    const before = (await preferences(member)).json();
    for (const payload of [{ receipts: false }, { ...DEFAULT_MAIL_PREFERENCES, sms: true }, []]) {
      expect((await setPreferences(member, payload)).statusCode).toBe(400);
    }
    expect((await preferences(member)).json()).toEqual(before);
  });

  it('the link in a mail turns its topic off, from our page or a mail app’s one-click POST', async () => {
    const tenant = await newMember(t, 'A-701', 'Unsubscribing Tenant');
    await payMonth(tenant, '2026-11');
    const [receipt] = await mailOf(tenant.email, 'receipt');
    const query = unsubscribeQuery(receipt?.unsubscribeUrl ?? null);
    const token = query.get('token') ?? '';

    const fromPage = await t.app.inject({
      method: 'POST',
      url: '/api/unsubscribe',
      payload: { token, topic: 'receipts' },
    });
    expect(fromPage.statusCode).toBe(200);
    expect(fromPage.json().message).toBe(UNSUBSCRIBE_MESSAGES.done('Payment receipts'));
    expect((await preferences(tenant)).json()).toMatchObject({ receipts: false, rent: true });

    // RFC 8058: the mail app posts a form to the header's address.
    const oneClick = await t.app.inject({
      method: 'POST',
      url: `/api/unsubscribe?${new URLSearchParams({ token, topic: 'rent' })}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect((await preferences(tenant)).json()).toMatchObject({ receipts: false, rent: false });
  });

  it('a tampered or malformed link is a 400 with a clear message, and changes nothing', async () => {
    const member = await loginAs(t.app, 'member');
    const before = (await preferences(member)).json();
    for (const payload of [
      { token: 'not-a-token', topic: 'rent' },
      { token: 'x', topic: 'everything' },
      {},
    ]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/unsubscribe', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(UNSUBSCRIBE_MESSAGES.badLink);
    }
    expect((await preferences(member)).json()).toEqual(before);
  });
});

describe('lease requests', () => {
  it('admins hear of a new request; the applicant hears the decision', async () => {
    const { person, agreementId } = await newApplicant(t, 'C-302', 'Hopeful Applicant');
    const [received] = await mailOf(demoAccount('admin').email, 'request-received');
    expect(received?.subject).toBe('New lease request for C-302');
    expect(received?.text).toContain(`Hopeful Applicant (${person.email}) asks to rent`);

    const rival = await newApplicant(t, 'C-302', 'Second Applicant');
    const accepted = await admin.inject({
      method: 'POST',
      url: '/api/accept/agreements',
      payload: { agreement_id: agreementId },
    });
    expect(accepted.statusCode).toBe(200);
    const [welcome] = await mailOf(person.email, 'request-accepted');
    expect(welcome?.subject).toBe('Your lease for C-302 is accepted');
    // With the lease as accepted.
    const { terms } = AgreementDecisionResponseSchema.parse(accepted.json()).result;
    if (!terms) throw new Error('the lease has no terms');
    const rows = welcome?.text.replace(/\s+/g, ' ');
    for (const text of [
      `Lease starts ${dayLabel(terms.startDate)}`,
      `Rent ${terms.rent.toLocaleString('en-US')} BDT a month, due on the ${ordinal(terms.rentDueDay)}`,
      `Deposit ${terms.deposit.toLocaleString('en-US')} BDT`,
      // When the ledger says the first month falls due.
      `First rent due ${dayLabel((await ledgerOf(person)).months[0]?.dueDate ?? '')}`,
    ]) {
      expect(rows).toContain(text);
    }
    // The other request for the flat was declined with it, and is told so.
    const [declined] = await mailOf(rival.person.email, 'request-rejected');
    expect(declined?.subject).toBe('Your request for C-302 was declined');

    const third = await newApplicant(t, 'C-403', 'Declined Applicant');
    await admin.inject({
      method: 'POST',
      url: '/api/reject/agreements',
      payload: { agreement_id: third.agreementId },
    });
    expect((await mailOf(third.person.email, 'request-rejected')).length).toBe(1);
  });
});

describe('scheduled notices', () => {
  it('reminds once before the due day and tells once when overdue, per lease and month', async () => {
    const tenant = await newMember(t, 'C-501', 'Reminded Tenant');
    const paid = await newMember(t, 'C-602', 'Paid Tenant');
    await payMonth(paid, '2026-11');
    await payMonth(paid, '2026-12');
    await payMonth(tenant, '2026-11');

    // December's rent falls due on the 1st (the demo's terms): a reminder from 28 November.
    clock.set('2026-11-27T09:00:00+06:00');
    await runScheduledJob(t.app, rentNoticesJob);
    expect(await mailOf(tenant.email, 'rent-reminder')).toEqual([]);
    clock.set('2026-11-28T09:00:00+06:00');
    await runScheduledJob(t.app, rentNoticesJob);
    clock.set('2026-11-30T09:00:00+06:00');
    await runScheduledJob(t.app, rentNoticesJob);
    const reminders = await mailOf(tenant.email, 'rent-reminder');
    expect(reminders.length).toBe(1);
    expect(reminders[0]?.subject).toBe('Rent for December 2026 is due on 1 December 2026');
    expect(await mailOf(paid.email, 'rent-reminder')).toEqual([]);

    // Overdue the day after the due day (no grace days in the demo): one notice, however often.
    clock.set('2026-12-02T09:00:00+06:00');
    await runScheduledJob(t.app, rentNoticesJob);
    clock.set('2026-12-03T09:00:00+06:00');
    await runScheduledJob(t.app, rentNoticesJob);
    const overdue = await mailOf(tenant.email, 'rent-overdue');
    expect(overdue.length).toBe(1);
    expect(overdue[0]?.subject).toBe('Rent for December 2026 is overdue');
    expect(await mailOf(paid.email, 'rent-overdue')).toEqual([]);
  });

  it('tells a tenant 60 and then 30 days before the lease ends, once each', async () => {
    const tenant = await newMember(t, 'C-704', 'Leaving Tenant');
    const [lease] = await t.database.db
      .select({ id: agreements.id })
      .from(agreements)
      .where(eq(agreements.tenantId, tenant.id));
    const ended = await admin.inject({
      method: 'POST',
      url: `/api/admin/leases/${lease?.id}/end`,
      payload: { endDate: '2027-02-28' },
    });
    expect(ended.statusCode, ended.body).toBe(200);
    clock.set('2026-12-01T09:00:00+06:00'); // 89 days ahead: nothing yet
    await runScheduledJob(t.app, leaseEndingNoticesJob);
    clock.set('2026-12-30T09:00:00+06:00'); // 60 days
    await runScheduledJob(t.app, leaseEndingNoticesJob);
    clock.set('2027-01-05T09:00:00+06:00');
    await runScheduledJob(t.app, leaseEndingNoticesJob);
    clock.set('2027-01-30T09:00:00+06:00'); // 29 days
    await runScheduledJob(t.app, leaseEndingNoticesJob);
    clock.set('2027-02-10T09:00:00+06:00');
    await runScheduledJob(t.app, leaseEndingNoticesJob);
    const notices = await mailOf(tenant.email, 'lease-ending');
    expect(notices.map((mail) => mail.subject)).toEqual([
      'Your lease ends on 28 February 2027',
      'Your lease ends on 28 February 2027',
    ]);
    expect(notices.map((mail) => /ends in (\d+) days/i.exec(mail.text)?.[1]).sort()).toEqual([
      '29',
      '60',
    ]);
  });
});

describe('announcements by email', () => {
  it('go to those of the audience who opted in, and to nobody else', async () => {
    const keen = await newPerson(t.app, t.database, 'member', 'Keen Reader');
    const quiet = await newPerson(t.app, t.database, 'member', 'Quiet Reader');
    const outsider = await newPerson(t.app, t.database, 'user', 'Outside Reader');
    for (const person of [keen, outsider]) {
      await setPreferences(person, { ...DEFAULT_MAIL_PREFERENCES, announcements: true });
    }
    const posted = await admin.inject({
      method: 'POST',
      url: '/api/makeAnnouncement',
      payload: {
        newAnnouncement: {
          title: 'Water off on Sunday',
          details: 'From 9 to 11 in the morning.',
          type: 'member',
        },
      },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const [mail] = await mailOf(keen.email, 'announcement');
    expect(mail?.subject).toBe('Water off on Sunday');
    expect(mail?.text).toContain('From 9 to 11 in the morning.');
    expect(await mailOf(quiet.email, 'announcement')).toEqual([]);
    expect(await mailOf(outsider.email, 'announcement')).toEqual([]);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, keen.id));
    expect(row?.role).toBe('member');
  });
});
