import { describe, expect, it } from 'vitest';
import { dueDateIn, dueDateOf, monthStatus } from './ledger.service';

/** The ledger's states around the due day (pure: no database, no clock). */
describe('monthStatus', () => {
  const onTheFirst = { dueDay: 1, graceDays: 0 };

  it.each([
    // today, month, expected — rent due on the 1st, no grace (the defaults)
    ['2026-11-01', '2026-11', 'due'],
    ['2026-11-02', '2026-11', 'overdue'],
    ['2026-11-23', '2026-11', 'overdue'],
    ['2026-11-23', '2026-10', 'overdue'],
    ['2026-11-23', '2026-12', 'upcoming'],
    ['2026-12-31', '2027-01', 'upcoming'],
    ['2027-01-01', '2026-12', 'overdue'],
    ['2027-01-01', '2027-01', 'due'],
  ] as const)('on %s, an unpaid %s is %s', (today, month, expected) => {
    expect(monthStatus(month, false, today, onTheFirst)).toBe(expected);
  });

  it('a paid month is paid whatever the date', () => {
    expect(monthStatus('2026-10', true, '2026-11-23', onTheFirst)).toBe('paid');
    expect(monthStatus('2027-05', true, '2026-11-23', onTheFirst)).toBe('paid');
  });

  it.each([
    // due on the 5th with 3 days' grace: overdue from the 9th
    ['2026-11-04', 'due'],
    ['2026-11-05', 'due'],
    ['2026-11-08', 'due'],
    ['2026-11-09', 'overdue'],
  ] as const)('due on the 5th with 3 days of grace: on %s the month is %s', (today, expected) => {
    expect(monthStatus('2026-11', false, today, { dueDay: 5, graceDays: 3 })).toBe(expected);
  });

  it('grace can reach into the next month: last month is still due, not overdue', () => {
    const late = { dueDay: 28, graceDays: 10 };
    expect(monthStatus('2026-11', false, '2026-12-08', late)).toBe('due');
    expect(monthStatus('2026-11', false, '2026-12-09', late)).toBe('overdue');
  });

  it('names the due date', () => {
    expect(dueDateOf('2027-02', 1)).toBe('2027-02-01');
    expect(dueDateOf('2027-02', 28)).toBe('2027-02-28');
  });

  it("a lease's first month falls due on the day it was granted, if that is later", () => {
    expect(dueDateIn('2026-11', 1, '2026-11-23')).toBe('2026-11-23');
    expect(dueDateIn('2026-11', 25, '2026-11-23')).toBe('2026-11-25');
    expect(dueDateIn('2026-11', 1, null)).toBe('2026-11-01');
    expect(monthStatus('2026-11', false, '2026-11-23', onTheFirst, '2026-11-23')).toBe('due');
    expect(monthStatus('2026-11', false, '2026-11-24', onTheFirst, '2026-11-23')).toBe('overdue');
    const grace = { dueDay: 1, graceDays: 3 };
    expect(monthStatus('2026-11', false, '2026-11-26', grace, '2026-11-23')).toBe('due');
  });

  it("a lease's first month is upcoming, not owed, until the lease starts", () => {
    expect(monthStatus('2026-11', false, '2026-11-24', onTheFirst, '2026-11-28')).toBe('upcoming');
    expect(monthStatus('2026-11', false, '2026-11-27', onTheFirst, '2026-11-28')).toBe('upcoming');
    expect(monthStatus('2026-11', false, '2026-11-28', onTheFirst, '2026-11-28')).toBe('due');
    expect(monthStatus('2026-11', true, '2026-11-24', onTheFirst, '2026-11-28')).toBe('paid');
  });
});
