import type { LedgerMonthStatus, RentLedger as Ledger } from '@structomate/contract';
import { formatRent, formatShortDate } from '../../../lib/format';

const badge: Record<LedgerMonthStatus, { label: string; className: string }> = {
  paid: { label: 'Paid', className: 'chip-success' },
  due: { label: 'Due', className: 'chip-warning' },
  overdue: { label: 'Overdue', className: 'chip-error' },
  upcoming: { label: 'Upcoming', className: 'chip-neutral' },
};

/** The lease month by month (issue: rent ledger): what is paid, due, overdue or still to come. */
export function RentLedger({ ledger }: { ledger: Ledger }) {
  // Newest first; this year in view, earlier years folded away.
  const months = [...ledger.months].reverse();
  const year = ledger.currentMonth.slice(0, 4);
  const thisYear = months.filter((m) => m.billingMonth.slice(0, 4) >= year);
  const earlier = months.filter((m) => m.billingMonth.slice(0, 4) < year);
  const list = (entries: typeof months) => (
    <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
      {entries.map((month) => (
        <li
          key={month.billingMonth}
          className="flex items-center justify-between gap-3 rounded-field border border-base-300 bg-base-100 px-4 py-3"
        >
          <div className="min-w-0">
            <p className="font-medium">{month.month}</p>
            <p className="truncate text-xs text-base-content/70">
              {month.paidAt && month.amount !== null
                ? `${formatRent(month.amount)} on ${formatShortDate(month.paidAt)}`
                : month.status === 'upcoming'
                  ? `${formatRent(ledger.rent)} due on the 1st`
                  : formatRent(ledger.rent)}
            </p>
          </div>
          <span className={`chip ${badge[month.status].className}`}>
            {badge[month.status].label}
          </span>
        </li>
      ))}
    </ul>
  );
  return (
    <section aria-labelledby="ledger-heading" className="space-y-4">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="ledger-heading" className="text-xl font-semibold">
            Rent ledger
          </h2>
          <p className="text-sm text-base-content/75">
            Every month of your lease since {months.at(-1)?.month}.
          </p>
        </div>
        <p
          className={`rounded-field px-3 py-2 text-sm font-medium ${
            ledger.owedMonths ? 'bg-warning/15 text-warning-content' : 'bg-success/10 text-success'
          }`}
        >
          {ledger.owedMonths
            ? `You owe ${formatRent(ledger.owedAmount)} (${ledger.owedMonths} ${
                ledger.owedMonths === 1 ? 'month' : 'months'
              })`
            : 'All paid up'}
        </p>
      </div>
      {list(thisYear)}
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
