import { describe, expect, it } from 'vitest';
import { AppError } from './app-error';
import { onceByKey, replayed } from './request-keys';

const violation = (constraint: string) =>
  Object.assign(new Error('insert failed'), { cause: { code: '23505', constraint } });

describe('replayed', () => {
  const earlier = { kind: 'labour', amount: 1_850, charged: true };

  it('is undefined for a new key, and the earlier entry for the same values sent again', () => {
    expect(replayed(undefined, { amount: 1 }, 'reused')).toBeUndefined();
    expect(replayed(earlier, { kind: 'labour', amount: 1_850, charged: true }, 'reused')).toBe(
      earlier,
    );
  });

  it('refuses the same key with any value changed with a 409 saying so', () => {
    for (const sent of [{ kind: 'parts' }, { amount: 1_851 }, { charged: false }]) {
      const refusal = (() => {
        try {
          replayed(earlier, { ...earlier, ...sent }, 'Send a new key.');
        } catch (error) {
          return error;
        }
        return undefined;
      })();
      expect(refusal).toBeInstanceOf(AppError);
      expect(refusal).toMatchObject({ statusCode: 409, message: 'Send a new key.' });
    }
  });
});

describe('onceByKey', () => {
  it("runs the write again once when the key's index refused it, and answers the second run", async () => {
    let runs = 0;
    const answer = await onceByKey('costs_key_unique', async () => {
      runs += 1;
      if (runs === 1) throw violation('costs_key_unique');
      return 'found the first';
    });
    expect(answer).toBe('found the first');
    expect(runs).toBe(2);
  });

  it('passes any other error on at once, and a second refusal too', async () => {
    let runs = 0;
    await expect(
      onceByKey('costs_key_unique', async () => {
        runs += 1;
        throw violation('another_unique');
      }),
    ).rejects.toThrow('insert failed');
    expect(runs).toBe(1);
    runs = 0;
    await expect(
      onceByKey('costs_key_unique', async () => {
        runs += 1;
        throw violation('costs_key_unique');
      }),
    ).rejects.toThrow('insert failed');
    expect(runs).toBe(2);
  });
});
