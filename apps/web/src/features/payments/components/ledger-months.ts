import {
  addMonths,
  monthLabel,
  RENT_MONTHS_AHEAD,
  type LedgerMonth,
  type RentLedger,
} from '@structomate/contract';
import { formatDayMonth, formatRent, formatShortDate } from '../../../lib/format';

/** Which of a ledger's months the rent screens offer and show (pure, so it is unit-tested). */

/** Months that can be paid now, oldest first: overdue, due, then up to 11 months ahead. */
export const payableMonths = (ledger: RentLedger) =>
  ledger.months.filter((month) => month.status !== 'paid');

/**
 * Why the picker's list stops where it does: the lease's last month, when notice ends it before
 * the reach of paying ahead; else that reach. Nothing when no month is open (the page thanks the
 * tenant instead).
 */
export function monthPickerHint(ledger: RentLedger, endsOn: string | null): string | undefined {
  if (payableMonths(ledger).length === 0) return undefined;
  // The ledger's last month, paid or not, is where the list stops.
  const last = ledger.months.at(-1)?.billingMonth;
  if (last !== undefined && endsOn !== null && endsOn.slice(0, 7) === last) {
    return `Your lease ends on ${formatShortDate(endsOn)}: ${monthLabel(last)} is its last month.`;
  }
  return `You can pay up to ${RENT_MONTHS_AHEAD} months ahead.`;
}

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
 * this one (so in January, December is still in sight), the months up to the last one paid ahead
 * and the next one to come; earlier paid months fold away.
 */
export function splitLedger(ledger: RentLedger) {
  const year = ledger.currentMonth.slice(0, 4);
  const recentFrom = addMonths(ledger.currentMonth, -2);
  const nextOpen = ledger.months.find(
    (month) => month.status === 'upcoming' && month.billingMonth > ledger.currentMonth,
  );
  // Months ahead are in view up to the last one paid: a month skipped between two paid is not
  // hidden (February unpaid between January and a March paid ahead).
  const lastPaidAhead = ledger.months.findLast(
    (month) => month.billingMonth > ledger.currentMonth && month.status === 'paid',
  )?.billingMonth;
  const inView = (month: LedgerMonth) =>
    month.status === 'overdue' ||
    month.status === 'due' ||
    ((month.billingMonth.slice(0, 4) >= year || month.billingMonth >= recentFrom) &&
      month.billingMonth <= ledger.currentMonth) ||
    (month.billingMonth > ledger.currentMonth &&
      lastPaidAhead !== undefined &&
      month.billingMonth <= lastPaidAhead) ||
    month === nextOpen;
  const newestFirst = [...ledger.months].reverse();
  return {
    recent: newestFirst.filter(inView),
    earlier: newestFirst.filter(
      (month) => !inView(month) && month.billingMonth < ledger.currentMonth,
    ),
  };
}

/** "48,000 BDT was due 1 Nov", "… due today", "… paid 03 Oct, 2026": a month's line. */
export function monthDetail(month: LedgerMonth, today: string): string {
  if (month.status === 'paid' && month.paidAt && month.amount !== null) {
    return `${formatRent(month.amount)} paid ${formatShortDate(month.paidAt)}`;
  }
  // The line sits under the month's name, so the due date needs no year.
  const due = month.dueDate === today ? 'today' : formatDayMonth(month.dueDate);
  return `${formatRent(month.rent)} ${month.status === 'overdue' ? 'was due' : 'due'} ${due}`;
}
