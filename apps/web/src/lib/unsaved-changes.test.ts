import { describe, expect, it } from 'vitest';
import { isAnswered } from './unsaved-changes';

describe('isAnswered', () => {
  it('counts text, numbers, choices and photos as answers', () => {
    for (const value of ['Bathroom', 0, 15, false, true, ['photo-1'], new Date(0)]) {
      expect(isAnswered(value), String(value)).toBe(true);
    }
  });

  it('does not count an empty or blank field, a cleared number field or an empty list', () => {
    for (const value of ['', '   \n', Number.NaN, [], undefined, null]) {
      expect(isAnswered(value), String(value)).toBe(false);
    }
  });
});
