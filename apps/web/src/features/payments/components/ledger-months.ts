import { addMonths, type LedgerMonth, type RentLedger } from '@structomate/contract';

/** Which of a ledger's months the rent screens offer and show (pure, so it is unit-tested). */

/** Months that can be paid now, oldest first: overdue, due, then up to 11 months ahead. */
export const payableMonths = (ledger: RentLedger) =>
  ledger.months.filter((month) => month.status !== 'paid');

/**
 * The month the picker opens on: the oldest overdue one, else the current month, else the next
 * month still open (the current one is paid).
 */
export function defaultMonth(ledger: RentLedger): LedgerMonth | undefined {
  const open = payableMonths(ledger);
  return (
    open.find((month) => month.status === 'overdue') ??
    open.find((month) => month.billingMonth === ledger.currentMonth) ??
    open.find((month) => month.billingMonth > ledger.currentMonth) ??
    open[0]
  );
}

/**
 * The months in view: everything owed (whatever its year), this year's months and the two before
 * this one (so in January, December is still in sight), the months paid ahead and the next one
 * to come; earlier paid months fold away.
 */
export function splitLedger(ledger: RentLedger) {
  const year = ledger.currentMonth.slice(0, 4);
  const recentFrom = addMonths(ledger.currentMonth, -2);
  const nextOpen = ledger.months.find(
    (month) => month.status === 'upcoming' && month.billingMonth > ledger.currentMonth,
  );
  const inView = (month: LedgerMonth) =>
    month.status === 'overdue' ||
    month.status === 'due' ||
    ((month.billingMonth.slice(0, 4) >= year || month.billingMonth >= recentFrom) &&
      month.billingMonth <= ledger.currentMonth) ||
    (month.billingMonth > ledger.currentMonth && month.status === 'paid') ||
    month === nextOpen;
  const newestFirst = [...ledger.months].reverse();
  return {
    recent: newestFirst.filter(inView),
    earlier: newestFirst.filter(
      (month) => !inView(month) && month.billingMonth < ledger.currentMonth,
    ),
  };
}
