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
import { errorMessage, memberRow, newMember, removeMember } from '../../../test/payments';
import type { Person } from '../../../test/people';
import { auditLog, charges, mailMessages, notifications } from '../../db/schema';
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
  return { id, requestId: request._id, description: `Repair #${request.number} — Parts: ${what}` };
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
    // Cancelled without a reason or without who did it; a reason too short.
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
          .set({ cancelledAt: new Date(NOW), cancelledBy: admin.user._id, cancelReason: 'no' })
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
