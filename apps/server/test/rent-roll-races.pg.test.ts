import {
  addMonths,
  AdminStatsSchema,
  MemberListResponseSchema,
  RentLedgerSchema,
  RentRollPageSchema,
} from '@structomate/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client';
import { rentCollectedWorkedOut } from '../src/modules/payments/rent-collected.service';
import { renter, type Renter } from './people';
import { startDemoPair, type ServerProcess } from './servers';

/**
 * The admin's chart reads rent received per day, kept by the payments' triggers
 * (rent_collected_days); here every payment is received on one day, so concurrent payments add
 * to one row. The rent roll and the members page keep each lease's figures and work out again those of
 * anyone whose money changed (lease_figures, tenant_money_versions). Here two admins read the
 * roll on two servers while rent is recorded on both, as behind a load balancer: no request
 * fails, and once the writes are done, the roll and the members page on either server show each
 * tenant what their own ledger (worked out afresh on every request) says they owe. Runs with DATABASE_URL (PGlite is one process and
 * cannot race).
 */
const serverUrl = process.env.DATABASE_URL ?? '';
// Each lease bills from November 2026: on 23 March 2027 five months are owed.
const NOW = '2027-03-23T10:00:00+06:00';
const APARTMENTS = ['A-101', 'A-202', 'A-301', 'A-404'];

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

async function roll(server: ServerProcess, at = NOW) {
  const response = await fetch(`${server.url}/api/admin/rent-roll?q=Racer&limit=50`, {
    headers: { cookie: adminCookie, 'x-test-clock': at },
  });
  pair.statuses.push(response.status);
  expect(response.status).toBe(200);
  return RentRollPageSchema.parse(await response.json());
}

async function figures(server: ServerProcess) {
  const answer = await pair.post(server, adminCookie, '/api/admin', {});
  expect(answer.status).toBe(200);
  return AdminStatsSchema.parse(answer.body);
}

async function owed(server: ServerProcess, person: Renter): Promise<number> {
  const answer = await pair.post(server, person.cookie, '/api/rent/ledger', {});
  expect(answer.status).toBe(200);
  return RentLedgerSchema.parse(answer.body).owedAmount;
}

const payByHand = (server: ServerProcess, person: Renter, months: string[]) =>
  pair.post(server, adminCookie, `/api/tenants/${person.id}/payments`, {
    agreementId: person.agreementId,
    method: 'cash',
    receivedOn: '2027-03-20',
    months,
  });

describe('two servers on one PostgreSQL', () => {
  it('rolls read on both servers while rent is recorded on both show what each ledger owes, 8 rounds', async () => {
    const [a, b] = servers;
    if (!a || !b) throw new Error('servers missing');
    const members = await Promise.all(
      APARTMENTS.map((apartmentNo) => renter(database, apartmentNo)),
    );
    // Each round pays an owed month of two tenants, one on each server, while both rolls are
    // read: every tenant's November and January, then December and February.
    for (let round = 0; round < 8; round += 1) {
      const [first, second] = [members[round % 4], members[(round + 1) % 4]];
      if (!first || !second) throw new Error('members missing');
      const month = addMonths('2026-11', Math.floor(round / 4));
      const [, paidFirst, , paidSecond] = await Promise.all([
        roll(a),
        payByHand(round % 2 ? a : b, first, [month]),
        roll(b),
        payByHand(round % 2 ? b : a, second, [addMonths(month, 2)]),
        roll(a),
        figures(b),
      ]);
      expect(paidFirst.status, JSON.stringify(paidFirst.body)).toBe(201);
      expect(paidSecond.status, JSON.stringify(paidSecond.body)).toBe(201);
      // Both payments were received on one day: their triggers added to the same day's total at
      // once, and the admin's chart on either server still shows every payment.
      const received = await rentCollectedWorkedOut(database.db, new Date(NOW), 'Asia/Dhaka');
      for (const server of [a, b]) {
        expect((await figures(server)).rentCollected, `round ${round}: rent collected`).toEqual(
          received,
        );
        const rows = (await roll(server)).result;
        const listed = await pair.post(server, adminCookie, '/api/manageMembers', { limit: 100 });
        const onPage = MemberListResponseSchema.parse(listed.body);
        for (const person of members) {
          const ledger = await owed(a, person);
          const row = rows.find((candidate) => candidate.leaseId === person.agreementId);
          expect(row?.balance, `round ${round}: the roll's balance`).toBe(ledger);
          const member = onPage.find((candidate) => candidate._id === person.id);
          expect(member?.owedAmount, `round ${round}: the members page`).toBe(ledger);
        }
      }
    }
  }, 120_000);
  it('a roll whose keeping meets a row another transaction holds gives way, and works the figures out', async () => {
    const [a] = servers;
    if (!a) throw new Error('servers missing');
    const person = await renter(database, 'B-102');
    // The next day: every lease's figures are out of date, so the roll keeps them all, and this
    // transaction holds the row of one of them as a change to that person's money would.
    const nextDay = '2027-03-24T10:00:00+06:00';
    const held = await database.db.transaction(async (tx) => {
      await tx.execute(
        sql`update lease_figures set latest = latest where agreement_id = ${person.agreementId}`,
      );
      const began = performance.now();
      const page = await roll(a, nextDay);
      return { page, took: performance.now() - began };
    });
    // Without giving way, the keeping would wait for this transaction, which waits for the roll.
    expect(held.took).toBeLessThan(10_000);
    const row = held.page.result.find((candidate) => candidate.leaseId === person.agreementId);
    expect(row?.balance).toBe(await owed(a, person));
    // Released, the next roll keeps them.
    await roll(a, nextDay);
    const [kept] = (
      await database.executeSql(
        `select computed_for::text as day from lease_figures where agreement_id = $1`,
        [person.agreementId],
      )
    ).rows as { day: string }[];
    expect(kept?.day).toBe('2027-03-24');
  }, 60_000);
});
