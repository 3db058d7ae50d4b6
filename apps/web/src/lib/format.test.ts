import { TZDate } from '@date-fns/tz';
import { afterEach, describe, expect, it } from 'vitest';
import {
  formatDateTime,
  formatDayMonth,
  formatLongDate,
  formatOwedItems,
  formatRent,
  formatShortDate,
  formatWhen,
  ordinal,
} from './format';
import { wholeNumber } from './format-plain';
import { dayIn, setReaderClock } from './now';

describe('formatting', () => {
  it('writes rent as whole BDT with thousands separators', () => {
    expect(formatRent(125000)).toBe('125,000 BDT');
    expect(formatRent(16500)).toBe('16,500 BDT');
  });

  it('writes whole numbers as en-US does, without asking Intl', () => {
    for (const value of [
      0, 7, 999, 1000, 48000, 100000, 1234567, 99999999, -1250, -999, 12.6, -0.4,
    ]) {
      expect(wholeNumber(value)).toBe(
        new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })
          .format(value)
          .replace(/^-0$/, '0'),
      );
    }
  });

  it('keeps calendar dates on their day whatever the time zone', () => {
    expect(formatLongDate('2025-02-05')).toBe('February 5, 2025');
    expect(formatLongDate('2026-12-31')).toBe('December 31, 2026');
    expect(formatLongDate('2027-01-01')).toBe('January 1, 2027');
    expect(formatShortDate('2025-01-31')).toBe('31 Jan, 2025');
  });

  it('names what a former tenant left unpaid, only what there is', () => {
    expect(formatOwedItems(2, 0)).toBe('2 months');
    expect(formatOwedItems(1, 0)).toBe('1 month');
    expect(formatOwedItems(0, 1)).toBe('1 charge');
    expect(formatOwedItems(1, 3)).toBe('1 month and 3 charges');
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

describe('instants as the reader’s clock shows them (a page drawn on the server)', () => {
  // What entry-server.tsx sets while it draws a page for a reader in Auckland.
  const drawnForAuckland = () =>
    setReaderClock({
      zone: () => 'Pacific/Auckland',
      view: (instant) => new TZDate(instant.getTime(), 'Pacific/Auckland'),
    });
  afterEach(() => setReaderClock({ zone: () => undefined, view: (instant) => instant }));

  it('formats an instant in the reader’s zone, whatever the runtime’s, and a calendar date as it is', () => {
    drawnForAuckland();
    // 10:00 UTC on 3 October 2026 is 23:00 in Auckland (summer time, UTC+13).
    expect(formatWhen('2026-10-03T10:00:00.000Z', 'hh:mm aa, dd MMM, yyyy')).toBe(
      '11:00 PM, 03 Oct, 2026',
    );
    expect(formatDateTime(new Date('2026-06-03T10:00:00.000Z'))).toBe('10:00 PM - 03 Jun, 2026');
    expect(formatShortDate('2026-10-03')).toBe('03 Oct, 2026');
    expect(dayIn(new Date('2026-10-03T12:00:00.000Z'), undefined)).toBe('2026-10-04');
    // The building's zone, when named, wins over the reader's.
    expect(dayIn(new Date('2026-10-03T12:00:00.000Z'), 'Asia/Dhaka')).toBe('2026-10-03');
  });

  it('counts days where the runtime is now, after its zone changes (a phone that travels)', () => {
    const before = process.env.TZ;
    const evening = new Date('2026-10-03T20:00:00.000Z');
    try {
      process.env.TZ = 'Asia/Dhaka';
      expect(dayIn(evening, undefined)).toBe('2026-10-04');
      process.env.TZ = 'America/New_York';
      expect(dayIn(evening, undefined)).toBe('2026-10-03');
    } finally {
      process.env.TZ = before;
    }
  });
});
