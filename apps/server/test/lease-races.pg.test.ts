import { randomUUID } from 'node:crypto';
import { InsertedResponseSchema } from '@structomate/contract';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client';
import { agreements, apartments, auditLog, notifications, sessions, users } from '../src/db/schema';
import { hashPassword } from '../src/lib/passwords';
import { createSession } from '../src/modules/auth/auth.service';
import { renter } from './people';
import { startDemoPair, type ServerProcess } from './servers';

/**
 * Leasing on two server processes over one PostgreSQL, as behind a load balancer: two admins
 * accepting one request, two requests for one apartment accepted at once, one visitor sending
 * their request twice, and two admins giving one lease notice (or one giving notice while the
 * other removes the member or withdraws it), and a request arriving as the admin accepts another
 * (either may come first; the refusal itself is also tested, in order, in leasing.test.ts). Each
 * round must have exactly one effect, counted in the database. Runs with DATABASE_URL.
 */
const serverUrl = process.env.DATABASE_URL ?? '';
const NOW = '2026-11-23T10:00:00+06:00';
const ROUNDS = 20;
/** Fewer: each round checks two passwords (argon2, tens of milliseconds each). */
const SIGN_IN_ROUNDS = 12;

let pair: Awaited<ReturnType<typeof startDemoPair>>;
let database: DatabaseHandle;
let servers: [ServerProcess, ServerProcess];
/** Two admins, one for each server of a race. */
let admins: [Account, Account];

interface Account {
  id: string;
  email: string;
  cookie: string;
}

/** A visitor and their pending request. */
interface Applicant {
  visitor: Account;
  request: string;
}

beforeAll(async () => {
  pair = await startDemoPair(serverUrl, NOW);
  ({ database, servers } = pair);
  const [demoAdmin] = await database.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.role, 'admin'));
  if (!demoAdmin) throw new Error('no admin');
  admins = [{ ...demoAdmin, cookie: pair.adminCookie }, await account('admin', 'Second Admin')];
}, 120_000);

afterAll(async () => {
  await pair?.stop();
  expect(
    pair?.statuses.filter((status) => status >= 500),
    'no request may fail with 5xx',
  ).toEqual([]);
});

/** A new account with a session, made in the database. */
async function account(role: 'user' | 'admin', displayName: string): Promise<Account> {
  const email = `lease-racer-${randomUUID()}@example.com`;
  const [row] = await database.db
    .insert(users)
    .values({ email, displayName, role })
    .returning({ id: users.id });
  if (!row) throw new Error('no account');
  const { token } = await createSession(database.db, row.id, 1, undefined);
  return { id: row.id, email, cookie: `sm_session=${token}` };
}

/** A new listed apartment, made in the database: its id and number. */
async function newApartment(apartmentNo: string): Promise<{ id: string; apartmentNo: string }> {
  const [row] = await database.db
    .insert(apartments)
    .values({ apartmentNo, blockName: 'L', floorNo: 3, rent: 18000, details: 'A raced flat' })
    .returning({ id: apartments.id });
  if (!row) throw new Error('no apartment');
  return { id: row.id, apartmentNo };
}

const send = async (
  server: ServerProcess,
  cookie: string,
  method: 'POST' | 'DELETE',
  url: string,
  body?: unknown,
) => {
  const response = await fetch(`${server.url}${url}`, {
    method,
    headers: {
      cookie,
      'x-test-clock': NOW,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  pair.statuses.push(response.status);
  return { status: response.status, body: (await response.json()) as unknown };
};

/** The visitor's request for the apartment, sent through a server. */
async function requestLease(server: ServerProcess, visitor: Account, apartmentId: string) {
  return send(server, visitor.cookie, 'POST', '/api/create/agreements', {
    newAgreement: { apartmentDetails: { _id: apartmentId } },
  });
}

async function requested(visitor: Account, apartmentId: string): Promise<string> {
  const answer = await requestLease(servers[0], visitor, apartmentId);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return InsertedResponseSchema.parse(answer.body).insertedId;
}

const accept = (server: ServerProcess, admin: Account, agreementId: string) =>
  send(server, admin.cookie, 'POST', '/api/accept/agreements', { agreement_id: agreementId });

const giveNotice = (server: ServerProcess, admin: Account, leaseId: string, endDate: string) =>
  send(server, admin.cookie, 'POST', `/api/admin/leases/${leaseId}/end`, { endDate });

/** Server and admin of each side, swapped every other round so neither side always leads. */
const sides = (round: number): [[ServerProcess, Account], [ServerProcess, Account]] =>
  round % 2 === 0
    ? [
        [servers[0], admins[0]],
        [servers[1], admins[1]],
      ]
    : [
        [servers[1], admins[0]],
        [servers[0], admins[1]],
      ];

const agreementOf = async (id: string) =>
  (
    await database.db
      .select({
        status: agreements.status,
        endsOn: agreements.endsOn,
        endedAt: agreements.endedAt,
      })
      .from(agreements)
      .where(eq(agreements.id, id))
  )[0];

const roleOf = async (userId: string) =>
  (await database.db.select({ role: users.role }).from(users).where(eq(users.id, userId)))[0]?.role;

const audited = (subjectId: string, action: 'lease.accept' | 'lease.notice' | 'lease.end') =>
  database.db
    .select({ actorId: auditLog.actorId, before: auditLog.before, after: auditLog.after })
    .from(auditLog)
    .where(and(eq(auditLog.subjectId, subjectId), eq(auditLog.action, action)));

const acceptedFor = async (apartmentId: string) =>
  (
    await database.db
      .select({ n: count() })
      .from(agreements)
      .where(and(eq(agreements.apartmentId, apartmentId), eq(agreements.status, 'accepted')))
  )[0]?.n;

const noticesTo = async (userId: string, kind: string) =>
  (
    await database.db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)))
  )[0]?.n;

