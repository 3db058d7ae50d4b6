import {
  ChargeReceiptSchema,
  FormerTenantBalancesResponseSchema,
  MaintenanceRequestSchema,
  MyChargesSchema,
  RentRollPageSchema,
  TenantAccountSchema,
} from '@structomate/contract';
import { randomUUID } from 'node:crypto';
import { and, count, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, loginAs, type Session, type TestApp } from '../../../test/build';
import { runScheduledJob } from '../../../test/jobs';
import {
  errorMessage,
  leaseIdOf,
  memberRow,
  newMember,
  removeMember,
} from '../../../test/payments';
import type { Person } from '../../../test/people';
import { auditLog, charges, mailMessages, notifications, users } from '../../db/schema';
import { FakeClock } from '../../lib/clock';
import { checkViolation } from '../../lib/db-errors';
import { sendNotificationsJob } from '../notifications/notifications.service';

// Dhaka time.
const NOW = '2026-11-23T10:00:00+06:00';
const clock = new FakeClock(NOW);
let t: TestApp;
let admin: Session;
let tenant: Person;
let neighbour: Person;
beforeAll(async () => {
  t = await buildTestApp({ demo: true, clock });
  admin = await loginAs(t.app, 'admin');
  tenant = await newMember(t, 'C-204', 'Rina Tenant');
  neighbour = await newMember(t, 'A-101', 'Nabil Neighbour');
});
afterAll(() => t.close());
beforeEach(async () => {
  clock.set(NOW);
  await t.database.db.execute(sql`delete from rate_limits`);
});

/** A request `person` files, with a part charged to them: the charge and how it is described. */
async function charged(person: Person, what: string, amount: number) {
  const filed = await person.inject({
    method: 'POST',
    url: '/api/maintenance/requests',
    payload: {
      category: 'plumbing',
      title: `${what} broken`,
      description: 'It broke.',
      location: 'Kitchen',
      urgency: 'routine',
      entryPermission: true,
    },
  });
  expect(filed.statusCode, filed.body).toBe(201);
  const request = MaintenanceRequestSchema.parse(filed.json());
  const costed = await admin.inject({
    method: 'POST',
    url: `/api/admin/maintenance/${request._id}/costs`,
    payload: { key: randomUUID(), kind: 'parts', description: what, amount, chargeTenant: true },
  });
  expect(costed.statusCode, costed.body).toBe(200);
  const id = MaintenanceRequestSchema.parse(costed.json()).costs.at(-1)?.chargeId ?? '';
  const [row] = await t.database.db
    .select({ agreementId: charges.agreementId })
    .from(charges)
    .where(eq(charges.id, id));
  return {
    id,
    requestId: request._id,
    agreementId: row?.agreementId ?? '',
    description: `Repair #${request.number} — Parts: ${what}`,
  };
}

const cancel = (caller: { inject: Session['inject'] }, id: string, payload: object) =>
  caller.inject({ method: 'POST', url: `/api/admin/charges/${id}/cancel`, payload });

const pay = (id: string) =>
  admin.inject({
    method: 'POST',
    url: `/api/admin/charges/${id}/payment`,
    payload: { method: 'cash', receivedOn: '2026-11-23' },
  });

const owedBy = async (person: Person) =>
  MyChargesSchema.parse((await person.inject({ method: 'GET', url: '/api/charges' })).json()).owed;

const rollOwed = async (apartmentNo: string) =>
  RentRollPageSchema.parse(
    (await admin.inject({ method: 'GET', url: `/api/admin/rent-roll?q=${apartmentNo}` })).json(),
  ).result[0]?.chargesOwed;

const chargeOnAccount = async (person: Person, id: string) =>
  TenantAccountSchema.parse(
    (await admin.inject({ method: 'GET', url: `/api/tenants/${person.id}/account` })).json(),
  ).charges.find((charge) => charge._id === id);

const rowOf = async (id: string) =>
  (await t.database.db.select().from(charges).where(eq(charges.id, id)))[0];

