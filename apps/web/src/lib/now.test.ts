import { afterEach, describe, expect, it } from 'vitest';
import { dayIn, setKnownDays } from './now';

afterEach(() => setKnownDays(undefined));

describe('the days a page was drawn with', () => {
  // 15 June 2031 in Auckland (UTC+12 in winter).
  const from = Date.parse('2031-06-14T12:00:00Z');
  const until = Date.parse('2031-06-15T12:00:00Z');

  it('answers a day the server worked out for its zone, while the instant is within it', () => {
    // A day no formatter would give: the answer can only come from what the server handed over.
    setKnownDays({ 'Pacific/Auckland': { day: 'drawn-day', from, until } });
    expect(dayIn(new Date(from), 'Pacific/Auckland')).toBe('drawn-day');
    expect(dayIn(new Date(until - 1), 'Pacific/Auckland')).toBe('drawn-day');
  });

  it('asks the formatter outside that day, and for another zone', () => {
    setKnownDays({ 'Pacific/Auckland': { day: 'drawn-day', from, until } });
    expect(dayIn(new Date(until), 'Pacific/Auckland')).toBe('2031-06-16');
    expect(dayIn(new Date(from - 1), 'Pacific/Auckland')).toBe('2031-06-14');
    expect(dayIn(new Date(from), 'Asia/Dhaka')).toBe('2031-06-14');
  });
});
