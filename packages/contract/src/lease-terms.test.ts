import { describe, expect, it } from 'vitest';
import {
  addMonthsToDay,
  defaultStartDate,
  latestStartDate,
  leaseEndDate,
  leaseTerms,
  runsMonthToMonth,
} from './calendar';
import { SPEC_LEASE_DEFAULTS } from './lease-terms';

describe('lease dates', () => {
  it.each([
    ['2026-12-01', 12, '2027-11-30'],
    ['2025-02-01', 12, '2026-01-31'],
    ['2026-11-24', 12, '2027-11-23'],
    ['2027-01-31', 1, '2027-02-27'],
    ['2028-01-31', 1, '2028-02-28'],
    ['2026-03-01', 1, '2026-03-31'],
    ['2026-12-31', 6, '2027-06-29'],
  ])('a lease from %s for %i months ends on %s', (start, months, end) => {
    expect(leaseEndDate(start, months)).toBe(end);
  });

  it('runs on month to month past its term, until notice gives it an end', () => {
    expect(runsMonthToMonth('2026-01-31', null, '2026-02-01')).toBe(true);
    // Its last day is still within the term.
    expect(runsMonthToMonth('2026-01-31', null, '2026-01-31')).toBe(false);
    // Notice given: it ends that day, not month to month.
    expect(runsMonthToMonth('2026-01-31', '2026-03-31', '2026-02-15')).toBe(false);
    // No fixed term to run past.
    expect(runsMonthToMonth(null, null, '2026-02-01')).toBe(false);
  });

  it('adds months to a day, keeping to the month’s last day', () => {
    expect(addMonthsToDay('2027-01-31', 1)).toBe('2027-02-28');
    expect(addMonthsToDay('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonthsToDay('2026-11-24', 12)).toBe('2027-11-24');
  });

  it('starts on the 1st of next month by default, at most a year ahead', () => {
    expect(defaultStartDate('2026-11-24')).toBe('2026-12-01');
    expect(defaultStartDate('2026-12-31')).toBe('2027-01-01');
    expect(latestStartDate('2026-11-24')).toBe('2027-11-24');
  });

  it('copies the building’s defaults into a lease, the deposit in taka', () => {
    expect(leaseTerms({ ...SPEC_LEASE_DEFAULTS, depositMonths: 2 }, 48000, '2026-12-01')).toEqual({
      startDate: '2026-12-01',
      endDate: '2027-11-30',
      termMonths: 12,
      rent: 48000,
      deposit: 96000,
      depositMonths: 2,
      noticeDays: 30,
      rentDueDay: 1,
      graceDays: 0,
      parking: 'Parking spot 12 is assigned to the tenant.',
    });
  });
});
