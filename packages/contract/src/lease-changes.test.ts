import { describe, expect, it } from 'vitest';
import { defaultRenewalEnd, leaseEndIssue } from './lease-changes';

describe('defaultRenewalEnd', () => {
  it('adds a term as long as the lease’s own after its current last day', () => {
    expect(defaultRenewalEnd('2029-01-31', 12, '2028-02-01')).toBe('2030-01-31');
    expect(defaultRenewalEnd('2026-12-05', 6, '2026-12-05')).toBe('2027-06-05');
  });

  it('runs a lease past its fixed term from the 1st of next month, to a month’s last day', () => {
    expect(defaultRenewalEnd('2026-01-31', 12, '2026-12-05')).toBe('2027-12-31');
    expect(defaultRenewalEnd(null, 12, '2026-11-30')).toBe('2027-11-30');
    expect(defaultRenewalEnd('2025-06-30', 24, '2026-02-14')).toBe('2028-02-29');
  });

  it('never offers a day past what a renewal may reach, five years from today', () => {
    expect(defaultRenewalEnd('2026-01-31', 60, '2026-12-05')).toBe('2031-12-05');
    expect(defaultRenewalEnd('2027-06-30', 60, '2026-12-05')).toBe('2031-12-05');
  });
});

describe('leaseEndIssue', () => {
  const lease = { today: '2028-02-01', startDate: '2028-02-01', paidThrough: '2028-03' };
  it('refuses a day before the last day of the last month paid, naming both', () => {
    expect(leaseEndIssue({ ...lease, endDate: '2028-03-30' })).toBe(
      'Rent is paid for March 2028: the lease can end on 31 March 2028 at the earliest, so the months paid are the tenant’s to live in.',
    );
    expect(leaseEndIssue({ ...lease, endDate: '2028-03-31' })).toBeUndefined();
  });
  it('refuses a day gone, before the start or past the limit first', () => {
    expect(leaseEndIssue({ ...lease, endDate: '2028-01-31' })).toBe(
      'The lease cannot end before today.',
    );
    expect(leaseEndIssue({ ...lease, startDate: '2028-04-01', endDate: '2028-03-31' })).toBe(
      'The lease cannot end before it starts (1 April 2028).',
    );
    expect(leaseEndIssue({ ...lease, endDate: '2038-03-31' })).toMatch(/at most/);
  });
  it('with nothing paid, any day from today is open', () => {
    expect(leaseEndIssue({ ...lease, paidThrough: null, endDate: '2028-02-01' })).toBeUndefined();
  });
});
