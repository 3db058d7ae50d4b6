/**
 * The first error in `error`'s chain of causes with one of PostgreSQL's `codes`. Drizzle wraps
 * driver errors; node-postgres and PGlite both put `code` and `constraint` on the cause.
 */
function pgError(
  error: unknown,
  codes: readonly string[],
): { code: string; constraint?: unknown } | undefined {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if (typeof current !== 'object') return undefined;
    const { code } = current as { code?: unknown };
    if (typeof code === 'string' && codes.includes(code)) {
      return current as { code: string; constraint?: unknown };
    }
  }
  return undefined;
}

/** The name of the constraint `error` broke with `code`: empty if unnamed, undefined if none. */
function brokenConstraint(error: unknown, code: string): string | undefined {
  const found = pgError(error, [code]);
  if (!found) return undefined;
  return typeof found.constraint === 'string' ? found.constraint : '';
}

/** The name of the unique constraint a write broke, or undefined for any other error. */
export const uniqueViolation = (error: unknown) => brokenConstraint(error, '23505');

/** The name of the foreign key a write broke (it named a row that is not there, or no longer). */
export const foreignKeyViolation = (error: unknown) => brokenConstraint(error, '23503');

/** The name of the check a write broke (a CHECK constraint, or a trigger raising check_violation). */
export const checkViolation = (error: unknown) => brokenConstraint(error, '23514');

/**
 * True when the database refused text it cannot store: PostgreSQL's text holds no NUL character
 * (22021 in UTF-8; 22P05 converting). The sender's mistake, answered as one.
 */
export const unstorableText = (error: unknown) => pgError(error, ['22021', '22P05']) !== undefined;

/** True when a statement gave up waiting for a row lock (`lock_timeout`: 55P03). */
export const lockNotAvailable = (error: unknown) => pgError(error, ['55P03']) !== undefined;

/** True when PostgreSQL aborted the transaction to break a deadlock (40P01). */
export const deadlocked = (error: unknown) => pgError(error, ['40P01']) !== undefined;

/**
 * Runs `work` (a whole transaction) again when PostgreSQL aborts it to break a deadlock, as its
 * manual advises: the other transaction has gone on, and the new attempt sees what it did. Only
 * for work with no effect outside the database. Inside another transaction, `work` is a savepoint,
 * which lets go only of the locks taken after it: the caller must hold none the other side waits
 * for.
 */
export async function retryOnDeadlock<T>(work: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!deadlocked(error) || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt + Math.random() * 50));
    }
  }
}
