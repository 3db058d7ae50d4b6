import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client';
import { deadlocked, retryOnDeadlock } from '../src/lib/db-errors';
import { createPostgresTestDatabase } from './database';

/**
 * Two transactions taking two rows in opposite orders on PostgreSQL: it aborts one to break the
 * deadlock (40P01, as Drizzle passes it on), and run again that one finishes. Runs with
 * DATABASE_URL.
 */
const serverUrl = process.env.DATABASE_URL ?? '';
let database: DatabaseHandle;

beforeAll(async () => {
  database = (await createPostgresTestDatabase(serverUrl)).database;
  await database.db.execute(sql`create table crossing (id int primary key, n int not null)`);
  await database.db.execute(sql`insert into crossing values (1, 0), (2, 0)`);
}, 60_000);
afterAll(() => database?.close());

/** A promise and the function that settles it. */
function signal() {
  let give = () => {};
  const given = new Promise<void>((resolve) => (give = resolve));
  return { give, given };
}

describe('a transaction PostgreSQL aborts in a deadlock', () => {
  it('is seen as one, and run again finishes; the other is not run twice', async () => {
    const holds = [signal(), signal()];
    const attempts = [0, 0];
    const errors: unknown[] = [];
    const crossing = (mine: 0 | 1) => async () => {
      attempts[mine] = (attempts[mine] ?? 0) + 1;
      const [first, second] = mine === 0 ? [1, 2] : [2, 1];
      try {
        await database.db.transaction(async (tx) => {
          await tx.execute(sql`update crossing set n = n + 1 where id = ${first}`);
          if (attempts[mine] === 1) {
            holds[mine]?.give();
            await holds[1 - mine]?.given;
          }
          await tx.execute(sql`update crossing set n = n + 1 where id = ${second}`);
        });
      } catch (error) {
        errors.push(error);
        throw error;
      }
    };
    await Promise.all([retryOnDeadlock(crossing(0)), retryOnDeadlock(crossing(1))]);
    expect(errors).toHaveLength(1);
    expect(deadlocked(errors[0])).toBe(true);
    expect(attempts.sort()).toEqual([1, 2]);
    const { rows } = await database.executeSql('select n from crossing order by id');
    expect(rows).toEqual([{ n: 2 }, { n: 2 }]);
  });

  it('any other failure is not run again', async () => {
    let runs = 0;
    const failing = retryOnDeadlock(async () => {
      runs += 1;
      await database.db.execute(sql`insert into crossing values (1, 0)`);
    });
    await expect(failing).rejects.toThrow();
    expect(runs).toBe(1);
  });
});
