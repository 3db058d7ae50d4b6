import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { newSendKey, sendKeys } from './send-key';

describe('send keys', () => {
  it('are version 4 UUIDs the server takes, each new', () => {
    const made = Array.from({ length: 200 }, newSendKey);
    for (const key of made) {
      expect(z.uuid().safeParse(key).success, key).toBe(true);
      expect(key[14]).toBe('4');
    }
    expect(new Set(made).size).toBe(made.length);
  });

  it('stay the same while the same thing is sent again, and change once it is done or changed', () => {
    const keys = sendKeys();
    const cost = { kind: 'parts', amount: 300 };
    const first = keys.keyFor(cost);
    expect(keys.keyFor({ ...cost })).toBe(first);
    const other = keys.keyFor({ ...cost, amount: 400 });
    expect(other).not.toBe(first);
    expect(keys.keyFor(cost)).not.toBe(first);
    const again = keys.keyFor(cost);
    keys.done();
    expect(keys.keyFor(cost)).not.toBe(again);
  });
});
