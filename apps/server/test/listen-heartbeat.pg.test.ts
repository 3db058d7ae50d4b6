import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { createPostgresTestDatabase } from './database';

/**
 * A LISTEN connection that goes quiet without closing (a frozen server, a network that drops
 * packets) is noticed: the caches stop serving from memory (ADR 019), and listening starts again
 * on a new connection. The quiet is made by stopping the connection's PostgreSQL backend with
 * SIGSTOP (the tests run as root beside PostgreSQL). Runs with DATABASE_URL.
 */
const serverUrl = process.env.DATABASE_URL ?? '';
let created: Awaited<ReturnType<typeof createPostgresTestDatabase>>;
let database: DatabaseHandle;

beforeAll(async () => {
  created = await createPostgresTestDatabase(serverUrl);
  database = await openDatabase({
    kind: 'postgres',
    url: created.url,
    poolSize: 1,
    listenHeartbeatMs: 300,
  });
}, 60_000);
afterAll(async () => {
  await database?.close();
  await created?.database.close();
});

async function listenerBackends(): Promise<number[]> {
  const result = await created.database.executeSql(
    `select pid from pg_stat_activity
     where application_name = $1 and datname = current_database() order by backend_start`,
    [`structomate-listen-${process.pid}`],
  );
  return result.rows.map((row) => Number((row as { pid: number }).pid));
}

describe('a LISTEN connection that stops answering', () => {
  it('is given up for lost, and listening starts again on a new connection', async () => {
    const lost: Error[] = [];
    let restored = 0;
    const heard: string[] = [];
    const stop = await database.listen(
      'structomate_changed',
      (payload) => heard.push(payload),
      (error) => lost.push(error),
      () => (restored += 1),
    );
    const [frozen] = await listenerBackends();
    if (frozen === undefined) throw new Error('no LISTEN connection');
    process.kill(frozen, 'SIGSTOP');
    try {
      await expect.poll(() => lost.length, { timeout: 5000 }).toBeGreaterThan(0);
      expect(lost[0]?.message).toBe('the LISTEN connection stopped answering');
      await expect.poll(() => restored, { timeout: 10_000 }).toBe(1);
    } finally {
      process.kill(frozen, 'SIGCONT');
    }
    // The new connection hears.
    await created.database.executeSql(`select pg_notify('structomate_changed', 'data')`);
    await expect.poll(() => heard).toContain('data');
    await stop();
  }, 30_000);
});