const auditsOf = async (id: string) =>
  t.database.db
    .select({ summary: auditLog.summary, actorId: auditLog.actorId })
    .from(auditLog)
    .where(and(eq(auditLog.subjectId, id), eq(auditLog.action, 'charge.cancelled')));

const noticesOf = async (id: string, kind: string) =>
  (
    await t.database.db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.kind, kind), sql`${notifications.data}->>'chargeId' = ${id}`))
  )[0]?.n ?? 0;

const mailsAbout = async (person: Person, kind: string, description: string) =>
  t.database.db
    .select({ subject: mailMessages.subject, text: mailMessages.text })
    .from(mailMessages)
    .where(
      and(
        eq(mailMessages.toAddress, person.email),
        eq(mailMessages.kind, kind),
        like(mailMessages.text, `%${description}%`),
      ),
    )
    .orderBy(mailMessages.createdAt);

describe('cancelling a charge made by mistake', () => {
  it('is owed by no one after, everywhere, kept as it was, the tenant told why', async () => {
    const owedBefore = await owedBy(tenant);
    const rollBefore = (await rollOwed('C-204')) ?? 0;
    const basin = await charged(tenant, 'Basin', 12_500);
    expect(await owedBy(tenant)).toBe(owedBefore + 12_500);
    expect(await rollOwed('C-204')).toBe(rollBefore + 12_500);
    expect((await memberRow(admin, tenant))?.chargesOwed).toBe(owedBefore + 12_500);

    // Cancelled before the notice that charged it went out: that notice is withdrawn.
    clock.set('2026-11-24T15:00:00+06:00');
    const cancelled = await cancel(admin, basin.id, { reason: '  Typed 12,500 for 1,250  ' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(ChargeReceiptSchema.parse(cancelled.json())).toMatchObject({
      _id: basin.id,
      amount: 12_500,
      paid: null,
      cancelled: { at: '2026-11-24T09:00:00.000Z', reason: 'Typed 12,500 for 1,250' },
      tenant: { name: 'Rina Tenant' },
    });
    expect(await owedBy(tenant)).toBe(owedBefore);
    expect(await rollOwed('C-204')).toBe(rollBefore);
    expect((await memberRow(admin, tenant))?.chargesOwed).toBe(owedBefore);
    expect(await chargeOnAccount(tenant, basin.id)).toMatchObject({
      cancelled: { reason: 'Typed 12,500 for 1,250' },
    });
    const request = MaintenanceRequestSchema.parse(
      (
        await admin.inject({ method: 'GET', url: `/api/maintenance/requests/${basin.requestId}` })
      ).json(),
    );
    expect(request.costs.at(-1)).toMatchObject({
      chargeId: basin.id,
      chargePaid: false,
      chargeCancelled: true,
    });
    // The request's timeline says so, to the tenant as well, after the line that charged it.
    const cancelledStep = {
      kind: 'charge-cancelled',
      at: '2026-11-24T09:00:00.000Z',
      actorName: admin.user.displayName,
      text: 'No longer charged to the tenant: 12,500 BDT (Parts: Basin). Reason: Typed 12,500 for 1,250',
      internal: false,
    };
    expect(request.timeline.at(-1)).toMatchObject(cancelledStep);
    expect(request.timeline.at(-2)).toMatchObject({ kind: 'cost' });
    const seenByTenant = MaintenanceRequestSchema.parse(
      (
        await tenant.inject({ method: 'GET', url: `/api/maintenance/requests/${basin.requestId}` })
      ).json(),
    );
    expect(seenByTenant.timeline.at(-1)).toMatchObject(cancelledStep);
    expect(await rowOf(basin.id)).toMatchObject({
      amount: 12_500,
      cancelledBy: admin.user._id,
      cancelReason: 'Typed 12,500 for 1,250',
      paidAt: null,
    });
    expect(await auditsOf(basin.id)).toEqual([
      {
        actorId: admin.user._id,
        summary: `${admin.user.displayName} cancelled “${basin.description}”, 12,500 BDT charged to Rina Tenant. Reason: Typed 12,500 for 1,250`,
      },
    ]);

    // Cancelled once: again, a payment and an undo of one are refused, and nothing changes.
    const again = await cancel(admin, basin.id, { reason: 'Twice' });
    expect(again.statusCode).toBe(409);
    expect(errorMessage(again)).toBe('This charge is cancelled already.');
    const paid = await pay(basin.id);
    expect(paid.statusCode).toBe(409);
    expect(errorMessage(paid)).toBe('This charge is cancelled: nothing is owed for it.');
    const undo = await admin.inject({
      method: 'POST',
      url: `/api/admin/charges/${basin.id}/payment/undo`,
      payload: { reason: 'Not paid' },
    });
    expect(undo.statusCode).toBe(409);
    expect(await rowOf(basin.id)).toMatchObject({
      paidAt: null,
      cancelReason: 'Typed 12,500 for 1,250',
    });
    expect(await auditsOf(basin.id)).toHaveLength(1);
    expect(await noticesOf(basin.id, 'charge-cancelled')).toBe(1);

    await runScheduledJob(t.app, sendNotificationsJob);
    expect(await mailsAbout(tenant, 'maintenance-charge', 'Basin')).toEqual([]);
    const [mail] = await mailsAbout(tenant, 'charge-cancelled', basin.description);
    expect(mail?.subject).toBe(`Cancelled: “${basin.description}” is no longer owed`);
    expect(mail?.text).toContain(
      `the building office charged “${basin.description}”, 12,500 BDT, to your account on 23 November 2026 and cancelled it before telling you of it: you do not owe it.`,
    );
    expect(mail?.text).toContain('The office’s reason: Typed 12,500 for 1,250');
    expect(mail?.text).toContain(`/dashboard/charges/${basin.id}`);

    // The tenant reads it cancelled too, with the reason.
    const own = await tenant.inject({ method: 'GET', url: `/api/charges/${basin.id}` });
    expect(ChargeReceiptSchema.parse(own.json()).cancelled?.reason).toBe('Typed 12,500 for 1,250');
  });

  it('refuses a paid charge until its payment is undone; the tenant told it was charged', async () => {
    const tap = await charged(tenant, 'Tap', 900);
    await runScheduledJob(t.app, sendNotificationsJob);
    expect(await mailsAbout(tenant, 'maintenance-charge', 'Tap')).toHaveLength(1);
    expect((await pay(tap.id)).statusCode).toBe(200);

    const refused = await cancel(admin, tap.id, { reason: 'The building pays it' });
    expect(refused.statusCode).toBe(409);
    expect(errorMessage(refused)).toBe(
      'This charge is paid: undo its payment before cancelling it.',
    );
    expect(await rowOf(tap.id)).toMatchObject({ method: 'cash', cancelledAt: null });
    expect(await auditsOf(tap.id)).toEqual([]);

    const undone = await admin.inject({
      method: 'POST',
      url: `/api/admin/charges/${tap.id}/payment/undo`,
      payload: { reason: 'Recorded for the wrong charge' },
    });
    expect(undone.statusCode, undone.body).toBe(200);
    const cancelled = await cancel(admin, tap.id, { reason: 'The building pays it' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await runScheduledJob(t.app, sendNotificationsJob);
    const [mail] = await mailsAbout(tenant, 'charge-cancelled', tap.description);
    expect(mail?.text).toContain(
      `the building office cancelled “${tap.description}”, 900 BDT charged to you on 23 November 2026: you do not owe it.`,
    );
  });

  it('refuses bad input, other roles and an unknown charge; nothing changes', async () => {
    const pipe = await charged(tenant, 'Pipe', 450);
    const visitor = { inject: t.app.inject.bind(t.app) } as unknown as Session;
    const user = await loginAs(t.app, 'user');
    for (const [caller, body, code, message] of [
      [admin, {}, 400, 'Say why the charge is cancelled'],
      [admin, { reason: '   ' }, 400, 'Say why the charge is cancelled'],
      [admin, { reason: 'no' }, 400, 'The reason needs at least 3 characters'],
      [admin, { reason: 'x'.repeat(201) }, 400, 'The reason has at most 200 characters'],
      [admin, { reason: 'Mistake', extra: 1 }, 400, undefined],
      [tenant, { reason: 'I do not owe it' }, 403, undefined],
      [neighbour, { reason: 'Not mine' }, 403, undefined],
      [user, { reason: 'Not mine' }, 403, undefined],
      [visitor, { reason: 'Not mine' }, 401, undefined],
    ] as const) {
      const response = await cancel(caller, pipe.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(code);
      if (message) expect(errorMessage(response)).toContain(message);
    }
    const unknown = await cancel(admin, randomUUID(), { reason: 'Typed wrong' });
    expect(unknown.statusCode).toBe(404);
    expect(errorMessage(unknown)).toBe('No charge has this id (or it is not yours).');
    const malformed = await cancel(admin, 'not-an-id', { reason: 'Typed wrong' });
    expect(malformed.statusCode).toBe(400);

    expect(await rowOf(pipe.id)).toMatchObject({ cancelledAt: null, cancelReason: null });
    expect(await auditsOf(pipe.id)).toEqual([]);
    expect(await noticesOf(pipe.id, 'charge-cancelled')).toBe(0);
  });

  it('takes a cancelled charge off what a former tenant owes', async () => {
    const leaving = await newMember(t, 'C-302', 'Leaving Tenant');
    const door = await charged(leaving, 'Door', 700);
    await removeMember(t, leaving);
    const formerRow = async () =>
      FormerTenantBalancesResponseSchema.parse(
        (await admin.inject({ method: 'GET', url: '/api/tenants/former-balances' })).json(),
      ).result.find((row) => row._id === leaving.id);
    const before = await formerRow();
    expect(before).toMatchObject({ owedCharges: 1 });
    expect((await cancel(admin, door.id, { reason: 'Door was already broken' })).statusCode).toBe(
      200,
    );
    const after = await formerRow();
    expect(after?.owedCharges ?? 0).toBe(0);
    expect(after?.owedAmount ?? 0).toBe((before?.owedAmount ?? 0) - 700);
  });

  it('is mailed under the topic the charge was told under', async () => {
    // Receipts off, maintenance status on.
    const read = await neighbour.inject({ method: 'GET', url: '/api/account/notifications' });
    const saved = await neighbour.inject({
      method: 'PUT',
      url: '/api/account/notifications',
      payload: { ...(read.json() as object), receipts: false, repairUpdates: true },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const repair = await charged(neighbour, 'Socket', 650);
    await runScheduledJob(t.app, sendNotificationsJob);
    expect(await mailsAbout(neighbour, 'maintenance-charge', 'Socket')).toHaveLength(1);
    expect(
      (await cancel(admin, repair.id, { reason: 'Wiring is the building’s' })).statusCode,
    ).toBe(200);
    const byHand = await admin.inject({
      method: 'POST',
      url: `/api/tenants/${neighbour.id}/charges`,
      payload: {
        agreementId: repair.agreementId,
        description: 'Spare key cut',
        amount: 150,
        key: randomUUID(),
      },
    });
    expect(byHand.statusCode, byHand.body).toBe(201);
    const handId = ChargeReceiptSchema.parse(byHand.json())._id;
    expect((await cancel(admin, handId, { reason: 'Key was returned' })).statusCode).toBe(200);
    await runScheduledJob(t.app, sendNotificationsJob);
    // Told of the repair's charge under Maintenance status, so told of its cancellation too; the
    // charge added by hand, a receipt-like notice they turned off, is cancelled unmailed.
    expect(await mailsAbout(neighbour, 'charge-cancelled', repair.description)).toHaveLength(1);
    expect(await mailsAbout(neighbour, 'charge-cancelled', 'Spare key cut')).toEqual([]);
    expect(await noticesOf(handId, 'charge-cancelled')).toBe(1);
  });

  it('is kept by the database: whole, with a reason, never paid nor changed again', async () => {
    const lamp = await charged(neighbour, 'Lamp', 300);
    const db = t.database.db;
    const refusedBy = async (statement: PromiseLike<unknown>) => {
      try {
        await statement;
      } catch (error) {
        return checkViolation(error);
      }
      return 'taken';
    };
    // Cancelled without a reason or without who did it; an empty reason.
    expect(
      await refusedBy(
        db
          .update(charges)
          .set({ cancelledAt: new Date(NOW) })
          .where(eq(charges.id, lamp.id)),
      ),
    ).toBe('charges_cancelled_whole');
    expect(
      await refusedBy(
        db
          .update(charges)
          .set({ cancelledAt: new Date(NOW), cancelledBy: admin.user._id, cancelReason: '' })
          .where(eq(charges.id, lamp.id)),
      ),
    ).toBe('charges_cancel_reason_length');
    // Paid and cancelled at once.
    expect(
      await refusedBy(
        db
          .update(charges)
          .set({
            cancelledAt: new Date(NOW),
            cancelledBy: admin.user._id,
            cancelReason: 'Mistake',
            method: 'cash',
            receivedOn: '2026-11-23',
            recordedBy: admin.user._id,
            paidAt: new Date(NOW),
          })
          .where(eq(charges.id, lamp.id)),
      ),
    ).toBe('charges_paid_or_cancelled');
    expect((await cancel(admin, lamp.id, { reason: 'Mistake' })).statusCode).toBe(200);
    // Once cancelled, no change at all: paid, cancelled no more, another amount or reason.
    for (const change of [
      {
        method: 'cash' as const,
        receivedOn: '2026-11-23',
        recordedBy: admin.user._id,
        paidAt: new Date(NOW),
        cancelledAt: null,
        cancelledBy: null,
        cancelReason: null,
      },
      { cancelledAt: null, cancelledBy: null, cancelReason: null },
      { amount: 30 },
      { cancelReason: 'Another reason' },
    ]) {
      expect(
        await refusedBy(db.update(charges).set(change).where(eq(charges.id, lamp.id))),
        JSON.stringify(change),
      ).toBe('charges_cancelled_final');
    }
    expect(await rowOf(lamp.id)).toMatchObject({ amount: 300, cancelReason: 'Mistake' });
  });
});

const add = (caller: { inject: Session['inject'] }, person: Person, payload: object) =>
  caller.inject({ method: 'POST', url: `/api/tenants/${person.id}/charges`, payload });

const chargesOf = async (person: Person) =>
  t.database.db.select().from(charges).where(eq(charges.tenantId, person.id));

const addedAudits = async () =>
  (
    await t.database.db
      .select({ n: count() })
      .from(auditLog)
      .where(eq(auditLog.action, 'charge.added'))
  )[0]?.n ?? 0;

const addedNotices = async (person: Person) =>
  (
    await t.database.db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, person.id), eq(notifications.kind, 'charge-added')))
  )[0]?.n ?? 0;

describe('a charge added by hand', () => {
  it('is owed besides the rent everywhere, once however often it is sent, the tenant told', async () => {
    const agreementId = await leaseIdOf(t, tenant);
    const before = await owedBy(tenant);
    const chargedBefore = (await chargesOf(tenant)).length;
    const toldBefore = await addedNotices(tenant);
    const body = {
      agreementId,
      description: '  Water bill, November 2026  ',
      amount: 1_850,
      key: randomUUID(),
    };
    const added = await add(admin, tenant, body);
    expect(added.statusCode, added.body).toBe(201);
    const charge = ChargeReceiptSchema.parse(added.json());
    expect(charge).toMatchObject({
      description: 'Water bill, November 2026',
      amount: 1_850,
      apartmentNo: 'C-204',
      requestId: null,
      paid: null,
      cancelled: null,
      tenant: { _id: tenant.id, name: 'Rina Tenant' },
    });
    expect(await owedBy(tenant)).toBe(before + 1_850);
    expect((await memberRow(admin, tenant))?.chargesOwed).toBe(before + 1_850);
    expect(await rollOwed('C-204')).toBe(before + 1_850);
    const account = TenantAccountSchema.parse(
      (await admin.inject({ method: 'GET', url: `/api/tenants/${tenant.id}/account` })).json(),
    );
    expect(account.charges.map((c) => c._id)).toContain(charge._id);
    const [audited] = await t.database.db
      .select({ summary: auditLog.summary })
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, charge._id), eq(auditLog.action, 'charge.added')));
    expect(audited?.summary).toBe(
      `${admin.user.displayName} charged Rina Tenant 1,850 BDT for “Water bill, November 2026” (apartment C-204)`,
    );

    // Sent again under its key (a lost answer, a second click): the same charge, once.
    const again = await add(admin, tenant, body);
    expect(again.statusCode, again.body).toBe(201);
    expect(ChargeReceiptSchema.parse(again.json())._id).toBe(charge._id);
    // The same key with other details is the sender's mistake, refused.
    const reused = await add(admin, tenant, { ...body, amount: 1_900 });
    expect(reused.statusCode).toBe(409);
    expect(errorMessage(reused)).toBe(
      'This charge was sent before with other details: reload the page to see it.',
    );
    expect(await chargesOf(tenant)).toHaveLength(chargedBefore + 1);
    expect(await addedNotices(tenant)).toBe(toldBefore + 1);

    // Paid at the office like any charge.
    const paid = await admin.inject({
      method: 'POST',
      url: `/api/admin/charges/${charge._id}/payment`,
      payload: { method: 'bkash', receivedOn: '2026-11-23' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await owedBy(tenant)).toBe(before);

    await runScheduledJob(t.app, sendNotificationsJob);
    const [mail] = await t.database.db
      .select({ subject: mailMessages.subject, text: mailMessages.text })
      .from(mailMessages)
      .where(
        and(
          eq(mailMessages.toAddress, tenant.email),
          eq(mailMessages.kind, 'charge-added'),
          like(mailMessages.text, '%Water bill%'),
        ),
      );
    expect(mail?.subject).toBe('1,850 BDT charged to you: “Water bill, November 2026”');
    expect(mail?.text).toContain(
      'the building office charged 1,850 BDT to your account for apartment C-204: “Water bill, November 2026”.',
    );
    expect(mail?.text).toContain(`/dashboard/charges/${charge._id}`);
  });

  it('cancelled before its notice went out, the notice is withdrawn', async () => {
    const added = await add(admin, neighbour, {
      agreementId: await leaseIdOf(t, neighbour),
      description: 'Key replaced',
      amount: 400,
      key: randomUUID(),
    });
    expect(added.statusCode, added.body).toBe(201);
    const { _id } = ChargeReceiptSchema.parse(added.json());
    const cancelled = await admin.inject({
      method: 'POST',
      url: `/api/admin/charges/${_id}/cancel`,
      payload: { reason: 'The key was found' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await addedNotices(neighbour)).toBe(0);
  });

  it('charges a former tenant on their ended lease, and no one whose account was deleted', async () => {
    const leaving = await newMember(t, 'C-302', 'Leaving Tenant');
    const agreementId = await leaseIdOf(t, leaving);
    await removeMember(t, leaving);
    const cleaningSent = {
      agreementId,
      description: 'Cleaning after moving out',
      amount: 2_000,
      key: randomUUID(),
    };
    const cleaning = await add(admin, leaving, cleaningSent);
    expect(cleaning.statusCode, cleaning.body).toBe(201);

    const gone = await newMember(t, 'A-301', 'Gone Tenant');
    const goneLease = await leaseIdOf(t, gone);
    await removeMember(t, gone);
    await t.database.db
      .update(users)
      .set({ deletedAt: new Date(NOW), displayName: 'Deleted account' })
      .where(eq(users.id, gone.id));
    const refused = await add(admin, gone, {
      agreementId: goneLease,
      description: 'Cleaning after moving out',
      amount: 2_000,
      key: randomUUID(),
    });
    expect(refused.statusCode).toBe(409);
    expect(errorMessage(refused)).toBe('This account was deleted: nothing can be charged to it.');
    expect(await chargesOf(gone)).toEqual([]);
    expect(await addedNotices(gone)).toBe(0);
    // The rent account says so (the page offers no charge to add), as the server sends it.
    const personOn = async (person: Person) =>
      (
        (
          await admin.inject({ method: 'GET', url: `/api/tenants/${person.id}/account` })
        ).json() as {
          person: { deleted?: unknown };
        }
      ).person.deleted;
    expect(await personOn(gone)).toBe(true);
    expect(await personOn(leaving)).toBe(false);

    // A charge sent again under its key once the account is gone (its answer was lost) is
    // answered with the charge made, not refused.
    await t.database.db
      .update(users)
      .set({ deletedAt: new Date(NOW), displayName: 'Deleted account' })
      .where(eq(users.id, leaving.id));
    const again = await add(admin, leaving, cleaningSent);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({ _id: cleaning.json()._id });
    expect(await chargesOf(leaving)).toHaveLength(1);
  });

  it('refuses bad input, another person’s lease, other roles; nothing is added', async () => {
    const agreementId = await leaseIdOf(t, tenant);
    const good = { agreementId, description: 'Service charge', amount: 500 };
    const user = await loginAs(t.app, 'user');
    const visitor = { inject: t.app.inject.bind(t.app) } as unknown as Session;
    const chargesBefore = (await chargesOf(tenant)).length;
    const auditsBefore = await addedAudits();
    const noticesBefore = await addedNotices(tenant);
    for (const [caller, body, code, field, message] of [
      [admin, { ...good, description: '   ' }, 400, 'description', 'Description is required'],
      [admin, { ...good, description: 'x'.repeat(201) }, 400, 'description', undefined],
      [admin, { ...good, description: 'Two\nlines' }, 400, 'description', undefined],
      [admin, { ...good, amount: 0 }, 400, 'amount', 'Enter an amount of at least 1 BDT'],
      [admin, { ...good, amount: 12.5 }, 400, 'amount', 'Enter a whole number of BDT'],
      [admin, { ...good, amount: 10_000_001 }, 400, 'amount', undefined],
      [admin, { ...good, amount: '500' }, 400, 'amount', undefined],
      [admin, { ...good, agreementId: 'nope' }, 400, 'agreementId', undefined],
      [admin, { ...good, key: 'nope' }, 400, 'key', undefined],
      [admin, { ...good, key: undefined }, 400, 'key', undefined],
      [admin, { ...good, extra: 1 }, 400, undefined, undefined],
      [tenant, good, 403, undefined, undefined],
      [neighbour, good, 403, undefined, undefined],
      [user, good, 403, undefined, undefined],
      [visitor, good, 401, undefined, undefined],
    ] as const) {
      const response = await add(caller, tenant, {
        key: randomUUID(),
        ...body,
      });
      expect(response.statusCode, JSON.stringify(body)).toBe(code);
      if (field) expect(response.body, JSON.stringify(body)).toContain(`"path":"${field}"`);
      if (message) expect(errorMessage(response)).toContain(message);
    }
    // A lease that is not theirs, and a person who is not there.
    const neighbours = await add(admin, tenant, {
      ...good,
      agreementId: await leaseIdOf(t, neighbour),
      key: randomUUID(),
    });
    expect(neighbours.statusCode).toBe(404);
    expect(errorMessage(neighbours)).toBe('This person holds no such lease');
    const nobody = await admin.inject({
      method: 'POST',
      url: `/api/tenants/${randomUUID()}/charges`,
      payload: { ...good, key: randomUUID() },
    });
    expect(nobody.statusCode).toBe(404);
    expect((await chargesOf(tenant)).length).toBe(chargesBefore);
    expect(await addedAudits()).toBe(auditsBefore);
    expect(await addedNotices(tenant)).toBe(noticesBefore);
  });
});
