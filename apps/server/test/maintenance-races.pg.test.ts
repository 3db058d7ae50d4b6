import { randomUUID } from 'node:crypto';
import { MaintenanceContactSchema, MaintenanceRequestSchema } from '@structomate/contract';
import { and, count, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client';
import {
  auditLog,
  charges,
  maintenanceComments,
  maintenanceContacts,
  maintenanceCosts,
  maintenanceEvents,
  maintenanceRequests,
  notifications,
  users,
} from '../src/db/schema';
import { renter, turnedDown, type Renter } from './people';
import { startDemoPair, type ServerProcess } from './servers';

/**
 * Two people acting on one maintenance request at once, each through a different server, as
 * behind a load balancer: two admins moving it from the same version, the tenant cancelling while
 * an admin acknowledges, one cost or charge sent twice, two admins recording one charge paid,
 * undoing that or cancelling the charge, a contact removed while being assigned, two admins adding
 * one contact. Exactly one of each pair takes effect. Runs with DATABASE_URL.
 */
const serverUrl = process.env.DATABASE_URL ?? '';
const NOW = '2026-11-23T10:00:00+06:00';
const ROUNDS = 20;

let pair: Awaited<ReturnType<typeof startDemoPair>>;
let database: DatabaseHandle;
let servers: [ServerProcess, ServerProcess];
let adminCookie = '';
let tenant: Renter;

beforeAll(async () => {
  pair = await startDemoPair(serverUrl, NOW);
  ({ database, servers, adminCookie } = pair);
  tenant = await renter(database, 'C-204');
}, 120_000);

afterAll(async () => {
  await pair?.stop();
  expect(
    pair?.statuses.filter((status) => status >= 500),
    'no request may fail with 5xx',
  ).toEqual([]);
});

const send = async (
  server: ServerProcess,
  cookie: string,
  method: 'POST' | 'PUT' | 'DELETE',
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

async function fileOne(title: string) {
  const filed = await send(servers[0], tenant.cookie, 'POST', '/api/maintenance/requests', {
    category: 'plumbing',
    title,
    description: 'Raced',
    location: 'Kitchen',
    urgency: 'routine',
    entryPermission: true,
  });
  expect(filed.status).toBe(201);
  return MaintenanceRequestSchema.parse(filed.body);
}

/** A request filed and a part charged to the tenant for it: the charge's id. */
async function chargedOne(title: string, description: string, amount: number) {
  const request = await fileOne(title);
  const costed = await send(
    servers[0],
    adminCookie,
    'POST',
    `/api/admin/maintenance/${request._id}/costs`,
    { kind: 'parts', description, amount, chargeTenant: true, key: randomUUID() },
  );
  expect(costed.status).toBe(200);
  return MaintenanceRequestSchema.parse(costed.body).costs[0]?.chargeId ?? '';
}

const eventsOf = async (requestId: string, kind: 'status' | 'cancelled') =>
  (
    await database.db
      .select({ n: count() })
      .from(maintenanceEvents)
      .where(and(eq(maintenanceEvents.requestId, requestId), eq(maintenanceEvents.kind, kind)))
  )[0]?.n;

describe('one request, two people, two servers', () => {
  it('two admins moving it from the same version: one move, one 409', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const request = await fileOne(`Two admins ${round}`);
      const move = (server: ServerProcess) =>
        send(server, adminCookie, 'POST', `/api/admin/maintenance/${request._id}/status`, {
          version: request.version,
          status: 'acknowledged',
        });
      const answers = await Promise.all([move(servers[0]), move(servers[1])]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const [row] = await database.db
        .select({ version: maintenanceRequests.version, status: maintenanceRequests.status })
        .from(maintenanceRequests)
        .where(eq(maintenanceRequests.id, request._id));
      expect(row).toEqual({ version: 2, status: 'acknowledged' });
      expect(await eventsOf(request._id, 'status')).toBe(1);
    }
  });

  it('the tenant cancelling while an admin acknowledges: one of the two, never both', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const request = await fileOne(`Cancel or answer ${round}`);
      const [cancel, acknowledge] = await Promise.all([
        send(
          servers[round % 2 === 0 ? 0 : 1],
          tenant.cookie,
          'POST',
          `/api/maintenance/requests/${request._id}/cancel`,
          { version: request.version },
        ),
        send(
          servers[round % 2 === 0 ? 1 : 0],
          adminCookie,
          'POST',
          `/api/admin/maintenance/${request._id}/status`,
          { version: request.version, status: 'acknowledged' },
        ),
      ]);
      expect([cancel.status, acknowledge.status].sort()).toEqual([200, 409]);
      const [row] = await database.db
        .select({ status: maintenanceRequests.status })
        .from(maintenanceRequests)
        .where(eq(maintenanceRequests.id, request._id));
      expect(row?.status).toBe(cancel.status === 200 ? 'cancelled' : 'acknowledged');
      const steps =
        ((await eventsOf(request._id, 'status')) ?? 0) +
        ((await eventsOf(request._id, 'cancelled')) ?? 0);
      expect(steps).toBe(1);
    }
  });

  it('a cost or a comment racing the tenant’s cancel: never lands on a cancelled request', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const request = await fileOne(`Cost or cancel ${round}`);
      const [cost, comment, cancel] = await Promise.all([
        send(servers[0], adminCookie, 'POST', `/api/admin/maintenance/${request._id}/costs`, {
          kind: 'labour',
          description: 'Call-out',
          amount: 300,
          chargeTenant: true,
          key: randomUUID(),
        }),
        send(servers[0], adminCookie, 'POST', `/api/maintenance/requests/${request._id}/comments`, {
          body: 'On our way',
        }),
        send(servers[1], tenant.cookie, 'POST', `/api/maintenance/requests/${request._id}/cancel`, {
          version: request.version,
        }),
      ]);
      expect(cancel.status).toBe(200);
      expect([200, 409]).toContain(cost.status);
      expect([200, 409]).toContain(comment.status);
      const [row] = await database.db
        .select({ status: maintenanceRequests.status, closedAt: maintenanceRequests.closedAt })
        .from(maintenanceRequests)
        .where(eq(maintenanceRequests.id, request._id));
      expect(row?.status).toBe('cancelled');
      const [costs] = await database.db
        .select({ n: count(), last: max(maintenanceCosts.createdAt) })
        .from(maintenanceCosts)
        .where(eq(maintenanceCosts.requestId, request._id));
      expect(costs?.n).toBe(cost.status === 200 ? 1 : 0);
      const [comments] = await database.db
        .select({ n: count() })
        .from(maintenanceComments)
        .where(eq(maintenanceComments.requestId, request._id));
      expect(comments?.n).toBe(comment.status === 200 ? 1 : 0);
    }
  });

  it('one cost sent twice at once to two servers (a retry, a second click): added and charged once', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const request = await fileOne(`Cost sent twice ${round}`);
      const cost = {
        kind: 'parts',
        description: 'Hinge',
        amount: 400 + round,
        chargeTenant: true,
        key: randomUUID(),
      };
      const path = `/api/admin/maintenance/${request._id}/costs`;
      const answers = await Promise.all(
        servers.map((server) => send(server, adminCookie, 'POST', path, cost)),
      );
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      const [costs] = await database.db
        .select({ n: count() })
        .from(maintenanceCosts)
        .where(eq(maintenanceCosts.requestId, request._id));
      expect(costs?.n).toBe(1);
      const [charged] = await database.db
        .select({ n: count() })
        .from(charges)
        .where(eq(charges.requestId, request._id));
      expect(charged?.n).toBe(1);
      for (const answer of answers) {
        expect(MaintenanceRequestSchema.parse(answer.body).costs).toHaveLength(1);
      }
    }
  });

  it('one charge added by hand, sent twice at once to two servers: added once, the tenant told once', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const charge = {
        agreementId: tenant.agreementId,
        description: `Water bill ${round}`,
        amount: 700 + round,
        key: randomUUID(),
      };
      const path = `/api/tenants/${tenant.id}/charges`;
      const answers = await Promise.all(
        servers.map((server) => send(server, adminCookie, 'POST', path, charge)),
      );
      expect(answers.map((answer) => answer.status)).toEqual([201, 201]);
      const added = await database.db
        .select({ id: charges.id })
        .from(charges)
        .where(eq(charges.requestKey, charge.key));
      expect(added).toHaveLength(1);
      for (const answer of answers) {
        expect((answer.body as { _id: string })._id).toBe(added[0]?.id);
      }
      const [told] = await database.db
        .select({ n: count() })
        .from(notifications)
        .where(
          and(
            eq(notifications.kind, 'charge-added'),
            sql`${notifications.data}->>'chargeId' = ${added[0]?.id ?? ''}`,
          ),
        );
      expect(told?.n).toBe(1);
    }
  });

  it('a charge added by hand while the tenant is removed: both hold, never a 500', async () => {
    for (let round = 0; round < ROUNDS / 2; round += 1) {
      // Each round a new member of the same flat: the last one was removed, the flat is free.
      const member = await renter(database, 'A-202');
      const [first, second] = round % 2 === 0 ? servers : [servers[1], servers[0]];
      const [charged, removed] = await Promise.all([
        send(first, adminCookie, 'POST', `/api/tenants/${member.id}/charges`, {
          agreementId: member.agreementId,
          description: `Service charge ${round}`,
          amount: 900 + round,
          key: randomUUID(),
        }),
        send(second, adminCookie, 'POST', '/api/change/role', { id: member.id }),
      ]);
      expect([charged.status, removed.status], `round ${round}`).toEqual([201, 200]);
      const [owed] = await database.db
        .select({ n: count() })
        .from(charges)
        .where(and(eq(charges.tenantId, member.id), isNull(charges.paidAt)));
      expect(owed?.n).toBe(1);
      const [person] = await database.db
        .select({ role: users.role })
        .from(users)
        .where(eq(users.id, member.id));
      expect(person?.role).toBe('user');
    }
  });

  it('a repair charged while the tenant is removed: both hold, never a 500', async () => {
    for (let round = 0; round < ROUNDS / 2; round += 1) {
      const member = await renter(database, 'B-301');
      const filed = await send(servers[0], member.cookie, 'POST', '/api/maintenance/requests', {
        category: 'plumbing',
        title: `Charged while removed ${round}`,
        description: 'Raced',
        location: 'Kitchen',
        urgency: 'routine',
        entryPermission: true,
      });
      expect(filed.status).toBe(201);
      const request = MaintenanceRequestSchema.parse(filed.body);
      const [first, second] = round % 2 === 0 ? servers : [servers[1], servers[0]];
      const [costed, removed] = await Promise.all([
        send(first, adminCookie, 'POST', `/api/admin/maintenance/${request._id}/costs`, {
          kind: 'parts',
          description: 'Valve',
          amount: 300 + round,
          chargeTenant: true,
          key: randomUUID(),
        }),
        send(second, adminCookie, 'POST', '/api/change/role', { id: member.id }),
      ]);
      expect([costed.status, removed.status], `round ${round}`).toEqual([200, 200]);
      const [owed] = await database.db
        .select({ n: count() })
        .from(charges)
        .where(eq(charges.tenantId, member.id));
      expect(owed?.n).toBe(1);
    }
  });

  it('a repair charged to a former tenant deleting their account: never a charge on a deleted account', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      // A former tenant: their request stays after their lease (here, a request turned down).
      const person = await turnedDown(database, 'A-101');
      const [request] = await database.db
        .insert(maintenanceRequests)
        .values({
          tenantId: person.id,
          agreementId: person.agreementId,
          category: 'plumbing',
          urgency: 'routine',
          status: 'acknowledged',
          title: `Charged while leaving ${round}`,
          description: 'Raced',
          location: 'Kitchen',
          entryPermission: true,
        })
        .returning({ id: maintenanceRequests.id });
      if (!request) throw new Error('no request');
      const [cost, deletion] = await Promise.all([
        send(servers[0], adminCookie, 'POST', `/api/admin/maintenance/${request.id}/costs`, {
          kind: 'parts',
          description: 'New key',
          amount: 500 + round,
          chargeTenant: true,
          key: randomUUID(),
        }),
        send(servers[1], person.cookie, 'DELETE', '/api/account', { confirm: 'DELETE' }),
      ]);
      expect([cost.status, deletion.status].sort(), `round ${round}`).toEqual([200, 409]);
      const [row] = await database.db
        .select({ deletedAt: users.deletedAt })
        .from(users)
        .where(eq(users.id, person.id));
      const [charged] = await database.db
        .select({ n: count() })
        .from(charges)
        .where(eq(charges.tenantId, person.id));
      expect(row?.deletedAt === null, `round ${round}: the account stays`).toBe(
        deletion.status === 409,
      );
      expect(charged?.n, `round ${round}: charges`).toBe(cost.status === 200 ? 1 : 0);
    }
  });

  it('two admins recording one charge paid: one payment, one 409', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const chargeId = await chargedOne(`Charge ${round}`, 'Washer', 250 + round);
      const pay = (server: ServerProcess, method: string) =>
        send(server, adminCookie, 'POST', `/api/admin/charges/${chargeId}/payment`, {
          method,
          receivedOn: '2026-11-23',
        });
      const answers = await Promise.all([pay(servers[0], 'cash'), pay(servers[1], 'bkash')]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const winner = answers[0]?.status === 200 ? 'cash' : 'bkash';
      const [row] = await database.db.select().from(charges).where(eq(charges.id, chargeId));
      expect(row?.method).toBe(winner);
      const [audited] = await database.db
        .select({ n: count() })
        .from(auditLog)
        .where(and(eq(auditLog.subjectId, chargeId), eq(auditLog.action, 'charge.paid')));
      expect(audited?.n).toBe(1);
    }
  });

  it('two admins undoing one charge payment, or one undoing while another records it: one of each', async () => {
    const auditedAs = async (chargeId: string, action: 'charge.paid' | 'charge.undone') =>
      (
        await database.db
          .select({ n: count() })
          .from(auditLog)
          .where(and(eq(auditLog.subjectId, chargeId), eq(auditLog.action, action)))
      )[0]?.n;
    for (let round = 0; round < ROUNDS; round += 1) {
      const chargeId = await chargedOne(`Charge undone ${round}`, 'Tap', 600 + round);
      const pay = (server: ServerProcess) =>
        send(server, adminCookie, 'POST', `/api/admin/charges/${chargeId}/payment`, {
          method: 'cash',
          receivedOn: '2026-11-23',
        });
      const undo = (server: ServerProcess) =>
        send(server, adminCookie, 'POST', `/api/admin/charges/${chargeId}/payment/undo`, {
          reason: `Raced ${round}`,
        });
      expect((await pay(servers[0])).status).toBe(200);

      // Two undos at once: one undoes it, the other finds it unpaid.
      const undos = await Promise.all([undo(servers[0]), undo(servers[1])]);
      expect(undos.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const [unpaid] = await database.db.select().from(charges).where(eq(charges.id, chargeId));
      expect(unpaid?.paidAt).toBeNull();
      const [told] = await database.db
        .select({ n: count() })
        .from(notifications)
        .where(
          and(
            eq(notifications.kind, 'charge-undone'),
            sql`${notifications.data}->>'chargeId' = ${chargeId}`,
          ),
        );
      expect(told?.n).toBe(1);
      expect(await auditedAs(chargeId, 'charge.undone')).toBe(1);

      // Paid again, then undone on one server while recorded again on the other: the undo always
      // holds; the record holds only if it came after, and then the charge is paid once.
      expect((await pay(servers[1])).status).toBe(200);
      const [first, second] = round % 2 === 0 ? servers : [servers[1], servers[0]];
      const [undone, recorded] = await Promise.all([undo(first), pay(second)]);
      expect(undone?.status).toBe(200);
      expect([200, 409]).toContain(recorded?.status);
      const [row] = await database.db.select().from(charges).where(eq(charges.id, chargeId));
      expect(row?.paidAt === null).toBe(recorded?.status === 409);
      expect(await auditedAs(chargeId, 'charge.undone')).toBe(2);
      expect(await auditedAs(chargeId, 'charge.paid')).toBe(recorded?.status === 200 ? 3 : 2);
    }
  });

  it('two admins cancelling one charge, or one cancelling while another records it paid: one of the two', async () => {
    const countOf = async (chargeId: string, action: 'charge.paid' | 'charge.cancelled') =>
      (
        await database.db
          .select({ n: count() })
          .from(auditLog)
          .where(and(eq(auditLog.subjectId, chargeId), eq(auditLog.action, action)))
      )[0]?.n;
    const toldOf = async (chargeId: string) =>
      (
        await database.db
          .select({ n: count() })
          .from(notifications)
          .where(
            and(
              eq(notifications.kind, 'charge-cancelled'),
              sql`${notifications.data}->>'chargeId' = ${chargeId}`,
            ),
          )
      )[0]?.n;
    const cancel = (server: ServerProcess, chargeId: string, round: number) =>
      send(server, adminCookie, 'POST', `/api/admin/charges/${chargeId}/cancel`, {
        reason: `Raced ${round}`,
      });
    for (let round = 0; round < ROUNDS / 2; round += 1) {
      // Two cancels at once: one cancels it, the other finds it cancelled.
      const twice = await chargedOne(`Cancelled twice ${round}`, 'Hinge', 300 + round);
      const cancels = await Promise.all([
        cancel(servers[0], twice, round),
        cancel(servers[1], twice, round),
      ]);
      expect(cancels.map((answer) => answer.status).sort()).toEqual([200, 409]);
      expect(await countOf(twice, 'charge.cancelled')).toBe(1);
      expect(await toldOf(twice)).toBe(1);

      // Cancelled on one server while recorded paid on the other: exactly one holds, and the
      // row, the audit log and the notices agree on which.
      const chargeId = await chargedOne(`Cancel or pay ${round}`, 'Lock', 500 + round);
      const [first, second] = round % 2 === 0 ? servers : [servers[1], servers[0]];
      const [cancelled, paid] = await Promise.all([
        cancel(first, chargeId, round),
        send(second, adminCookie, 'POST', `/api/admin/charges/${chargeId}/payment`, {
          method: 'cash',
          receivedOn: '2026-11-23',
        }),
      ]);
      expect([cancelled.status, paid.status].sort()).toEqual([200, 409]);
      const [row] = await database.db.select().from(charges).where(eq(charges.id, chargeId));
      expect(row?.cancelledAt === null).toBe(cancelled.status === 409);
      expect(row?.paidAt === null).toBe(paid.status === 409);
      expect(await countOf(chargeId, 'charge.cancelled')).toBe(cancelled.status === 200 ? 1 : 0);
      expect(await countOf(chargeId, 'charge.paid')).toBe(paid.status === 200 ? 1 : 0);
      expect(await toldOf(chargeId)).toBe(cancelled.status === 200 ? 1 : 0);
    }
  });

  it('a repair’s charge cancelled while another cost is charged on the same request: both hold', async () => {
    // Both take the request's row and then the money's: a lock taken in the other order would
    // deadlock, and a retry that did not hold would show here as a 5xx or a lost step.
    for (let round = 0; round < ROUNDS; round += 1) {
      const chargeId = await chargedOne(`Cancel while costed ${round}`, 'Valve', 700 + round);
      const [row] = await database.db
        .select({ requestId: charges.requestId })
        .from(charges)
        .where(eq(charges.id, chargeId));
      const requestId = row?.requestId ?? '';
      const [first, second] = round % 2 === 0 ? servers : [servers[1], servers[0]];
      const [cancelled, costed] = await Promise.all([
        send(first, adminCookie, 'POST', `/api/admin/charges/${chargeId}/cancel`, {
          reason: `Raced ${round}`,
        }),
        send(second, adminCookie, 'POST', `/api/admin/maintenance/${requestId}/costs`, {
          kind: 'labour',
          description: 'Second visit',
          amount: 900 + round,
          chargeTenant: true,
          key: randomUUID(),
        }),
      ]);
      expect([cancelled.status, costed.status]).toEqual([200, 200]);
      const held = await database.db
        .select({ amount: charges.amount, cancelledAt: charges.cancelledAt })
        .from(charges)
        .where(eq(charges.requestId, requestId))
        .orderBy(charges.amount);
      // The first is cancelled; the second stands.
      expect(held.map((charge) => [charge.amount, charge.cancelledAt === null])).toEqual([
        [700 + round, false],
        [900 + round, true],
      ]);
      const [costs] = await database.db
        .select({ n: count() })
        .from(maintenanceCosts)
        .where(eq(maintenanceCosts.requestId, requestId));
      expect(costs?.n).toBe(2);
    }
  });

  it('a contact removed while being assigned: never removed with an open request of theirs', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const request = await fileOne(`Contact ${round}`);
      const created = await send(
        servers[0],
        adminCookie,
        'POST',
        '/api/admin/maintenance-contacts',
        {
          name: `Vendor ${round}`,
          trade: 'Plumber',
          phone: '01711 000000',
        },
      );
      const contact = MaintenanceContactSchema.parse(created.body);
      const [assign, remove] = await Promise.all([
        send(servers[0], adminCookie, 'PUT', `/api/admin/maintenance/${request._id}/assignee`, {
          version: request.version,
          contactId: contact._id,
        }),
        send(servers[1], adminCookie, 'DELETE', `/api/admin/maintenance-contacts/${contact._id}`),
      ]);
      expect([assign.status, remove.status]).not.toEqual([200, 200]);
      const [still] = await database.db
        .select({ n: count() })
        .from(maintenanceContacts)
        .where(and(eq(maintenanceContacts.id, contact._id), isNull(maintenanceContacts.removedAt)));
      const [assigned] = await database.db
        .select({ n: count() })
        .from(maintenanceRequests)
        .where(
          and(
            eq(maintenanceRequests.assigneeId, contact._id),
            inArray(maintenanceRequests.status, ['new', 'acknowledged']),
          ),
        );
      if (still?.n === 0) expect(assigned?.n).toBe(0);
    }
  });
  it('two admins adding one contact at once: it is listed once, the other told so', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const add = (server: ServerProcess, name: string) =>
        send(server, adminCookie, 'POST', '/api/admin/maintenance-contacts', {
          name,
          trade: 'Glazier',
          phone: '01711 000000',
        });
      const answers = await Promise.all([
        add(servers[0], `Glass Works ${round}`),
        add(servers[1], `GLASS WORKS ${round}`),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
      const [listed] = await database.db
        .select({ n: count() })
        .from(maintenanceContacts)
        .where(
          and(
            eq(sql`lower(${maintenanceContacts.name})`, `glass works ${round}`),
            isNull(maintenanceContacts.removedAt),
          ),
        );
      expect(listed?.n).toBe(1);
    }
  });
});
