import { describe, expect, it } from 'vitest';
import { clockTime, visitWindow } from './maintenance';

describe('a visit’s times, written as the app writes times (hh:mm a)', () => {
  it('writes the form’s 24-hour times on a 12-hour clock', () => {
    expect(clockTime('00:00')).toBe('12:00 AM');
    expect(clockTime('09:05')).toBe('09:05 AM');
    expect(clockTime('11:59')).toBe('11:59 AM');
    expect(clockTime('12:00')).toBe('12:00 PM');
    expect(clockTime('13:30')).toBe('01:30 PM');
    expect(clockTime('23:45')).toBe('11:45 PM');
  });

  it('gives a window from its two ends', () => {
    expect(visitWindow('09:00', '12:00')).toBe('09:00 AM–12:00 PM');
    expect(visitWindow('17:00', '19:00')).toBe('05:00 PM–07:00 PM');
  });
});
