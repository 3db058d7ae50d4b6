import { AnnouncementListResponseSchema } from '@structomate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../src/db/demo-data';
import { sessionCookie, startDemoPair, type ServerProcess } from './servers';

/**
 * Signed-in reads kept in each server's memory (ADR 019), on two server processes on one
 * PostgreSQL as behind a load balancer: a server's own change is in its next read at once, the
 * other server's reads follow once PostgreSQL's notice arrives, and a change is never made on a
 * session that has ended, whichever server is asked. Runs with DATABASE_URL.
 */
const serverUrl = process.env.DATABASE_URL ?? '';
const NOW = '2026-11-20T10:00:00Z';
const ROUNDS = 10;

let pair: Awaited<ReturnType<typeof startDemoPair>>;
let a: ServerProcess;
let b: ServerProcess;

beforeAll(async () => {
  pair = await startDemoPair(serverUrl, NOW);
  [a, b] = pair.servers;
}, 120_000);
afterAll(() => pair?.stop());

const member = demoAccounts.find((account) => account.role === 'member');
const LEAK = {
  category: 'plumbing',
  title: 'Kitchen tap leaks',
  description: 'Water drips from the tap all night.',
  location: 'Kitchen',
  urgency: 'urgent',
  entryPermission: true,
  preferredTimes: 'Weekday mornings',
  photoIds: [],
};

const logIn = (server: ServerProcess) => sessionCookie(server, member);

async function titles(server: ServerProcess, cookie: string): Promise<string[]> {
  const { status, body } = await pair.post(server, cookie, '/api/get/memberAnnouncement', {});
  expect(status).toBe(200);
  return AnnouncementListResponseSchema.parse(body).map((row) => row.title);
}

describe('signed-in reads kept by two servers', () => {
  it(`a server's own change is in its next read; the other's follows (${ROUNDS} rounds)`, async () => {
    const cookie = await logIn(a);
    for (let round = 0; round < ROUNDS; round += 1) {
      await Promise.all([titles(a, cookie), titles(b, cookie)]);
      const title = `Notice ${round}`;
      const posted = await pair.post(a, pair.adminCookie, '/api/makeAnnouncement', {
        newAnnouncement: { title, details: 'For every member.', type: 'member' },
      });
      expect(posted.status).toBe(201);
      expect(await titles(a, cookie), `round ${round}`).toContain(title);
      await expect.poll(() => titles(b, cookie), { timeout: 2000 }).toContain(title);
    }
  });

  it('a session ended on one server: a change is refused on the other at once, a read soon', async () => {
    const [reading, changing] = [await logIn(a), await logIn(a)];
    const read = async (cookie: string) =>
      (await pair.post(b, cookie, '/api/get/memberAnnouncement', {})).status;
    const report = async (cookie: string) =>
      (await pair.post(b, cookie, '/api/maintenance/requests', LEAK)).status;
    // Server b keeps both sessions for reads.
    expect([await read(reading), await read(changing)]).toEqual([200, 200]);

    // A change reads the session from the database, on any server: refused at once.
    expect(await report(changing)).toBe(201);
    expect((await pair.post(a, changing, '/api/logout', {})).status).toBe(200);
    expect(await report(changing)).toBe(401);

    // A read on b may answer from memory until PostgreSQL's notice reaches b; nothing but the
    // notice tells b (no change is sent to b in between).
    expect(await read(reading)).toBe(200);
    expect((await pair.post(a, reading, '/api/logout', {})).status).toBe(200);
    await expect.poll(() => read(reading), { timeout: 2000 }).toBe(401);
    expect(pair.statuses.filter((status) => status >= 500)).toEqual([]);
  });
});