describe('leasing on two servers over one PostgreSQL', () => {
  it(`two admins accepting one request at once: one lease, one 409 (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const flat = await newApartment(`LA-${round}`);
      const visitor = await account('user', `Applicant ${round}`);
      const agreementId = await requested(visitor, flat.id);
      const [first, second] = sides(round);
      const answers = await Promise.all([
        accept(first[0], first[1], agreementId),
        accept(second[0], second[1], agreementId),
      ]);
      const outcome = `round ${round}: ${JSON.stringify(answers)}`;
      expect(answers.map((answer) => answer.status).sort(), outcome).toEqual([200, 409]);
      const winner = answers[0]?.status === 200 ? first[1] : second[1];
      const refused = answers.find((answer) => answer.status === 409);
      expect(JSON.stringify(refused?.body), outcome).toContain('already been decided');
      expect(await agreementOf(agreementId), outcome).toMatchObject({ status: 'accepted' });
      expect(await acceptedFor(flat.id), outcome).toBe(1);
      expect(await roleOf(visitor.id), outcome).toBe('member');
      // The decision is recorded once, under the admin whose call took effect.
      const rows = await audited(agreementId, 'lease.accept');
      expect(
        rows.map((row) => row.actorId),
        outcome,
      ).toEqual([winner.id]);
      expect(await noticesTo(visitor.id, 'request-accepted'), outcome).toBe(1);
    }
  }, 120_000);

  it(`two requests for one apartment accepted at once: one lease, the other declined (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const flat = await newApartment(`LB-${round}`);
      const applicants = [];
      for (const name of ['First', 'Second']) {
        const visitor = await account('user', `${name} applicant ${round}`);
        applicants.push({ visitor, request: await requested(visitor, flat.id) });
      }
      const [one, other] = applicants as [Applicant, Applicant];
      const [first, second] = sides(round);
      const answers = await Promise.all([
        accept(first[0], first[1], one.request),
        accept(second[0], second[1], other.request),
      ]);
      const outcome = `round ${round}: ${JSON.stringify(answers)}`;
      expect(answers.map((answer) => answer.status).sort(), outcome).toEqual([200, 409]);
      const [won, lost] = answers[0]?.status === 200 ? [one, other] : [other, one];
      const refused = answers.find((answer) => answer.status === 409);
      expect(await acceptedFor(flat.id), outcome).toBe(1);
      expect(await agreementOf(won.request), outcome).toMatchObject({ status: 'accepted' });
      // The accepted lease declines every other request for its apartment: the loser's request
      // was rejected by it, and the loser's own accept found it decided.
      expect(await agreementOf(lost.request), outcome).toMatchObject({ status: 'rejected' });
      expect(JSON.stringify(refused?.body), outcome).toContain('already been decided');
      expect(await roleOf(won.visitor.id), outcome).toBe('member');
      expect(await roleOf(lost.visitor.id), outcome).toBe('user');
      expect((await audited(won.request, 'lease.accept')).length, outcome).toBe(1);
      expect((await audited(lost.request, 'lease.accept')).length, outcome).toBe(0);
      expect(await noticesTo(won.visitor.id, 'request-accepted'), outcome).toBe(1);
      expect(await noticesTo(lost.visitor.id, 'request-accepted'), outcome).toBe(0);
      expect(await noticesTo(lost.visitor.id, 'request-rejected'), outcome).toBe(1);
    }
  }, 120_000);

  it(`a request arriving while the admin accepts another, told of none: never declined unseen (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const flat = await newApartment(`LR-${round}`);
      const applicant = await account('user', `Applicant ${round}`);
      const request = await requested(applicant, flat.id);
      const latecomer = await account('user', `Latecomer ${round}`);
      const [first, second] = sides(round);
      // The admin's page showed this request alone: Accept sends that it declines none.
      const [acceptance, late] = await Promise.all([
        send(first[0], first[1].cookie, 'POST', '/api/accept/agreements', {
          agreement_id: request,
          declining: [],
        }),
        requestLease(second[0], latecomer, flat.id),
      ]);
      const outcome = `round ${round}: ${JSON.stringify([acceptance, late])}`;
      if (acceptance.status === 200) {
        // Accepted first: the flat is let, and the late request is refused, not declined.
        expect(late.status, outcome).toBe(409);
        expect(JSON.stringify(late.body), outcome).toContain('is already rented');
        expect(await roleOf(applicant.id), outcome).toBe('member');
      } else {
        // The late request came first: the acceptance changes nothing, and both still wait.
        expect(acceptance.status, outcome).toBe(409);
        expect(JSON.stringify(acceptance.body), outcome).toContain(
          `Another request for ${flat.apartmentNo} came in while you decided.`,
        );
        expect(late.status, outcome).toBe(201);
        const lateRequest = InsertedResponseSchema.parse(late.body).insertedId;
        expect(await agreementOf(request), outcome).toMatchObject({ status: 'pending' });
        expect(await agreementOf(lateRequest), outcome).toMatchObject({ status: 'pending' });
        expect(await acceptedFor(flat.id), outcome).toBe(0);
        expect(await roleOf(applicant.id), outcome).toBe('user');
      }
      const declined = await database.db
        .select({ n: count() })
        .from(agreements)
        .where(and(eq(agreements.apartmentId, flat.id), eq(agreements.status, 'rejected')));
      expect(declined[0]?.n, outcome).toBe(0);
      expect(await noticesTo(latecomer.id, 'request-rejected'), outcome).toBe(0);
    }
  }, 120_000);

  it(`one visitor sending their request twice, once to each server: one pending request (${ROUNDS} rounds)`, async () => {
    const [adminCount] = await database.db
      .select({ n: count() })
      .from(users)
      .where(eq(users.role, 'admin'));
    for (let round = 0; round < ROUNDS; round += 1) {
      const flat = await newApartment(`LC-${round}`);
      const visitor = await account('user', `Double clicker ${round}`);
      const answers = await Promise.all([
        requestLease(servers[0], visitor, flat.id),
        requestLease(servers[1], visitor, flat.id),
      ]);
      const outcome = `round ${round}: ${JSON.stringify(answers)}`;
      expect(answers.map((answer) => answer.status).sort(), outcome).toEqual([201, 409]);
      const created = answers.find((answer) => answer.status === 201);
      const refused = answers.find((answer) => answer.status === 409);
      expect(JSON.stringify(refused?.body), outcome).toContain('already have a pending');
      const rows = await database.db
        .select({ id: agreements.id, status: agreements.status })
        .from(agreements)
        .where(eq(agreements.tenantId, visitor.id));
      expect(rows, outcome).toEqual([
        { id: InsertedResponseSchema.parse(created?.body).insertedId, status: 'pending' },
      ]);
      // The admins are told of it once: the refused request's notices went with it.
      const [told] = await database.db
        .select({ n: count() })
        .from(notifications)
        .where(
          and(
            eq(notifications.kind, 'request-received'),
            sql`${notifications.data}->>'email' = ${visitor.email}`,
          ),
        );
      expect(told?.n, outcome).toBe(adminCount?.n);
    }
  }, 120_000);

  it(`two admins giving one lease notice at once: they take turns; the same day is one change (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const flat = await newApartment(`LD-${round}`);
      const tenant = await renter(database, flat.apartmentNo);
      // Every other round the two admins pick the same day, as a double click would.
      const sameDay = round % 2 === 0;
      const days = sameDay ? ['2026-12-31', '2026-12-31'] : ['2026-12-31', '2027-01-31'];
      const [first, second] = sides(round);
      const answers = await Promise.all([
        giveNotice(first[0], first[1], tenant.agreementId, days[0] ?? ''),
        giveNotice(second[0], second[1], tenant.agreementId, days[1] ?? ''),
      ]);
      const outcome = `round ${round}: ${JSON.stringify(answers.map((a) => a.status))}`;
      // Giving notice again moves the day: neither is refused, but they take turns on the lease.
      expect(
        answers.map((answer) => answer.status),
        outcome,
      ).toEqual([200, 200]);
      const rows = await audited(tenant.agreementId, 'lease.notice');
      const [earlier] = rows.filter((row) => endsOnIn(row.before) === null);
      expect(earlier, outcome).toBeDefined();
      if (sameDay) {
        // The second notice found the day already set: nothing changed, nothing logged.
        expect(rows.length, outcome).toBe(1);
        expect(endsOnIn(earlier?.after), outcome).toBe('2026-12-31');
      } else {
        expect(rows.length, outcome).toBe(2);
        // Exactly one saw the lease without notice; the other saw the first one's day.
        const [later] = rows.filter((row) => endsOnIn(row.before) !== null);
        expect(endsOnIn(later?.before), outcome).toBe(endsOnIn(earlier?.after));
      }
      const last = rows.find((row) => endsOnIn(row.before) !== null) ?? earlier;
      expect(await agreementOf(tenant.agreementId), outcome).toEqual({
        status: 'accepted',
        endsOn: endsOnIn(last?.after),
        endedAt: null,
      });
      expect(await roleOf(tenant.id), outcome).toBe('member');
    }
  }, 120_000);

  it(`notice given while the member is removed: ended at once, never left with a notice (${ROUNDS} rounds)`, async ({
    annotate,
  }) => {
    const outcomes = { noticeFirst: 0, removedFirst: 0 };
    for (let round = 0; round < ROUNDS; round += 1) {
      const flat = await newApartment(`LE-${round}`);
      const tenant = await renter(database, flat.apartmentNo);
      const [noticeSide, removeSide] = sides(round);
      const [notice, removal] = await Promise.all([
        giveNotice(noticeSide[0], noticeSide[1], tenant.agreementId, '2026-12-31'),
        send(removeSide[0], removeSide[1].cookie, 'POST', '/api/change/role', { id: tenant.id }),
      ]);
      const outcome = `round ${round}: ${JSON.stringify({ notice, removal })}`;
      expect(removal.status, outcome).toBe(200);
      expect([200, 409], outcome).toContain(notice.status);
      if (notice.status === 200) outcomes.noticeFirst += 1;
      else {
        outcomes.removedFirst += 1;
        expect(JSON.stringify(notice.body), outcome).toContain('already ended');
      }
      // Either way the lease ended at once (a removal drops any notice) and the flat is free.
      const row = await agreementOf(tenant.agreementId);
      expect(row, outcome).toMatchObject({ status: 'ended', endsOn: null });
      expect(row?.endedAt?.toISOString(), outcome).toBe(new Date(NOW).toISOString());
      expect(await acceptedFor(flat.id), outcome).toBe(0);
      expect(await roleOf(tenant.id), outcome).toBe('user');
      expect((await audited(tenant.id, 'lease.end')).length, outcome).toBe(1);
      expect((await audited(tenant.agreementId, 'lease.notice')).length, outcome).toBe(
        notice.status === 200 ? 1 : 0,
      );
    }
    // Which side came first in how many rounds: a record of the race, not a check.
    await annotate(JSON.stringify(outcomes));
  }, 120_000);

  it(`a visitor deleting their account while their request is accepted: one or the other, never a lease on a deleted account (${ROUNDS} rounds)`, async ({
    annotate,
  }) => {
    const outcomes = { deleted: 0, accepted: 0 };
    for (let round = 0; round < ROUNDS; round += 1) {
      const flat = await newApartment(`LG-${round}`);
      const visitor = await account('user', `Leaving applicant ${round}`);
      const agreementId = await requested(visitor, flat.id);
      const [deleteSide, acceptSide] = sides(round);
      // The accept sets off a little later each round (0–27 ms), into each step of the deletion.
      const [deletion, acceptance] = await Promise.all([
        send(deleteSide[0], visitor.cookie, 'DELETE', '/api/account', { confirm: 'DELETE' }),
        new Promise((resolve) => setTimeout(resolve, (round % 10) * 3)).then(() =>
          accept(acceptSide[0], acceptSide[1], agreementId),
        ),
      ]);
      const outcome = `round ${round}: ${JSON.stringify({ deletion, acceptance })}`;
      const [person] = await database.db
        .select({ role: users.role, deletedAt: users.deletedAt })
        .from(users)
        .where(eq(users.id, visitor.id));
      const request = await agreementOf(agreementId);
      if (deletion.status === 200) {
        outcomes.deleted += 1;
        expect(acceptance.status, outcome).toBe(409);
        expect(JSON.stringify(acceptance.body), outcome).toContain('already been decided');
        expect(request?.status, outcome).toBe('rejected');
        expect(person, outcome).toMatchObject({ role: 'user', deletedAt: expect.any(Date) });
        expect(await acceptedFor(flat.id), outcome).toBe(0);
      } else {
        outcomes.accepted += 1;
        expect(deletion.status, outcome).toBe(409);
        expect(JSON.stringify(deletion.body), outcome).toContain(flat.apartmentNo);
        expect(acceptance.status, outcome).toBe(200);
        expect(request?.status, outcome).toBe('accepted');
        expect(person, outcome).toEqual({ role: 'member', deletedAt: null });
      }
    }
    // Which side came first in how many rounds: a record of the race, not a check.
    await annotate(JSON.stringify(outcomes));
  }, 120_000);

  it(`signing in on one server while the account is deleted on the other: no session outlives the account (${SIGN_IN_ROUNDS} rounds)`, async ({
    annotate,
  }) => {
    const outcomes = { signedInFirst: 0, deletedFirst: 0 };
    const passwordHash = await hashPassword('Leaving1');
    for (let round = 0; round < SIGN_IN_ROUNDS; round += 1) {
      const person = await account('user', `Leaving signer ${round}`);
      await database.db.update(users).set({ passwordHash }).where(eq(users.id, person.id));
      const [loginServer, deleteServer] = round % 2 === 0 ? servers : [servers[1], servers[0]];
      // Both check the password first (argon2, tens of milliseconds). The sign-in sets off a
      // little later each round (0–88 ms), so that in some rounds it reads the account just
      // before the deletion commits and writes its session just after.
      const [deletion, signIn] = await Promise.all([
        send(deleteServer, person.cookie, 'DELETE', '/api/account', {
          currentPassword: 'Leaving1',
          confirm: 'DELETE',
        }),
        new Promise((resolve) => setTimeout(resolve, round * 8)).then(() =>
          send(loginServer, '', 'POST', '/api/login', {
            email: person.email,
            password: 'Leaving1',
          }),
        ),
      ]);
      const outcome = `round ${round}: ${JSON.stringify({ signIn: signIn.status, deletion })}`;
      expect(deletion.status, outcome).toBe(200);
      expect([200, 401], outcome).toContain(signIn.status);
      // Signed in first, the session went with the account; deleted first, none was written.
      const [left] = await database.db
        .select({ n: count() })
        .from(sessions)
        .where(eq(sessions.userId, person.id));
      expect(left?.n, outcome).toBe(0);
      outcomes[signIn.status === 200 ? 'signedInFirst' : 'deletedFirst'] += 1;
    }
    // Which side came first in how many rounds: a record of the race, not a check.
    await annotate(JSON.stringify(outcomes));
  }, 120_000);

  it(`notice given while it is withdrawn: the withdrawal counts only after the notice (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const flat = await newApartment(`LF-${round}`);
      const tenant = await renter(database, flat.apartmentNo);
      const [noticeSide, withdrawSide] = sides(round);
      const [notice, withdrawal] = await Promise.all([
        giveNotice(noticeSide[0], noticeSide[1], tenant.agreementId, '2026-12-31'),
        send(
          withdrawSide[0],
          withdrawSide[1].cookie,
          'DELETE',
          `/api/admin/leases/${tenant.agreementId}/end`,
        ),
      ]);
      const outcome = `round ${round}: ${JSON.stringify({ notice, withdrawal })}`;
      expect(notice.status, outcome).toBe(200);
      // Withdrawn before any notice was given, there was nothing to withdraw.
      expect([200, 409], outcome).toContain(withdrawal.status);
      const withdrawn = withdrawal.status === 200;
      expect(await agreementOf(tenant.agreementId), outcome).toEqual({
        status: 'accepted',
        endsOn: withdrawn ? null : '2026-12-31',
        endedAt: null,
      });
      const rows = await audited(tenant.agreementId, 'lease.notice');
      expect(
        rows.map((row) => [endsOnIn(row.before), endsOnIn(row.after)]).sort(),
        outcome,
      ).toEqual(
        withdrawn
          ? [
              [null, '2026-12-31'],
              ['2026-12-31', null],
            ].sort()
          : [[null, '2026-12-31']],
      );
    }
  }, 120_000);
});

/** The `endsOn` of an audit row's before or after. */
function endsOnIn(state: unknown): string | null | undefined {
  if (typeof state !== 'object' || state === null || !('endsOn' in state)) return undefined;
  const { endsOn } = state as { endsOn: unknown };
  return typeof endsOn === 'string' || endsOn === null ? endsOn : undefined;
}
