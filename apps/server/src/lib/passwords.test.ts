import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { hashPassword, passwordHashing, verifyPassword } from './passwords';

describe('password hashing', () => {
  it('verifies the right password, refuses a wrong one and a missing hash', async () => {
    const stored = await hashPassword('Correct9Horse');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, 'Correct9Horse')).toBe(true);
    expect(await verifyPassword(stored, 'correct9horse')).toBe(false);
    expect(await verifyPassword(null, 'Correct9Horse')).toBe(false);
    expect(await verifyPassword('not a hash', 'Correct9Horse')).toBe(false);
  });

  it('takes turns: a burst of logins never hashes on every core at once', async () => {
    const stored = await hashPassword('Burst1Login');
    const cap = Math.max(1, availableParallelism() - 1);
    let most = 0;
    const watch = setInterval(() => {
      most = Math.max(most, passwordHashing.activeCount);
    }, 1);
    const burst = Array.from({ length: 12 }, (_, i) =>
      verifyPassword(stored, i % 2 ? 'Burst1Login' : 'wrong'),
    );
    // The rest wait their turn instead of running.
    expect(passwordHashing.activeCount).toBeLessThanOrEqual(cap);
    expect(passwordHashing.pendingCount).toBeGreaterThanOrEqual(12 - cap);
    const results = await Promise.all(burst);
    clearInterval(watch);
    expect(results).toEqual(Array.from({ length: 12 }, (_, i) => i % 2 === 1));
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(cap);
  });
});
