import { conflict } from './app-error';
import { uniqueViolation } from './db-errors';

/**
 * Writes the sender names with a key (a UUID they pick) are made once, however often they are
 * sent: a retry after an answer that never arrived, a second click, two servers at once.
 */

/**
 * What an entry sent again under its key answers: undefined when the key is new; the earlier
 * entry when it holds the same `sent` values; else the 409 `reused` (the same key with other
 * details is the sender's mistake, never a second entry).
 */
export function replayed<T extends object>(
  earlier: T | undefined,
  sent: Partial<T>,
  reused: string,
): T | undefined {
  if (earlier === undefined) return undefined;
  for (const [field, value] of Object.entries(sent)) {
    if ((earlier as Record<string, unknown>)[field] !== value) throw conflict(reused);
  }
  return earlier;
}

/**
 * Runs `write` (a transaction that looks the key up, with the row it belongs to held, before it
 * inserts) once more if the key's unique index (`index`) refused its insert: another sending
 * committed the same key first, and the second run finds it and answers as `replayed` does. The
 * held row makes a sending for the same lease or request wait for the first; one for another
 * lease or request holds another row, reaches the index, and gets the 409 on its second run.
 */
export async function onceByKey<T>(index: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (uniqueViolation(error) !== index) throw error;
    return write();
  }
}
