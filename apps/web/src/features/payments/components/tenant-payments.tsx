import { DATE_FORMATS, type Transaction } from '@structomate/contract';
import { useId } from 'react';
import { Link } from 'react-router';
import { formatRent, formatWhen } from '../../../lib/format';
import { paidByLine } from './paid-by';

/** A person's payments for the admin, newest first, each with its receipt. */
export function TenantPayments({ transactions }: { transactions: Transaction[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-xl font-semibold">
        Payments
      </h2>
      {transactions.length === 0 ? (
        <p className="text-base-content/75">No payment was made yet.</p>
      ) : (
        <ul className="divide-y divide-base-300 rounded-box border border-base-300 bg-base-100">
          {transactions.map((payment) => (
            <li
              key={payment._id}
              className="flex flex-col gap-2 px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0">
                <p className="font-medium">
                  {payment.month} · {formatRent(payment.amount)}
                </p>
                <p className="text-xs text-base-content/70 wrap-anywhere">
                  {paidByLine(payment) ??
                    `Paid by card · ${formatWhen(payment.date, DATE_FORMATS.timeAndDate)}`}
                </p>
              </div>
              <Link
                to={`receipts/${payment._id}`}
                relative="path"
                className="btn btn-ghost btn-sm self-start sm:self-auto"
                aria-label={`Receipt for ${payment.month}`}
              >
                Receipt
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
