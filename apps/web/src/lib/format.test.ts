import { describe, expect, it } from 'vitest';
import { formatDayMonth, formatLongDate, formatRent, formatShortDate, ordinal } from './format';

describe('formatting', () => {
  it('writes rent as whole BDT with thousands separators', () => {
    expect(formatRent(125000)).toBe('125,000 BDT');
    expect(formatRent(16500)).toBe('16,500 BDT');
  });

  it('keeps calendar dates on their day whatever the time zone', () => {
    expect(formatLongDate('2025-02-05')).toBe('February 5, 2025');
    expect(formatShortDate('2025-01-31')).toBe('31 Jan, 2025');
  });

  it('writes a due date without its year, and days as ordinals', () => {
    expect(formatDayMonth('2026-12-01')).toBe('1 Dec');
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 28].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '28th',
    ]);
  });
});
