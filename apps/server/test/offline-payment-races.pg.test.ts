import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import {
  addMonths,
  DELETE_ACCOUNT_MESSAGES,
  DEPOSIT_MESSAGES,
  PaymentIntentResponseSchema,
  RentLedgerSchema,
} from '@structomate/contract';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { rowsOf } from '../src/lib/sql-rows';
import type { DatabaseHandle } from '../src/db/client';
import {
  agreements,
  depositEntries,
  notifications,
  payments,
  sandboxIntents,
  sessions,
  users,
} from '../src/db/schema';
import { depositsHeld } from '../src/modules/payments/deposits.service';
import { renter, type Renter } from './people';
import { startDemoPair, type ServerProcess } from './servers';

/**
 * The admin recording money by hand on one server while the same thing happens on another, as
 * behind a load balancer: rent received in cash while the tenant pays the same month by card, two
 * refunds of one deposit at once, and rent paid from a deposit while it is refunded. Runs with DATABASE_URL (PGlite is one process and cannot
 * race).
 */
const serverUrl = process.env.DATABASE_URL ?? '';
const NOW = '2026-11-23T10:00:00+06:00';
const MONTHS = Array.from({ length: 12 }, (_, index) => addMonths('2026-11', index));
const GOOD_CARD = {
  number: '4242424242424242',
  expMonth: 12,
  expYear: 2040,
  cvc: '123',
  postalCode: '12345',
};

type Member = Renter;

let pair: Awaited<ReturnType<typeof startDemoPair>>;
let database: DatabaseHandle;
let servers: ServerProcess[] = [];
let adminCookie = '';

beforeAll(async () => {
  pair = await startDemoPair(serverUrl, NOW);
  ({ database, servers, adminCookie } = pair);
}, 120_000);

afterAll(async () => {
  await pair?.stop();
  expect(
    pair?.statuses.filter((status) => status >= 500),
    'no request may fail with 5xx',
  ).toEqual([]);
});

const call = (server: ServerProcess, cookie: string, url: string, body: unknown) =>
  pair.post(server, cookie, url, body);

const member = (apartmentNo: string) => renter(database, apartmentNo);

/** A deposit entry in cash for the person's lease, under a key of its own. */
const cashEntry = (person: Member, kind: 'received' | 'refunded', amount: number) => ({
  agreementId: person.agreementId,
  kind,
  amount,
  method: 'cash',
  date: '2026-11-23',
  key: randomUUID(),
});

/** How many notices of `kind` the person has (sent or not). */
const noticesOf = async (person: Member, kind: string) =>
  (
    await database.db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, person.id), eq(notifications.kind, kind)))
  )[0]?.n ?? 0;

/** Statements of this database now waiting for a row another transaction holds. */
async function waitingOnLocks(): Promise<number> {
  const result = await database.db.execute(
    sql`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`,
  );
  return rowsOf(z.object({ n: z.number() }), result)[0]?.n ?? 0;
}

/** A row held by the test (`lock` in its own transaction) until `release()`. */
async function holding(lock: (tx: DatabaseHandle['db']) => Promise<unknown>) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = () => {};
  const taken = new Promise<void>((resolve) => (held = resolve));
  const done = database.db.transaction(async (tx) => {
    // A lock that cannot be had fails in seconds; one held past a failed test (a timeout
    // skips its finally) is let go by the server within a minute.
    await tx.execute(sql`set local lock_timeout = '5s'`);
    await tx.execute(sql`set local idle_in_transaction_session_timeout = '60s'`);
    await lock(tx);
    held();
    await released;
  });
  // A lock that could not be taken fails here rather than waiting for ever.
  await Promise.race([taken, done]);
  return {
    release: async () => {
      release();
      await done;
    },
  };
}

/** The tenant's card payment of `month`, step by step as the browser takes them. */
function cardPayment(server: ServerProcess, person: Member, month: string) {
  let intent: { clientSecret: string; paymentIntentId: string } | undefined;
  let failed: number | undefined;
  const steps = {
    async open() {
      const opened = await call(server, person.cookie, '/api/create-payment-intent', { month });
      if (opened.status === 200) intent = PaymentIntentResponseSchema.parse(opened.body);
      else failed = opened.status;
    },
    async confirm() {
      if (!intent || failed) return;
      const confirmed = await call(server, person.cookie, '/api/sandbox/confirm', {
        clientSecret: intent.clientSecret,
        card: GOOD_CARD,
      });
      if (confirmed.status !== 200) failed = confirmed.status;
    },
    /** Saves the payment; answers the first refusal on the way, if any. */
    async save(): Promise<number> {
      if (!intent || failed) return failed ?? 0;
      return (
        await call(server, person.cookie, '/api/save/transaction', {
          transaction: { transactionId: intent.paymentIntentId },
        })
      ).status;
    },
  };
  return steps;
}

