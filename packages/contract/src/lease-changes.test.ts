import { describe, expect, it } from 'vitest';
import { defaultRenewalEnd } from './lease-changes';

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
