import { DATE_FORMATS, formatCharge, HOME_CURRENCY, type Transaction } from '@structomate/contract';
import { Link } from 'react-router';
import { LoadingSpinner } from '../../../components/loading-spinner';
import { EmptyState, PageHeader } from '../../../components/page-header';
import { formatRent, formatWhen } from '../../../lib/format';
import { useTransactions } from '../api/get-transactions';
import { LoadError } from '../../../components/load-error';
import { OtherCharges } from './other-charges';
import { discountNote, paidByLine } from './paid-by';

/** Spec §2 Payment History: Time/Date, Amount, TRX ID; newest first; a receipt for each. */
export function PaymentHistory() {
  const { data: transactions, isPending, isError, refetch } = useTransactions();
  return (
    <div className="space-y-6">
      <PageHeader
        title="Payment History"
        description="Every rent payment you made, by card or in person, newest first."
      />
      {isPending ? (
        <LoadingSpinner label="Loading your payments" />
      ) : isError ? (
        <LoadError onRetry={refetch}>Your payments could not be loaded.</LoadError>
      ) : transactions.length === 0 ? (
        <EmptyState>No payment History available.</EmptyState>
      ) : (
        <>
          {/* Phones get a list; the table needs more width than they have. */}
          <ul className="space-y-3 sm:hidden" aria-label="Payments">
            {transactions.map((payment) => (
              <li
                key={payment._id}
                className="rounded-box border border-base-300 bg-base-100 p-4 text-sm"
              >
                <div className="flex items-baseline justify-between gap-3">
                  <p className="font-semibold">{payment.month}</p>
                  <p className="font-semibold">{formatRent(payment.amount)}</p>
                </div>
                <HowPaid payment={payment} />
                <p className="mt-1 text-base-content/75">
                  {formatWhen(payment.date, DATE_FORMATS.timeAndDate)}
                  {discountNote(payment)}
                </p>
                <div className="mt-2 flex items-center justify-between gap-3">
                  <p className="truncate font-mono text-xs text-base-content/70">
                    {payment.transactionId}
                  </p>
                  <Link
                    to={payment._id}
                    className="btn btn-ghost btn-xs shrink-0"
                    aria-label={`Receipt for ${payment.month}`}
                  >
                    Receipt
                  </Link>
                </div>
              </li>
            ))}
          </ul>
          <div className="hidden overflow-x-auto rounded-box border border-base-300 bg-base-100 sm:block">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">Time/Date</th>
                  <th scope="col">Month</th>
                  <th scope="col">Amount</th>
                  <th scope="col">TRX ID</th>
                  <th scope="col">
                    <span className="sr-only">Receipt</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {transactions.map((payment) => (
                  <tr key={payment._id}>
                    <td className="whitespace-nowrap">
                      {formatWhen(payment.date, DATE_FORMATS.timeAndDate)}
                    </td>
                    <td className="whitespace-nowrap">{payment.month}</td>
                    <td className="whitespace-nowrap">
                      {payment.discount > 0 ? (
                        <>
                          <span className="font-medium">{formatRent(payment.amount)}</span>
                          {/* The breakdown goes under the amount, so the row keeps its width. */}
                          <span className="block text-xs text-base-content/70">
                            ({formatRent(payment.rent)} − {formatRent(payment.discount)}
                            {payment.couponCode ? ` ${payment.couponCode}` : ''})
                          </span>
                        </>
                      ) : (
                        formatRent(payment.rent)
                      )}
                      <HowPaid payment={payment} />
                    </td>
                    <td
                      className="max-w-40 truncate font-mono text-xs lg:max-w-56"
                      title={payment.transactionId}
                    >
                      {payment.transactionId}
                    </td>
                    <td className="text-right">
                      <Link
                        to={payment._id}
                        className="btn btn-ghost btn-xs"
                        aria-label={`Receipt for ${payment.month}`}
                      >
                        Receipt
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <OtherCharges />
    </div>
  );
}

/**
 * How it was paid, when there is more to say than the amount: by hand ("Paid by cash · ref …"),
 * or a card charged in another currency than taka.
 */
function HowPaid({ payment }: { payment: Transaction }) {
  const paidBy = paidByLine(payment);
  if (paidBy)
    return <p className="max-w-72 text-xs whitespace-normal text-base-content/70">{paidBy}</p>;
  if (payment.currency === HOME_CURRENCY) return null;
  return (
    <p className="text-xs text-base-content/70">
      Card: {formatCharge(payment.amountInMinorUnits, payment.currency)}
    </p>
  );
}
