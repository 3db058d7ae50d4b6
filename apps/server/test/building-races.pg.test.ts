import { randomBytes } from 'node:crypto';
import { BuildingSchema } from '@structomate/contract';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client';
import { building, setupTokens, users } from '../src/db/schema';
import { createSession, hashToken } from '../src/modules/auth/auth.service';
import { createPostgresTestDatabase } from './database';
import { startServer, type ServerProcess } from './servers';

/**
 * Two people acting at once on two server processes over one PostgreSQL: claiming an empty
 * building with two set-up links, and two admins saving the Building settings from the same
 * version. Each round must have exactly one winner. Runs with DATABASE_URL.
 */
const serverUrl = process.env.DATABASE_URL ?? '';
const ROUNDS = 20;

let database: DatabaseHandle;
let servers: ServerProcess[] = [];
const statuses: number[] = [];

beforeAll(async () => {
  const created = await createPostgresTestDatabase(serverUrl);
  database = created.database;
  servers = await Promise.all([
    startServer({ DATABASE_URL: created.url, DEMO: '0', PAYMENTS: 'sandbox' }),
    startServer({ DATABASE_URL: created.url, DEMO: '0', PAYMENTS: 'sandbox' }),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await database?.close();
  expect(
    statuses.filter((status) => status >= 500),
    'no request may fail with 5xx',
  ).toEqual([]);
});

async function send(
  server: ServerProcess,
  method: string,
  url: string,
  body: unknown,
  cookie = '',
) {
  const response = await fetch(`${server.url}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  statuses.push(response.status);
  return { status: response.status, body: (await response.json()) as unknown };
}

const profile = (name: string) => ({
  name,
  address: '14 Lake Road, Dhaka',
  contactEmail: '',
  contactPhone: '',
  socialLinks: {},
});

describe('two servers on one PostgreSQL', () => {
  it('each start without an admin printed a set-up link of its own', () => {
    const links = servers.map((server) => /\/setup#token=(\S+)/.exec(server.output())?.[1]);
    expect(links.every(Boolean), servers.map((server) => server.output()).join('\n')).toBe(true);
    expect(links[0]).not.toBe(links[1]);
  });

  it(`claiming the building with two links at once makes one admin (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      // A fresh first run: no admin, no building, two live links (and no throttling yet).
      await database.db.execute(sql`delete from sessions`);
      await database.db.execute(sql`delete from rate_limits`);
      await database.db.delete(users).where(eq(users.role, 'admin'));
      await database.db.delete(building);
      await database.db.delete(setupTokens);
      const tokens = [randomBytes(32).toString('base64url'), randomBytes(32).toString('base64url')];
      await database.db
        .insert(setupTokens)
        .values(tokens.map((token) => ({ tokenHash: hashToken(token) })));
      const answers = await Promise.all(
        servers.map((server, index) =>
          send(server, 'POST', '/api/setup', {
            token: tokens[index],
            admin: {
              name: `Claimer ${index}`,
              email: `claimer-${round}-${index}@example.com`,
              password: 'Landlord1',
            },
            building: profile(`Building ${round}-${index}`),
          }),
        ),
      );
      expect(answers.map((answer) => answer.status).sort(), JSON.stringify(answers)).toEqual([
        201, 409,
      ]);
      const [admins] = await database.db
        .select({ n: count() })
        .from(users)
        .where(eq(users.role, 'admin'));
      expect(admins?.n).toBe(1);
      expect(await database.db.select().from(setupTokens)).toEqual([]);
      const [named] = await database.db.select().from(building);
      const winner = answers.findIndex((answer) => answer.status === 201);
      expect(named?.name).toBe(`Building ${round}-${winner}`);
    }
  }, 120_000);

  it(`two admins saving the settings from one version: one saved, one told (${ROUNDS} rounds)`, async () => {
    const [admin] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.role, 'admin'));
    if (!admin) throw new Error('no admin');
    const cookie = `sm_session=${(await createSession(database.db, admin.id, 1, undefined)).token}`;
    for (let round = 0; round < ROUNDS; round += 1) {
      const current = BuildingSchema.parse(
        (await (await fetch(`${servers[0]?.url}/api/building`)).json()) as unknown,
      );
      const answers = await Promise.all(
        servers.map((server, index) =>
          send(
            server,
            'PUT',
            '/api/building',
            { ...profile(`Saved ${round}-${index}`), version: current.version },
            cookie,
          ),
        ),
      );
      expect(answers.map((answer) => answer.status).sort(), JSON.stringify(answers)).toEqual([
        200, 409,
      ]);
      const [row] = await database.db.select().from(building);
      const winner = answers.findIndex((answer) => answer.status === 200);
      expect(row).toMatchObject({ name: `Saved ${round}-${winner}`, version: current.version + 1 });
    }
  }, 120_000);
});
