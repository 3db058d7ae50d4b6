import type { LedgerMonth, LedgerMonthStatus, RentLedger } from '@structomate/contract';
import { addMonths, monthLabel } from '@structomate/contract';
import { describe, expect, it } from 'vitest';
import { defaultMonth, monthPickerHint, payableMonths, splitLedger } from './ledger-months';

/** A ledger from `first`, one status per month, as the server would send it on `today`. */
function ledger(today: string, first: string, statuses: LedgerMonthStatus[]): RentLedger {
  const months: LedgerMonth[] = statuses.map((status, index) => {
    const billingMonth = addMonths(first, index);
    return {
      billingMonth,
      month: monthLabel(billingMonth),
      status,
      rent: 48_000,
      dueDate: `${billingMonth}-01`,
      agreementId: 'lease',
      paidAt: status === 'paid' ? `${billingMonth}-03T10:00:00.000Z` : null,
      amount: status === 'paid' ? 48_000 : null,
      transactionId: status === 'paid' ? `pi_${billingMonth}` : null,
    };
  });
  return {
    today,
    currentMonth: today.slice(0, 7),
    dueDay: 1,
    graceDays: 0,
    rent: 48_000,
    leaseStart: first,
    leases: [],
    months,
    owedMonths: statuses.filter((s) => s === 'due' || s === 'overdue').length,
    owedAmount: 0,
    overdueMonths: statuses.filter((s) => s === 'overdue').length,
  };
}

const upcoming = (count: number): LedgerMonthStatus[] => Array(count).fill('upcoming');

describe('the month picker', () => {
  it("in January opens on last December's arrears, oldest first across years", () => {
    const january = ledger('2027-01-05', '2026-11', [
      'paid',
      'overdue',
      'overdue',
      ...upcoming(11),
    ]);
    expect(defaultMonth(january)?.billingMonth).toBe('2026-12');
    expect(
      payableMonths(january)
        .map((m) => m.billingMonth)
        .slice(0, 3),
    ).toEqual(['2026-12', '2027-01', '2027-02']);
    expect(payableMonths(january).at(-1)?.billingMonth).toBe('2027-12');
  });

  it('opens on the current month when nothing is overdue, and on next January once December is paid', () => {
    const due = ledger('2026-12-01', '2026-11', ['paid', 'due', ...upcoming(11)]);
    expect(defaultMonth(due)?.billingMonth).toBe('2026-12');
    const paid = ledger('2026-12-10', '2026-11', ['paid', 'paid', ...upcoming(11)]);
    expect(defaultMonth(paid)?.billingMonth).toBe('2027-01');
  });

  it('offers nothing when every month within reach is paid', () => {
    const all = ledger('2026-12-10', '2026-12', Array(12).fill('paid'));
    expect(payableMonths(all)).toEqual([]);
    expect(defaultMonth(all)).toBeUndefined();
  });
});

describe("the picker's description", () => {
  it('names the reach of paying ahead, or the last month of a lease given notice, or nothing', () => {
    const running = ledger('2026-12-05', '2026-12', ['due', ...upcoming(11)]);
    expect(monthPickerHint(running, null)).toBe('You can pay up to 11 months ahead.');
    const ending = ledger('2026-12-05', '2026-12', ['paid', 'upcoming']);
    expect(monthPickerHint(ending, '2027-01-04')).toBe(
      'Your lease ends on 04 Jan, 2027: January 2027 is its last month.',
    );
    // Its last month paid ahead, December still open: the end is still what stops the list.
    const paidAhead = ledger('2026-12-05', '2026-12', ['due', 'paid']);
    expect(monthPickerHint(paidAhead, '2027-01-04')).toBe(
      'Your lease ends on 04 Jan, 2027: January 2027 is its last month.',
    );
    // Notice ends it beyond the reach: the reach is what stops the list.
    expect(monthPickerHint(running, '2028-03-31')).toBe('You can pay up to 11 months ahead.');
    const paid = ledger('2026-12-05', '2026-12', ['paid', 'paid']);
    expect(monthPickerHint(paid, '2027-01-04')).toBeUndefined();
  });
});

describe('the months in view', () => {
  it('keeps owed months of last year in view and folds away paid earlier years', () => {
    const january = ledger('2027-01-05', '2025-11', [
      ...Array(13).fill('paid'),
      'overdue',
      'overdue',
      ...upcoming(11),
    ]);
    const { recent, earlier } = splitLedger(january);
    expect(recent.map((m) => m.billingMonth)).toEqual(['2027-02', '2027-01', '2026-12', '2026-11']);
    expect(earlier.map((m) => m.billingMonth)[0]).toBe('2026-10');
    expect(earlier).toHaveLength(12);
  });

  it('shows a month left unpaid between months paid ahead', () => {
    // December paid, then March paid ahead of January and February.
    const december = ledger('2026-12-05', '2026-12', [
      'paid',
      'upcoming',
      'upcoming',
      'paid',
      ...upcoming(8),
    ]);
    expect(splitLedger(december).recent.map((m) => m.billingMonth)).toEqual([
      '2027-03',
      '2027-02',
      '2027-01',
      '2026-12',
    ]);
  });

  it('shows months paid ahead and the next month to come', () => {
    const december = ledger('2027-12-03', '2027-12', ['paid', 'paid', ...upcoming(10)]);
    expect(splitLedger(december).recent.map((m) => m.billingMonth)).toEqual([
      '2028-02',
      '2028-01',
      '2027-12',
    ]);
  });
});
