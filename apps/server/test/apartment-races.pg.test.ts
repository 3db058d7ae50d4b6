import { ManagedApartmentResponseSchema } from '@structomate/contract';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client';
import { agreements, apartments, users } from '../src/db/schema';
import { createSession } from '../src/modules/auth/auth.service';
import { createPostgresTestDatabase } from './database';
import { startServer, type ServerProcess } from './servers';

/**
 * Two people acting at once on two server processes over one PostgreSQL: two admins saving one
 * apartment from the same version, two admins creating the same number, and an admin archiving
 * an apartment while a visitor requests it. Each round must have exactly one effect. Runs with
 * DATABASE_URL.
 */
const serverUrl = process.env.DATABASE_URL ?? '';
const ROUNDS = 20;

let database: DatabaseHandle;
let servers: ServerProcess[] = [];
let adminCookie = '';
const statuses: number[] = [];

beforeAll(async () => {
  const created = await createPostgresTestDatabase(serverUrl);
  database = created.database;
  servers = await Promise.all([
    startServer({ DATABASE_URL: created.url, DEMO: '0', PAYMENTS: 'sandbox' }),
    startServer({ DATABASE_URL: created.url, DEMO: '0', PAYMENTS: 'sandbox' }),
  ]);
  const [admin] = await database.db
    .insert(users)
    .values({ email: 'admin@example.com', displayName: 'Admin', role: 'admin' })
    .returning({ id: users.id });
  if (!admin) throw new Error('no admin');
  adminCookie = await cookieOf(admin.id);
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await database?.close();
  expect(
    statuses.filter((status) => status >= 500),
    'no request may fail with 5xx',
  ).toEqual([]);
});

async function cookieOf(userId: string) {
  return `sm_session=${(await createSession(database.db, userId, 1, undefined)).token}`;
}

async function send(
  server: ServerProcess,
  method: string,
  url: string,
  body: unknown,
  cookie: string,
) {
  const response = await fetch(`${server.url}${url}`, {
    method,
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  });
  statuses.push(response.status);
  return { status: response.status, body: (await response.json()) as unknown };
}

const fields = (apartmentNo: string, details = 'A flat') => ({
  apartmentNo,
  blockName: 'R',
  floorNo: 1,
  rent: 20000,
  details,
});

async function create(apartmentNo: string) {
  const answer = await send(
    servers[0] as ServerProcess,
    'POST',
    '/api/admin/apartments',
    fields(apartmentNo),
    adminCookie,
  );
  expect(answer.status).toBe(201);
  return ManagedApartmentResponseSchema.parse(answer.body).result;
}

describe('apartments on two servers over one PostgreSQL', () => {
  it(`two admins saving one apartment from one version: one saved, one told (${ROUNDS} rounds)`, async () => {
    const apartment = await create('R-1');
    for (let round = 0; round < ROUNDS; round += 1) {
      const [current] = await database.db
        .select({ version: apartments.version })
        .from(apartments)
        .where(eq(apartments.id, apartment._id));
      const answers = await Promise.all(
        servers.map((server, index) =>
          send(
            server,
            'PUT',
            `/api/admin/apartments/${apartment._id}`,
            { ...fields('R-1', `Saved ${round}-${index}`), photos: [], version: current?.version },
            adminCookie,
          ),
        ),
      );
      expect(answers.map((a) => a.status).sort(), JSON.stringify(answers)).toEqual([200, 409]);
      const winner = answers.findIndex((a) => a.status === 200);
      const [row] = await database.db
        .select()
        .from(apartments)
        .where(eq(apartments.id, apartment._id));
      expect(row).toMatchObject({
        details: `Saved ${round}-${winner}`,
        version: (current?.version ?? 0) + 1,
      });
    }
  }, 120_000);

  it(`two admins adding the same number at once: one apartment (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const apartmentNo = `S-${round}`;
      const answers = await Promise.all(
        servers.map((server, index) =>
          send(
            server,
            'POST',
            '/api/admin/apartments',
            // The same door, typed in two cases.
            fields(index === 0 ? apartmentNo : apartmentNo.toLowerCase()),
            adminCookie,
          ),
        ),
      );
      expect(answers.map((a) => a.status).sort(), JSON.stringify(answers)).toEqual([201, 409]);
    }
  }, 120_000);

  it(`archiving while a visitor requests the apartment: archived with no request, or requested and kept (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const apartment = await create(`T-${round}`);
      const [visitor] = await database.db
        .insert(users)
        .values({
          email: `visitor-${round}@example.com`,
          displayName: `Visitor ${round}`,
          role: 'user',
        })
        .returning({ id: users.id });
      if (!visitor) throw new Error('no visitor');
      const visitorCookie = await cookieOf(visitor.id);
      const [archive, request] = await Promise.all([
        send(
          servers[0] as ServerProcess,
          'POST',
          `/api/admin/apartments/${apartment._id}/status`,
          { status: 'archived', version: apartment.version },
          adminCookie,
        ),
        send(
          servers[1] as ServerProcess,
          'POST',
          '/api/create/agreements',
          { newAgreement: { apartmentDetails: { _id: apartment._id } } },
          visitorCookie,
        ),
      ]);
      const [row] = await database.db
        .select({ status: apartments.status })
        .from(apartments)
        .where(eq(apartments.id, apartment._id));
      const [pending] = await database.db
        .select({ n: count() })
        .from(agreements)
        .where(and(eq(agreements.apartmentId, apartment._id), eq(agreements.status, 'pending')));
      const outcome = JSON.stringify({ archive, request });
      if (archive.status === 200) {
        expect(request.status, outcome).toBe(409);
        expect(row?.status).toBe('archived');
        expect(pending?.n).toBe(0);
      } else {
        expect(archive.status, outcome).toBe(409);
        expect(request.status, outcome).toBe(201);
        expect(row?.status).toBe('listed');
        expect(pending?.n).toBe(1);
      }
    }
  }, 120_000);
});
