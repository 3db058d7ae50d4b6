import { randomUUID } from 'node:crypto';
import {
  AuditPageSchema,
  DEPOSIT_MESSAGES,
  ErrorResponseSchema,
  MemberAgreementResponseSchema,
  RecordDepositResponseSchema,
  RentRollPageSchema,
  TenantAccountSchema,
  UNDO_PAYMENT_MESSAGES,
} from '@structomate/contract';
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, loginAs, type Session, type TestApp } from '../../../test/build';
import { runScheduledJob } from '../../../test/jobs';
import { errorMessage, leaseIdOf, ledgerOf, newMember, type Payer } from '../../../test/payments';
import type { Person } from '../../../test/people';
import { depositEntries, mailMessages, notifications, users } from '../../db/schema';
import { FakeClock } from '../../lib/clock';
import { checkViolation, uniqueViolation } from '../../lib/db-errors';
import { sendNotificationsJob } from '../notifications/notifications.service';

// Dhaka time; every new lease below is signed and starts on this day.
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

/** A deposit entry sent by the admin, under `key` (a new one unless given). */
const sendDeposit = async (
  person: Person,
  kind: 'received' | 'refunded',
  amount: number,
  key: string = randomUUID(),
) =>
  admin.inject({
    method: 'POST',
    url: `/api/tenants/${person.id}/deposits`,
    payload: {
      key,
      agreementId: await leaseOf(person),
      kind,
      amount,
      method: kind === 'received' ? 'bank' : 'cash',
      reference: kind === 'received' ? 'DBBL 4410' : undefined,
      date: '2026-11-23',
    },
  });

/** Records an entry (its own key) and answers its id. */
async function recorded(person: Person, kind: 'received' | 'refunded', amount: number) {
  const response = await sendDeposit(person, kind, amount);
  expect(response.statusCode, response.body).toBe(201);
  return RecordDepositResponseSchema.parse(response.json()).entry._id;
}

const undo = (person: Person, entryId: string, payload: unknown, as: Payer = admin) =>
  as.inject({
    method: 'POST',
    url: `/api/tenants/${person.id}/deposits/${entryId}/undo`,
    payload: payload as Record<string, unknown>,
  });

async function depositOf(person: Person) {
  const response = await admin.inject({ method: 'GET', url: `/api/tenants/${person.id}/account` });
  expect(response.statusCode, response.body).toBe(200);
  const [deposit] = TenantAccountSchema.parse(response.json()).deposits;
  if (!deposit) throw new Error('no deposit');
  return deposit;
}

/** What the tenant's own lease says: held, and all received. */
async function tenantSees(person: Person) {
  const response = await person.inject({ method: 'POST', url: '/api/member/agreements' });
  const lease = MemberAgreementResponseSchema.parse(response.json()).result;
  return [lease?.depositHeld, lease?.depositReceived];
}

/** The rent roll's deposit for the person's apartment (read through the kept figures). */
async function heldInRoll(name: string) {
  t.app.changesCache.forgetChanges();
  const roll = await admin.inject({
    method: 'GET',
    url: `/api/admin/rent-roll?q=${encodeURIComponent(name)}`,
  });
  return RentRollPageSchema.parse(roll.json()).result.map((row) => row.depositHeld);
}

/** The audit log's undos of the person's lease's deposit entries. */
const undoAudits = async (person: Person) => {
  const lease = await leaseOf(person);
  return AuditPageSchema.parse(
    (await admin.inject({ method: 'GET', url: '/api/audit?action=deposit.undone' })).json(),
  ).result.filter((entry) => entry.subjectId === lease);
};

/** The deposit's mails the person was sent, oldest first. */
async function mailsTo(person: Person) {
  await runScheduledJob(t.app, sendNotificationsJob);
  return t.database.db
    .select({ kind: mailMessages.kind, subject: mailMessages.subject, text: mailMessages.text })
    .from(mailMessages)
    .where(
      and(
        eq(mailMessages.toAddress, person.email),
        inArray(mailMessages.kind, ['deposit-entry', 'deposit-undone']),
      ),
    )
    .orderBy(mailMessages.createdAt);
}

const entryRows = async (person: Person) =>
  (
    await t.database.db
      .select({ n: count() })
      .from(depositEntries)
      .where(eq(depositEntries.agreementId, await leaseOf(person)))
  )[0]?.n ?? 0;

