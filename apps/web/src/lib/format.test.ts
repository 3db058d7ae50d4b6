import { describe, expect, it } from 'vitest';
import { formatLongDate, formatRent, formatShortDate } from './format';

describe('formatting', () => {
  it('writes rent as whole BDT with thousands separators', () => {
    expect(formatRent(125000)).toBe('125,000 BDT');
    expect(formatRent(16500)).toBe('16,500 BDT');
  });

  it('keeps calendar dates on their day whatever the time zone', () => {
    expect(formatLongDate('2025-02-05')).toBe('February 5, 2025');
    expect(formatShortDate('2025-01-31')).toBe('31 Jan, 2025');
  });
});
