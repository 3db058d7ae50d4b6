import { describe, expect, it } from 'vitest';
import {
  checkViolation,
  deadlocked,
  foreignKeyViolation,
  lockNotAvailable,
  uniqueViolation,
  unstorableText,
} from './db-errors';

/** A driver error as node-postgres and PGlite throw it, wrapped as Drizzle wraps it. */
const wrapped = (code: string, constraint?: string) =>
  new Error('Failed query', { cause: Object.assign(new Error('driver'), { code, constraint }) });

describe('database errors, read through their causes', () => {
  it('names the constraint a write broke, by kind', () => {
    expect(uniqueViolation(wrapped('23505', 'users_email_lower_unique'))).toBe(
      'users_email_lower_unique',
    );
    expect(foreignKeyViolation(wrapped('23503', 'payments_member_fk'))).toBe('payments_member_fk');
    expect(checkViolation(wrapped('23514', 'payments_amount_positive'))).toBe(
      'payments_amount_positive',
    );
    // Another kind of violation is not this one.
    expect(uniqueViolation(wrapped('23503', 'payments_member_fk'))).toBeUndefined();
    expect(checkViolation(wrapped('23505', 'users_email_lower_unique'))).toBeUndefined();
  });

  it('answers an empty name for a violation that names no constraint', () => {
    expect(uniqueViolation(wrapped('23505'))).toBe('');
  });

  it('finds the code however deep the cause, and stops at a cause that is not an object', () => {
    const deep = new Error('outer', { cause: new Error('middle', { cause: wrapped('40P01') }) });
    expect(deadlocked(deep)).toBe(true);
    expect(deadlocked(new Error('outer', { cause: 'a string' }))).toBe(false);
    expect(deadlocked(undefined)).toBe(false);
    expect(uniqueViolation(new Error('no code'))).toBeUndefined();
  });

  it('tells text the database cannot store and a lock it gave up waiting for', () => {
    expect(unstorableText(wrapped('22021'))).toBe(true);
    expect(unstorableText(wrapped('22P05'))).toBe(true);
    expect(unstorableText(wrapped('23505'))).toBe(false);
    expect(lockNotAvailable(wrapped('55P03'))).toBe(true);
    expect(lockNotAvailable(wrapped('40P01'))).toBe(false);
  });
});
