import { describe, expect, it } from 'vitest';
import { calendarDay } from './clock';

describe('calendarDay', () => {
  it('turns at midnight in the zone asked, whichever instant was asked before', () => {
    // Dhaka is UTC+6: its midnight is 18:00 UTC.
    expect(calendarDay(new Date('2026-03-31T17:59:59.999Z'), 'Asia/Dhaka')).toBe('2026-03-31');
    expect(calendarDay(new Date('2026-03-31T18:00:00.000Z'), 'Asia/Dhaka')).toBe('2026-04-01');
    expect(calendarDay(new Date('2026-03-31T17:59:30.000Z'), 'Asia/Dhaka')).toBe('2026-03-31');
    // The same minute in another zone, then in Dhaka again.
    expect(calendarDay(new Date('2026-03-31T18:00:30.000Z'), 'UTC')).toBe('2026-03-31');
    expect(calendarDay(new Date('2026-03-31T18:00:30.000Z'), 'Asia/Dhaka')).toBe('2026-04-01');
  });

  it('turns on the minute in a zone a quarter-hour off the hour', () => {
    // Kathmandu is UTC+5:45: its midnight is 18:15 UTC, within the hour of the one before.
    expect(calendarDay(new Date('2026-06-30T18:14:59.999Z'), 'Asia/Kathmandu')).toBe('2026-06-30');
    expect(calendarDay(new Date('2026-06-30T18:15:00.000Z'), 'Asia/Kathmandu')).toBe('2026-07-01');
    expect(calendarDay(new Date('2026-06-30T18:14:00.000Z'), 'Asia/Kathmandu')).toBe('2026-06-30');
  });
});