const payByHand = (server: ServerProcess, person: Member, month: string) =>
  call(server, adminCookie, `/api/tenants/${person.id}/payments`, {
    agreementId: person.agreementId,
    method: 'cash',
    receivedOn: '2026-11-23',
    months: [month],
  });

/** Card charges of the month the provider kept (not refunded). */
async function keptCharges(person: Member, month: string): Promise<number> {
  const rows = await database.db
    .select({ id: sandboxIntents.id })
    .from(sandboxIntents)
    .where(
      and(
        eq(sandboxIntents.status, 'succeeded'),
        sql`${sandboxIntents.refundedAt} is null`,
        sql`${sandboxIntents.metadata}->>'userId' = ${person.id}`,
        sql`${sandboxIntents.metadata}->>'billingMonth' = ${month}`,
      ),
    );
  return rows.length;
}

describe('two servers on one PostgreSQL', () => {
  it('cash recorded by the admin while the tenant pays the same month by card: one payment, the other refused or refunded, 24 rounds', async () => {
    const [a, b] = servers;
    if (!a || !b) throw new Error('servers missing');
    const members = await Promise.all(['A-101', 'A-202', 'A-301', 'A-404'].map(member));
    let round = 0;
    const winners = { card: 0, offline: 0 };
    for (const person of members) {
      for (const month of MONTHS.slice(0, 6)) {
        round += 1;
        // Alternate which server takes which side.
        const [cardServer, adminServer] = round % 2 ? [a, b] : [b, a];
        // 0: the whole card payment races the cash; 1: the modal was open before; 2: the card
        // went through before, and its save races the cash.
        const kind = round % 3;
        const payment = cardPayment(cardServer, person, month);
        if (kind >= 1) await payment.open();
        if (kind === 2) await payment.confirm();
        const [card, offline] = await Promise.all([
          (async () => {
            if (kind === 0) await payment.open();
            if (kind <= 1) await payment.confirm();
            return payment.save();
          })(),
          payByHand(adminServer, person, month),
        ]);
        const label = `round ${round} (${kind}): card ${card}, offline ${offline.status}`;
        expect([200, 201, 402, 409], label).toContain(card);
        expect([201, 409], label).toContain(offline.status);
        const rows = await database.db
          .select({ provider: payments.provider })
          .from(payments)
          .where(and(eq(payments.userId, person.id), eq(payments.billingMonth, `${month}-01`)));
        expect(rows, label).toHaveLength(1);
        const kept = await keptCharges(person, month);
        if (rows[0]?.provider === 'offline') {
          winners.offline += 1;
          expect(offline.status, label).toBe(201);
          expect(kept, `${label}: a card charge kept beside cash`).toBe(0);
        } else {
          winners.card += 1;
          expect(offline.status, label).toBe(409);
          expect(card, label).toBe(200);
          expect(kept, label).toBe(1);
        }
      }
    }
    expect(round).toBe(24);
    expect(winners.card + winners.offline).toBe(24);
  }, 180_000);

  it('the same month recorded by hand on both servers at once: one payment, 12 rounds', async () => {
    const [a, b] = servers;
    if (!a || !b) throw new Error('servers missing');
    const person = await member('A-502');
    for (const month of MONTHS) {
      const outcomes = await Promise.all([
        payByHand(a, person, month),
        payByHand(b, person, month),
      ]);
      expect(outcomes.map((outcome) => outcome.status).sort(), month).toEqual([201, 409]);
      const rows = await database.db
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.userId, person.id), eq(payments.billingMonth, `${month}-01`)));
      expect(rows, month).toHaveLength(1);
    }
  }, 120_000);

  it('a recorded payment undone while the month is recorded again, then undone on both servers at once: never two rows, undone once, 10 rounds', async () => {
    const [a, b] = servers;
    if (!a || !b) throw new Error('servers missing');
    const person = await member('C-501');
    const rowsOf = (month: string) =>
      database.db
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.userId, person.id), eq(payments.billingMonth, `${month}-01`)));
    const undoneNotices = () => noticesOf(person, 'payment-undone');
    const undo = (server: ServerProcess, paymentId: string) =>
      call(server, adminCookie, `/api/tenants/${person.id}/payments/${paymentId}/undo`, {
        reason: 'Recorded by mistake',
      });
    const outcomes = { recordedAfter: 0, refusedBefore: 0 };
    for (const [round, month] of MONTHS.slice(0, 10).entries()) {
      const [first, second] = round % 2 ? [a, b] : [b, a];
      const recorded = await payByHand(first, person, month);
      expect(recorded.status, month).toBe(201);
      const [mistake] = await rowsOf(month);
      if (!mistake) throw new Error('recorded');
      const notices = await undoneNotices();
      // Undone on one server while the other records the month again.
      const [undone, again] = await Promise.all([
        undo(second, mistake.id),
        payByHand(first, person, month),
      ]);
      const label = `${month}: undo ${undone.status}, record ${again.status}`;
      expect(undone.status, label).toBe(200);
      expect([201, 409], label).toContain(again.status);
      const rows = await rowsOf(month);
      expect(rows, label).toHaveLength(again.status === 201 ? 1 : 0);
      expect(rows[0]?.id, label).not.toBe(mistake.id);
      if (again.status === 201) outcomes.recordedAfter += 1;
      else outcomes.refusedBefore += 1;
      expect(await undoneNotices(), label).toBe(notices + 1);

      // The payment now there, undone on both servers at once: one does it, one finds nothing.
      const [standing] = rows.length
        ? rows
        : await (async () => {
            expect((await payByHand(first, person, month)).status, label).toBe(201);
            return rowsOf(month);
          })();
      if (!standing) throw new Error('recorded');
      // Both are made to read the payment before either deletes it: its row is held until both
      // wait on it, so the second's delete is the one that must find nothing.
      const lock = await holding((tx) =>
        tx
          .select({ id: payments.id })
          .from(payments)
          .where(eq(payments.id, standing.id))
          .for('update'),
      );
      const undoing = Promise.all([undo(a, standing.id), undo(b, standing.id)]);
      try {
        await expect
          .poll(async () => (await waitingOnLocks()) >= 2, { timeout: 10_000, interval: 20 })
          .toBe(true);
      } finally {
        await lock.release();
      }
      const both = await undoing;
      expect(both.map((answer) => answer.status).sort(), month).toEqual([200, 404]);
      expect(await rowsOf(month), month).toHaveLength(0);
      expect(await undoneNotices(), month).toBe(notices + 2);
    }
    expect(outcomes.recordedAfter + outcomes.refusedBefore).toBe(10);
  }, 120_000);

  it('refunds of one deposit at once on two servers never take it below zero, 15 rounds', async () => {
    const [a, b] = servers;
    if (!a || !b) throw new Error('servers missing');
    const people = await Promise.all(['B-102', 'B-203', 'B-301'].map(member));
    let round = 0;
    for (const person of people) {
      for (let index = 0; index < 5; index += 1) {
        round += 1;
        const entry = (kind: 'received' | 'refunded', amount: number) =>
          cashEntry(person, kind, amount);
        const url = `/api/tenants/${person.id}/deposits`;
        const received = await call(a, adminCookie, url, entry('received', 10_000));
        expect(received.status).toBe(201);
        const held = (await depositsHeld(database.db, [person.agreementId])).get(
          person.agreementId,
        );
        // Four refunds at once, two on each server, that together ask for more than is held.
        const ask = Math.ceil(((held ?? 0) * 2) / 5);
        const outcomes = await Promise.all(
          [a, b, a, b].map((server) => call(server, adminCookie, url, entry('refunded', ask))),
        );
        const statusesOf = outcomes.map((outcome) => outcome.status);
        const granted = statusesOf.filter((status) => status === 201).length;
        expect(
          statusesOf.every((status) => status === 201 || status === 409),
          `${round}`,
        ).toBe(true);
        expect(granted, `round ${round}: ${statusesOf.join(',')}`).toBe(
          Math.floor((held ?? 0) / ask),
        );
        const after = (await depositsHeld(database.db, [person.agreementId])).get(
          person.agreementId,
        );
        expect(after, `round ${round}`).toBe((held ?? 0) - granted * ask);
        expect(after ?? -1).toBeGreaterThanOrEqual(0);
      }
    }
    expect(round).toBe(15);
  }, 120_000);

  it('rent paid from one deposit on both servers while it is refunded and a card pays: never below zero, 6 rounds', async () => {
    const [a, b] = servers;
    if (!a || !b) throw new Error('servers missing');
    const people = await Promise.all(['B-601', 'C-302'].map(member));
    let round = 0;
    for (const person of people) {
      const ledger = await call(a, person.cookie, '/api/rent/ledger', {});
      const rent = RentLedgerSchema.parse(ledger.body).months[0]?.rent ?? 0;
      expect(rent).toBeGreaterThan(0);
      const url = `/api/tenants/${person.id}/deposits`;
      const heldNow = async () =>
        (await depositsHeld(database.db, [person.agreementId])).get(person.agreementId) ?? 0;
      for (let index = 0; index < 3; index += 1) {
        round += 1;
        const label = `round ${round}`;
        // The deposit holds two months' rent; three months and a refund of one ask for four.
        const topUp = 2 * rent - (await heldNow());
        if (topUp > 0) {
          const received = await call(a, adminCookie, url, {
            agreementId: person.agreementId,
            kind: 'received',
            amount: topUp,
            method: 'cash',
            date: '2026-11-23',
            key: randomUUID(),
          });
          expect(received.status, label).toBe(201);
        }
        expect(await heldNow(), label).toBe(2 * rent);
        const [first, second, third, byCard] = MONTHS.slice(4 * index, 4 * index + 4);
        if (!first || !second || !third || !byCard) throw new Error('months');
        const fromDeposit = (server: ServerProcess, month: string) =>
          call(server, adminCookie, `/api/tenants/${person.id}/payments`, {
            agreementId: person.agreementId,
            method: 'deposit',
            receivedOn: '2026-11-23',
            months: [month],
          });
        const card = cardPayment(index % 2 ? a : b, person, byCard);
        const [one, two, three, refund, cardSaved] = await Promise.all([
          fromDeposit(a, first),
          fromDeposit(b, second),
          fromDeposit(index % 2 ? b : a, third),
          call(index % 2 ? a : b, adminCookie, url, {
            agreementId: person.agreementId,
            kind: 'refunded',
            amount: rent,
            method: 'cash',
            date: '2026-11-23',
            key: randomUUID(),
          }),
          (async () => {
            await card.open();
            await card.confirm();
            return card.save();
          })(),
        ]);
        const statuses = [one, two, three, refund].map((answer) => answer.status);
        expect(
          statuses.every((status) => status === 201 || status === 409),
          `${label}: ${statuses.join(',')}`,
        ).toBe(true);
        // Exactly what was held was given: two of the four, whichever they were.
        expect(
          statuses.filter((status) => status === 201),
          `${label}: ${statuses.join(',')}`,
        ).toHaveLength(2);
        expect(await heldNow(), label).toBe(0);
        // Each month answered 201 is paid once, from the deposit; each refused is not paid.
        for (const [month, answer] of [
          [first, one],
          [second, two],
          [third, three],
        ] as const) {
          const rows = await database.db
            .select({ method: payments.method })
            .from(payments)
            .where(and(eq(payments.userId, person.id), eq(payments.billingMonth, `${month}-01`)));
          expect(rows, `${label}: ${month}`).toEqual(
            answer.status === 201 ? [{ method: 'deposit' }] : [],
          );
        }
        // The card, beside them, went through: no lock waited on another for ever.
        expect(cardSaved, label).toBe(200);
      }
    }
    expect(round).toBe(6);
  }, 180_000);

  it('one deposit entry sent to both servers at once (a retry, a second click): recorded once, 10 rounds', async () => {
    const person = await member('C-403');
    const url = `/api/tenants/${person.id}/deposits`;
    for (let round = 0; round < 10; round += 1) {
      const entry = {
        agreementId: person.agreementId,
        kind: 'received',
        amount: 1_000 + round,
        method: 'bank',
        reference: `Round ${round}`,
        date: '2026-11-23',
        key: randomUUID(),
      };
      const answers = await Promise.all(
        servers.map((server) => call(server, adminCookie, url, entry)),
      );
      expect(
        answers.map((answer) => answer.status),
        `round ${round}`,
      ).toEqual([201, 201]);
      const [entries] = await database.db
        .select({ n: count() })
        .from(depositEntries)
        .where(eq(depositEntries.agreementId, person.agreementId));
      expect(entries?.n, `round ${round}`).toBe(round + 1);
    }
  });
  describe('a deposit received while its former tenant deletes their account', () => {
    /** A former tenant whose lease ended before its first day: nothing owed, nothing held. */
    async function formerTenant(): Promise<Member> {
      const person = await member('C-801');
      await database.db
        .update(agreements)
        .set({
          status: 'ended',
          endsOn: '2026-10-31',
          endedAt: new Date('2026-10-31T10:00:00+06:00'),
        })
        .where(eq(agreements.id, person.agreementId));
      return person;
    }

    const receive = (server: ServerProcess, person: Member, amount: number) =>
      call(server, adminCookie, `/api/tenants/${person.id}/deposits`, {
        ...cashEntry(person, 'received', amount),
      });
    const deleteAccount = (server: ServerProcess, person: Member) =>
      pair.send(server, person.cookie, 'DELETE', '/api/account', { confirm: 'DELETE' });
    const messageOf = (body: unknown) =>
      (body as { error?: { message?: string } }).error?.message ?? '';

    /** Whether the account is gone, and what its lease's deposit holds. */
    async function afterwards(person: Member) {
      const [row] = await database.db
        .select({ deletedAt: users.deletedAt })
        .from(users)
        .where(eq(users.id, person.id));
      const held =
        (await depositsHeld(database.db, [person.agreementId])).get(person.agreementId) ?? 0;
      return { deleted: row?.deletedAt !== null, held };
    }

    const waitForLockWaits = (count: number, orSettled?: () => boolean) =>
      expect
        .poll(async () => (await waitingOnLocks()) >= count || orSettled?.() === true, {
          timeout: 10_000,
          interval: 20,
        })
        .toBe(true);

    it('the deposit first: the deletion, waiting for the person’s row, then finds it held and keeps the account', async () => {
      const [a, b] = servers;
      if (!a || !b) throw new Error('servers missing');
      const person = await formerTenant();
      // The person's row held as a key is: the deletion's lock on it waits, the deposit's does not.
      const lock = await holding((tx) =>
        tx.select({ id: users.id }).from(users).where(eq(users.id, person.id)).for('key share'),
      );
      const deletion = deleteAccount(b, person);
      try {
        await waitForLockWaits(1);
        const received = await receive(a, person, 3_000);
        expect(received.status).toBe(201);
      } finally {
        // Released whatever failed above, or the deletion would wait for ever.
        await lock.release();
      }
      const refused = await deletion;
      expect(refused.status).toBe(409);
      expect(messageOf(refused.body)).toBe(DELETE_ACCOUNT_MESSAGES.depositHeld('3,000 BDT'));
      expect(await afterwards(person)).toEqual({ deleted: false, held: 3_000 });
    });

    it('the deletion first: the deposit, waiting for the person’s row, then finds the account deleted (409)', async () => {
      const [a, b] = servers;
      if (!a || !b) throw new Error('servers missing');
      const person = await formerTenant();
      // The deletion is held after it has looked at what is held (nothing) with the person's row
      // locked: at its first erasure, the person's sessions.
      const lock = await holding((tx) =>
        tx
          .select({ userId: sessions.userId })
          .from(sessions)
          .where(eq(sessions.userId, person.id))
          .for('update'),
      );
      const deletion = deleteAccount(b, person);
      let settled = false;
      let receiving: ReturnType<typeof receive> | undefined;
      try {
        await waitForLockWaits(1);
        receiving = receive(a, person, 3_000).finally(() => (settled = true));
        // The deposit waits for the person's row too (without that lock it would be recorded
        // now, for an account about to go: the test then fails below).
        await waitForLockWaits(2, () => settled);
      } finally {
        await lock.release();
      }
      const [received, deleted] = await Promise.all([receiving, deletion]);
      expect(deleted.status).toBe(200);
      expect(received.status).toBe(409);
      expect(messageOf(received.body)).toBe(DEPOSIT_MESSAGES.deletedAccount);
      expect(await afterwards(person)).toEqual({ deleted: true, held: 0 });
    });

    it('both at once on two servers: never money held for a deleted account, 10 rounds', async () => {
      const [a, b] = servers;
      if (!a || !b) throw new Error('servers missing');
      for (let round = 0; round < 10; round += 1) {
        const person = await formerTenant();
        const [first, second] = round % 2 === 0 ? [a, b] : [b, a];
        // The deposit sent a little later in some rounds, so the moments between come too.
        const [received, deletion] = await Promise.all([
          delay((round % 5) * 4).then(() => receive(first, person, 3_000 + round)),
          deleteAccount(second, person),
        ]);
        const label = `round ${round}: deposit ${received.status}, deletion ${deletion.status}`;
        // One of the two, whichever came first: the deposit kept and the account with it, or the
        // account deleted and the deposit refused.
        expect(
          [
            [201, 409],
            [409, 200],
          ],
          label,
        ).toContainEqual([received.status, deletion.status]);
        expect(await afterwards(person), label).toEqual(
          received.status === 201
            ? { deleted: false, held: 3_000 + round }
            : { deleted: true, held: 0 },
        );
      }
    }, 120_000);
  });

  it('a deposit receipt undone on both servers at once while it is refunded: one of the three, undone once, never below zero, 10 rounds', async () => {
    const [a, b] = servers;
    if (!a || !b) throw new Error('servers missing');
    const people = await Promise.all(['C-602', 'C-704'].map(member));
    const heldOf = async (person: Member) =>
      (await depositsHeld(database.db, [person.agreementId])).get(person.agreementId) ?? -1;
    const messageOf = (body: unknown) =>
      (body as { error?: { message?: string } }).error?.message ?? '';
    let round = 0;
    for (const person of people) {
      const url = `/api/tenants/${person.id}/deposits`;
      const entry = (kind: 'received' | 'refunded', amount: number) =>
        cashEntry(person, kind, amount);
      for (let index = 0; index < 5; index += 1) {
        round += 1;
        // Each round starts from nothing held.
        expect(await heldOf(person), `round ${round}`).toBe(0);
        const received = await call(a, adminCookie, url, entry('received', 10_000));
        expect(received.status).toBe(201);
        const receiptId = (received.body as { entry: { _id: string } }).entry._id;
        const undo = (server: ServerProcess) =>
          call(server, adminCookie, `${url}/${receiptId}/undo`, { reason: `Round ${round}` });
        const noticesBefore = await noticesOf(person, 'deposit-undone');
        // The receipt undone on both servers, and 6,000 BDT of it given back, all at once.
        const [first, second, refund] = await Promise.all([
          undo(a),
          undo(b),
          call(index % 2 ? a : b, adminCookie, url, entry('refunded', 6_000)),
        ]);
        const undone = [first, second].filter((answer) => answer.status === 200).length;
        const refunded = refund.status === 201 ? 1 : 0;
        const statuses = `round ${round}: ${first.status},${second.status},${refund.status}`;
        // Whichever came first holds: the other two are refused with what is true then.
        expect(undone + refunded, statuses).toBe(1);
        for (const answer of [first, second].filter((answer) => answer.status !== 200)) {
          expect(answer.status, statuses).toBe(409);
          expect(
            [
              'This deposit entry is undone already.',
              'Only 4,000 BDT of the deposit is held now: undo what was given back or paid as rent from it first.',
            ],
            statuses,
          ).toContain(messageOf(answer.body));
        }
        if (!refunded) {
          expect(refund.status, statuses).toBe(409);
          expect(messageOf(refund.body), statuses).toBe(
            'Only 0 BDT of the deposit is held: a refund cannot be more',
          );
        }
        const [undos] = await database.db
          .select({ n: count() })
          .from(depositEntries)
          .where(eq(depositEntries.undoes, receiptId));
        expect(undos?.n, statuses).toBe(undone);
        expect(await noticesOf(person, 'deposit-undone'), statuses).toBe(noticesBefore + undone);
        expect(await heldOf(person), statuses).toBe(undone ? 0 : 4_000);
        // What the refund left is given back, for the next round.
        if (refunded)
          expect((await call(a, adminCookie, url, entry('refunded', 4_000))).status).toBe(201);
      }
    }
    expect(round).toBe(10);
  }, 120_000);
});
