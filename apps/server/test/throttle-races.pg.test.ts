import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client';
import { demoAccounts } from '../src/db/demo-data';
import { createPostgresTestDatabase } from './database';
import { startServer, type ServerProcess } from './servers';

/**
 * Throttles hold across server processes: guesses sent in parallel to two servers on one
 * PostgreSQL are counted in the database before any password is checked, so exactly the allowed
 * number are answered, every round. Runs with DATABASE_URL.
 */
const serverUrl = process.env.DATABASE_URL ?? '';
const ROUNDS = 20;

let database: DatabaseHandle;
let servers: ServerProcess[] = [];
const statuses: number[] = [];

beforeAll(async () => {
  const created = await createPostgresTestDatabase(serverUrl);
  database = created.database;
  const env = { DATABASE_URL: created.url, DEMO: '1', PAYMENTS: 'sandbox' };
  servers = await Promise.all([startServer(env), startServer(env)]);
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await database?.close();
});

async function call(index: number, method: string, path: string, body?: unknown) {
  const server = servers[index % servers.length];
  if (!server) throw new Error('no server');
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  statuses.push(response.status);
  return response.status;
}

const member = demoAccounts.find((account) => account.role === 'member');

describe('throttles shared by two servers', () => {
  // 15 guesses: under the address's own limit (20), so only the account's limit (5) decides.
  it(`15 parallel wrong passwords for one account: exactly 5 are checked (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      await database.db.execute(sql`delete from rate_limits`);
      const answers = await Promise.all(
        Array.from({ length: 15 }, (_, index) =>
          call(index, 'POST', '/api/login', { email: member?.email, password: 'Wrong1234' }),
        ),
      );
      expect(
        answers.filter((status) => status === 401),
        `round ${round}`,
      ).toHaveLength(5);
      expect(
        answers.filter((status) => status === 429),
        `round ${round}`,
      ).toHaveLength(10);
    }
  });

  it(`60 parallel account lookups from one address: exactly 30 answered (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      await database.db.execute(sql`delete from rate_limits`);
      const answers = await Promise.all(
        Array.from({ length: 60 }, (_, index) =>
          call(index, 'GET', `/api/users/exists/${encodeURIComponent(`x${index}@example.com`)}`),
        ),
      );
      expect(
        answers.filter((status) => status !== 429),
        `round ${round}`,
      ).toHaveLength(30);
    }
  });

  it('no request failed with a 5xx', () => {
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
  });
});
