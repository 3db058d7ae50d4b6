import type { LedgerMonth, LedgerMonthStatus, RentLedger as Ledger } from '@structomate/contract';
import { useId } from 'react';
import { formatRent, ordinal } from '../../../lib/format';
import { monthDetail, splitLedger } from './ledger-months';

const badge: Record<LedgerMonthStatus, { label: string; className: string }> = {
  paid: { label: 'Paid', className: 'chip-success' },
  due: { label: 'Due', className: 'chip-warning' },
  overdue: { label: 'Overdue', className: 'chip-error' },
  upcoming: { label: 'Upcoming', className: 'chip-neutral' },
};

/** A person's rent month by month: what is paid, due, overdue or still to come. */
export function RentLedger({
  ledger,
  owedLabel = 'You owe',
}: {
  ledger: Ledger;
  /** Who owes, as the summary says it: "You owe" to the tenant, "Owes" to the admin. */
  owedLabel?: string;
}) {
  const { recent, earlier } = splitLedger(ledger);
  const list = (entries: LedgerMonth[]) => (
    <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
      {entries.map((month) => (
        <li
          key={month.billingMonth}
          className="flex items-center justify-between gap-3 rounded-field border border-base-300 bg-base-100 px-4 py-3"
        >
          <div className="min-w-0">
            <p className="font-medium">{month.month}</p>
            <p className="truncate text-xs text-base-content/70">
              {monthDetail(month, ledger.today)}
            </p>
          </div>
          <span className={`chip ${badge[month.status].className}`}>
            {badge[month.status].label}
          </span>
        </li>
      ))}
    </ul>
  );
  const headingId = useId();
  // A lease still to start has billed nothing yet: its first month is to come (or paid ahead, in
  // a month still to come).
  const first = ledger.months[0];
  const notBilledYet =
    first !== undefined &&
    (first.status === 'upcoming' ||
      (first.status === 'paid' && first.billingMonth > ledger.currentMonth));
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id={headingId} className="text-xl font-semibold">
            Rent ledger
          </h2>
          {ledger.leaseStart && (
            <p className="text-sm text-base-content/75">
              {notBilledYet
                ? `Billed monthly from ${first?.month}.`
                : `Every month billed since ${first?.month}.`}{' '}
              Rent is due on the {ordinal(ledger.dueDay)} of each month
              {ledger.graceDays > 0
                ? ` and overdue ${ledger.graceDays} ${ledger.graceDays === 1 ? 'day' : 'days'} later`
                : ''}
              .
            </p>
          )}
        </div>
        <OwedSummary ledger={ledger} who={owedLabel} />
      </div>
      {recent.length > 0 && list(recent)}
      {earlier.length > 0 && (
        <details className="group rounded-box border border-base-300 bg-base-200/40 p-4">
          <summary className="cursor-pointer text-sm font-medium">
            Earlier months ({earlier.length})
          </summary>
          <div className="mt-4">{list(earlier)}</div>
        </details>
      )}
    </section>
  );
}

/**
 * "You owe 96,000 BDT (2 months, 1 overdue)", "All paid up", or, before any month was paid or
 * owed (a lease that has not started), "Nothing owed yet".
 */
export function OwedSummary({ ledger, who = 'You owe' }: { ledger: Ledger; who?: string }) {
  const paidAny = ledger.months.some((month) => month.status === 'paid');
  const months = ledger.owedMonths === 1 ? 'month' : 'months';
  const overdue =
    ledger.overdueMonths > 0 && ledger.overdueMonths < ledger.owedMonths
      ? `, ${ledger.overdueMonths} overdue`
      : ledger.overdueMonths > 0
        ? ', overdue'
        : '';
  return (
    <p
      className={`shrink-0 rounded-field px-3 py-2 text-sm font-medium sm:whitespace-nowrap ${
        ledger.owedMonths
          ? ledger.overdueMonths
            ? 'bg-error/10 text-error'
            : 'bg-warning/15 text-warning-content'
          : // The status colour itself is too light for text on its tint: the paid chip's colours.
            'chip-success'
      }`}
    >
      {ledger.owedMonths
        ? `${who} ${formatRent(ledger.owedAmount)} (${ledger.owedMonths} ${months}${overdue})`
        : paidAny
          ? 'All paid up'
          : 'Nothing owed yet'}
    </p>
  );
}
