/**
 * The name of the unique constraint a write broke, or undefined for any other error. Drizzle
 * wraps driver errors; node-postgres and PGlite both put `code` and `constraint` on the cause.
 */
export function uniqueViolation(error: unknown): string | undefined {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if (typeof current !== 'object') return undefined;
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
  }
  return undefined;
}

/** The name of the foreign key a write broke (it named a row that is not there, or no longer). */
export function foreignKeyViolation(error: unknown): string | undefined {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if (typeof current !== 'object') return undefined;
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === '23503') return typeof constraint === 'string' ? constraint : '';
  }
  return undefined;
}

/** The name of the check a write broke (a CHECK constraint, or a trigger raising check_violation). */
export function checkViolation(error: unknown): string | undefined {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if (typeof current !== 'object') return undefined;
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === '23514') return typeof constraint === 'string' ? constraint : '';
  }
  return undefined;
}

/**
 * True when the database refused text it cannot store: PostgreSQL's text holds no NUL character
 * (22021 in UTF-8; 22P05 converting). The sender's mistake, answered as one.
 */
export function unstorableText(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if (typeof current !== 'object') return false;
    const { code } = current as { code?: unknown };
    if (code === '22021' || code === '22P05') return true;
  }
  return false;
}

/** True when a statement gave up waiting for a row lock (`lock_timeout`: 55P03). */
export function lockNotAvailable(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if (typeof current !== 'object') return false;
    const { code } = current as { code?: unknown };
    if (code === '55P03') return true;
  }
  return false;
}

/** True when PostgreSQL aborted the transaction to break a deadlock (40P01). */
export function deadlocked(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if (typeof current !== 'object') return false;
    if ((current as { code?: unknown }).code === '40P01') return true;
  }
  return false;
}

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