/** How many notices the person has, of any kind, sent or not. */
const noticesOf = async (person: Person) =>
  (
    await t.database.db
      .select({ n: count() })
      .from(notifications)
      .where(eq(notifications.userId, person.id))
  )[0]?.n ?? 0;

describe('POST /api/tenants/:id/deposits/:entryId/undo (an entry recorded by mistake)', () => {
  it('undoes a receipt: nothing of it counts as held or received, its unsent receipt withdrawn, the tenant told why', async () => {
    const tenant = await newMember(t, 'A-101', 'Undone Receipt');
    const receipt = await recorded(tenant, 'received', 16_500);
    expect(await tenantSees(tenant)).toEqual([16_500, 16_500]);
    expect(await heldInRoll('Undone Receipt')).toEqual([16_500]);

    clock.set('2026-11-24T09:00:00+06:00');
    const response = await undo(tenant, receipt, { reason: '  Typed for the wrong tenant ' });
    expect(response.statusCode, response.body).toBe(200);
    const answered = RecordDepositResponseSchema.parse(response.json());
    expect(answered.entry).toMatchObject({
      kind: 'receipt_undone',
      amount: 16_500,
      method: 'bank',
      reference: null,
      date: '2026-11-24',
      undoes: receipt,
      reason: 'Typed for the wrong tenant',
    });
    expect(answered.deposit.held).toBe(0);
    expect(answered.deposit.entries.map((entry) => [entry.kind, entry.amount])).toEqual([
      ['received', 16_500],
      ['receipt_undone', 16_500],
    ]);
    expect((await depositOf(tenant)).held).toBe(0);
    // Neither held nor received: the tenant is not told it was given back.
    expect(await tenantSees(tenant)).toEqual([0, 0]);
    expect((await ledgerOf(tenant)).leases.map((l) => [l.depositHeld, l.depositReceived])).toEqual([
      [0, 0],
    ]);
    expect(await heldInRoll('Undone Receipt')).toEqual([0]);

    const [audit, ...more] = await undoAudits(tenant);
    expect(more).toEqual([]);
    expect(audit).toMatchObject({
      subjectType: 'lease',
      subjectId: await leaseOf(tenant),
      before: {
        held: 16_500,
        entry: { id: receipt, kind: 'received', amount: 16_500, reference: 'DBBL 4410' },
      },
      after: { held: 0, undoneBy: answered.entry._id, reason: 'Typed for the wrong tenant' },
    });
    expect(audit?.summary).toBe(
      'Nadia Rahman undid the deposit receipt of 16,500 BDT by bank transfer on 23 November 2026 recorded for Undone Receipt, apartment A-101, ref DBBL 4410. Reason: Typed for the wrong tenant',
    );

    // The receipt had not gone out: it is withdrawn, and the correction says so.
    const mails = await mailsTo(tenant);
    expect(mails.map((mail) => [mail.kind, mail.subject])).toEqual([
      ['deposit-undone', 'Correction: the deposit of 16,500 BDT was not received'],
    ]);
    expect(mails[0]?.text).toContain(
      'the building office had recorded 16,500 BDT received by bank transfer on 23 November 2026 as the security deposit for apartment A-101. It has undone that record, before its receipt was sent: the building now holds 0 BDT of your deposit.',
    );
    expect(mails[0]?.text).toContain('The office’s reason: Typed for the wrong tenant');

    // Once only; and an undo is not undone.
    const again = await undo(tenant, receipt, { reason: 'Once more' });
    expect(again.statusCode).toBe(409);
    expect(errorMessage(again)).toBe(DEPOSIT_MESSAGES.alreadyUndone);
    const ofUndo = await undo(tenant, answered.entry._id, { reason: 'Undo the undo' });
    expect(ofUndo.statusCode).toBe(409);
    expect(errorMessage(ofUndo)).toBe(DEPOSIT_MESSAGES.undoOfUndo);
    expect(await entryRows(tenant)).toBe(2);
    expect(await undoAudits(tenant)).toHaveLength(1);
  });

  it('undoes a refund: the amount is held again; a receipt sent before no longer holds', async () => {
    const tenant = await newMember(t, 'A-202', 'Undone Refund');
    await recorded(tenant, 'received', 10_000);
    const refund = await recorded(tenant, 'refunded', 4_000);
    // Both receipts go out first.
    expect((await mailsTo(tenant)).map((mail) => mail.kind)).toEqual([
      'deposit-entry',
      'deposit-entry',
    ]);
    const response = await undo(tenant, refund, { reason: 'The tenant never took it' });
    expect(response.statusCode, response.body).toBe(200);
    expect(RecordDepositResponseSchema.parse(response.json()).deposit.held).toBe(10_000);
    expect(await tenantSees(tenant)).toEqual([10_000, 10_000]);
    const mails = await mailsTo(tenant);
    expect(mails.map((mail) => mail.subject).at(-1)).toBe(
      'Correction: 4,000 BDT of your deposit was not given back',
    );
    expect(mails.at(-1)?.text).toContain(
      'the building office had recorded 4,000 BDT of the security deposit for apartment A-202 given back by cash on 23 November 2026. It has undone that record, and the receipt it sent you no longer holds: the building now holds 10,000 BDT of your deposit.',
    );
    // A refund may be recorded again, and so given back for real.
    expect(await recorded(tenant, 'refunded', 10_000)).toBeTruthy();
    expect((await depositOf(tenant)).held).toBe(0);
  });

  it('refuses to undo a receipt whose money went out since (409), until what went out is undone', async () => {
    const tenant = await newMember(t, 'A-301', 'Spent Receipt');
    const receipt = await recorded(tenant, 'received', 10_000);
    const refund = await recorded(tenant, 'refunded', 6_000);
    const refused = await undo(tenant, receipt, { reason: 'Never came' });
    expect(refused.statusCode).toBe(409);
    expect(errorMessage(refused)).toBe(
      'Only 4,000 BDT of the deposit is held now: undo what was given back or paid as rent from it first.',
    );
    expect(await entryRows(tenant)).toBe(2);
    expect(await undoAudits(tenant)).toHaveLength(0);
    expect((await undo(tenant, refund, { reason: 'Never given' })).statusCode).toBe(200);
    expect((await undo(tenant, receipt, { reason: 'Never came' })).statusCode).toBe(200);
    expect((await depositOf(tenant)).held).toBe(0);
    expect(await tenantSees(tenant)).toEqual([0, 0]);
  });

  it('refuses bad input, unknown or someone else’s entries and other roles; nothing changes', async () => {
    const tenant = await newMember(t, 'A-404', 'Undo Checks');
    const neighbour = await newMember(t, 'A-502', 'Undo Neighbour');
    const receipt = await recorded(tenant, 'received', 5_000);
    const before = await entryRows(tenant);
    const cases: [unknown, string][] = [
      [{}, UNDO_PAYMENT_MESSAGES.reasonRequired],
      [{ reason: '   ' }, UNDO_PAYMENT_MESSAGES.reasonRequired],
      [{ reason: 'ab' }, UNDO_PAYMENT_MESSAGES.reasonTooShort],
      [{ reason: 'x'.repeat(201) }, UNDO_PAYMENT_MESSAGES.reasonTooLong],
    ];
    for (const [payload, message] of cases) {
      const response = await undo(tenant, receipt, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(ErrorResponseSchema.parse(response.json()).error.issues).toContainEqual({
        path: 'reason',
        message,
      });
    }
    expect((await undo(tenant, receipt, { reason: 'Mistake', extra: 1 })).statusCode).toBe(400);
    expect((await undo(tenant, 'not-an-id', { reason: 'Mistake' })).statusCode).toBe(400);
    // Another person's entry, or none: not found under this person.
    for (const [person, id] of [
      [neighbour, receipt],
      [tenant, randomUUID()],
    ] as const) {
      const response = await undo(person, id, { reason: 'Mistake' });
      expect(response.statusCode).toBe(404);
      expect(errorMessage(response)).toBe(DEPOSIT_MESSAGES.entryNotFound);
    }
    expect((await undo(tenant, receipt, { reason: 'Mistake' }, tenant)).statusCode).toBe(403);
    const user = await loginAs(t.app, 'user');
    expect((await undo(tenant, receipt, { reason: 'Mistake' }, user)).statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/tenants/${tenant.id}/deposits/${receipt}/undo`,
          payload: { reason: 'Mistake' },
        })
      ).statusCode,
    ).toBe(401);
    expect(await entryRows(tenant)).toBe(before);
    expect(await tenantSees(tenant)).toEqual([5_000, 5_000]);
    expect(await undoAudits(tenant)).toEqual([]);
    const notices = await t.database.db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, tenant.id), eq(notifications.kind, 'deposit-undone')));
    expect(notices[0]?.n).toBe(0);
  });

  it('leaves a deleted account’s deposit as it is: no undo, no new entry (409), nobody told', async () => {
    const tenant = await newMember(t, 'A-603', 'Gone Depositor');
    const receipt = await recorded(tenant, 'received', 2_000);
    const refundKey = randomUUID();
    const sendRefund = () => sendDeposit(tenant, 'refunded', 2_000, refundKey);
    const first = await sendRefund();
    expect(first.statusCode, first.body).toBe(201);
    const refund = RecordDepositResponseSchema.parse(first.json()).entry._id;
    await t.database.db
      .update(users)
      .set({ deletedAt: new Date(NOW), displayName: 'Deleted account' })
      .where(eq(users.id, tenant.id));
    const noticesBefore = await noticesOf(tenant);
    for (const id of [refund, receipt]) {
      const refused = await undo(tenant, id, { reason: 'Recorded by mistake' });
      expect(refused.statusCode).toBe(409);
      expect(errorMessage(refused)).toBe(UNDO_PAYMENT_MESSAGES.deletedAccount);
    }
    // Money received for an account nobody can be named for again would be held for no one.
    for (const kind of ['received', 'refunded'] as const) {
      const refused = await sendDeposit(tenant, kind, 1_000);
      expect(refused.statusCode, kind).toBe(409);
      expect(errorMessage(refused), kind).toBe(DEPOSIT_MESSAGES.deletedAccount);
    }
    // The refund sent again under its key (its answer was lost) is answered with the entry.
    const again = await sendRefund();
    expect(again.statusCode, again.body).toBe(201);
    expect(RecordDepositResponseSchema.parse(again.json()).entry._id).toBe(refund);
    expect(await entryRows(tenant)).toBe(2);
    expect((await depositOf(tenant)).held).toBe(0);
    expect(await noticesOf(tenant)).toBe(noticesBefore);
  });

  it('the database takes only an undo that matches its entry, once, and never below nothing', async () => {
    const tenant = await newMember(t, 'A-701', 'Undo Guard');
    const agreementId = await leaseOf(tenant);
    const receipt = await recorded(tenant, 'received', 3_000);
    const second = await recorded(tenant, 'received', 5_000);
    const [recorder] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.role, 'admin'));
    const undoRow: typeof depositEntries.$inferInsert = {
      agreementId,
      kind: 'receipt_undone',
      amount: 3_000,
      method: 'bank',
      entryDate: '2026-11-23',
      recordedBy: recorder?.id ?? '',
      undoes: receipt,
      reason: 'Mistake',
    };
    const refusedBy = async (values: Partial<typeof depositEntries.$inferInsert>) => {
      try {
        await t.database.db.insert(depositEntries).values({ ...undoRow, ...values });
      } catch (error) {
        return checkViolation(error) ?? uniqueViolation(error);
      }
      return 'taken';
    };
    expect(await refusedBy({ amount: 2_999 })).toBe('deposit_entries_undo_matches');
    expect(await refusedBy({ method: 'cash' })).toBe('deposit_entries_undo_matches');
    expect(await refusedBy({ kind: 'refund_undone' })).toBe('deposit_entries_undo_matches');
    expect(await refusedBy({ reason: null })).toBe('deposit_entries_undo_whole');
    expect(await refusedBy({ undoes: null })).toBe('deposit_entries_undo_whole');
    // Another lease's entry, even of the same amount and method.
    const other = await newMember(t, 'A-801', 'Other Lease');
    await recorded(other, 'received', 3_000);
    expect(await refusedBy({ agreementId: await leaseOf(other) })).toBe(
      'deposit_entries_undo_matches',
    );
    expect(await refusedBy({})).toBe('taken');
    // 5,000 BDT still held, enough for it again: the unique index refuses a second undo.
    expect(await refusedBy({})).toBe('deposit_entries_undone_once');
    // An undo is not undone.
    const [taken] = await t.database.db
      .select({ id: depositEntries.id })
      .from(depositEntries)
      .where(eq(depositEntries.undoes, receipt));
    expect(await refusedBy({ undoes: taken?.id })).toBe('deposit_entries_undo_matches');
    // Nothing held: a receipt undone would take it below zero.
    await recorded(tenant, 'refunded', 5_000);
    expect(await refusedBy({ undoes: second, amount: 5_000 })).toBe(
      'deposit_entries_held_non_negative',
    );
    expect((await depositOf(tenant)).held).toBe(0);
  });
});
