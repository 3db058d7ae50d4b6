import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { openDatabase } from './client';

it('lets the event loop take turns while statements wait for the embedded database', async () => {
  const database = await openDatabase({ kind: 'pglite', dataDir: undefined });
  try {
    let done = 0;
    let seenAfter = -1;
    const statements = Array.from({ length: 50 }, () =>
      database.db.execute(sql`select 1`).then(() => {
        done += 1;
        // Ten done, forty waiting: something arrives from the network (a request to read, a
        // cached page to send), as it does when the loop gets a turn.
        if (done === 10) {
          setImmediate(() => {
            seenAfter = done;
          });
        }
      }),
    );
    await Promise.all(statements);
    // Without turns, PGlite ran all forty before the loop came round (-1: not even then).
    expect(seenAfter).toBeGreaterThanOrEqual(10);
    expect(seenAfter).toBeLessThan(50);
  } finally {
    await database.close();
  }
});
