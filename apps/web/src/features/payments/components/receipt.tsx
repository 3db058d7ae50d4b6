import {
  DATE_FORMATS,
  formatCharge,
  HOME_CURRENCY,
  nameWithEmail,
  type Transaction,
} from '@structomate/contract';
import { Link, useParams } from 'react-router';
import { BrandMark } from '../../../components/brand-logo';
import { LoadingSpinner } from '../../../components/loading-spinner';
import { formatRent, formatWhen } from '../../../lib/format';
import { useTransactions } from '../api/get-transactions';
import { useBuildingName } from '../../../lib/building';
import { offlineDetails } from './paid-by';

/** A printable receipt for one rent payment. */
export function Receipt() {
  const { paymentId = '' } = useParams();
  const { data: transactions, isPending } = useTransactions();
  if (isPending) return <LoadingSpinner label="Loading the receipt" />;
  const payment = transactions?.find((candidate) => candidate._id === paymentId);
  if (!payment) {
    return (
      <div role="alert" className="space-y-4 py-12 text-center">
        <h1 className="text-2xl font-semibold">Receipt not found</h1>
        <p className="mx-auto max-w-prose text-base-content/75">
          None of your payments has this receipt. A payment the office recorded and then undid has
          none any more: you were told why by email.
        </p>
        <Link to=".." relative="path" className="btn btn-primary">
          Back to Payment History
        </Link>
      </div>
    );
  }
  return <ReceiptView payment={payment} back={{ to: '..', label: 'Payment History' }} />;
}

/**
 * One payment's receipt, the same for a card payment and one recorded by hand (which says how it
 * was paid where a card payment shows the card charge); `back` leads to the page it came from.
 */
export function ReceiptView({
  payment,
  back,
}: {
  payment: Transaction;
  back: { to: string; label: string };
}) {
  const buildingName = useBuildingName();
  const paidBy = offlineDetails(payment);
  const rows: [string, string][] = [
    ['Tenant', nameWithEmail(payment.tenant, payment.email)],
    ['Apartment', `${payment.apartmentNo}, block ${payment.blockName}, floor ${payment.floor}`],
    ['Month', payment.month],
    ['Rent', formatRent(payment.rent)],
    [
      'Discount',
      payment.discount > 0
        ? `${formatRent(payment.discount)}${payment.couponCode ? ` (coupon ${payment.couponCode})` : ''}`
        : 'None',
    ],
    ['Amount paid', formatRent(payment.amount)],
    // Rent paid by hand says how; a card charged in taka, that it was paid by card (the amount
    // is the one paid, above); a card charged in another currency, what it was charged, spelled
    // as a code (a "$" beside the taka amount would read like a conversion), with the rate.
    paidBy
      ? [payment.method === 'deposit' ? 'Paid from' : 'Paid by', paidBy]
      : payment.currency === HOME_CURRENCY
        ? ['Paid by', 'Card']
        : [
            'Card charge',
            payment.rate
              ? `${formatCharge(payment.amountInMinorUnits, payment.currency)} (at ${payment.rate} BDT per ${payment.currency.toUpperCase()})`
              : formatCharge(payment.amountInMinorUnits, payment.currency),
          ],
    ['Transaction ID', payment.transactionId],
    [paidBy ? 'Recorded' : 'Date', formatWhen(payment.date, DATE_FORMATS.timeAndDate)],
  ];
  return (
    <div className="space-y-6">
      <title>{`Receipt · ${payment.month} · StructoMate`}</title>
      <div className="flex flex-wrap justify-between gap-3 print:hidden">
        <Link to={back.to} relative="path" className="btn btn-ghost">
          ← {back.label}
        </Link>
        <button type="button" className="btn btn-primary" onClick={() => window.print()}>
          Print receipt
        </button>
      </div>
      <article className="mx-auto max-w-2xl rounded-box border border-base-300 bg-base-100 p-8 shadow-sm print:border-0 print:p-0 print:shadow-none">
        <header className="flex items-center justify-between border-b border-base-300 pb-6">
          <div className="flex items-center gap-3">
            <BrandMark className="size-10" />
            <div>
              <h1 className="text-2xl font-semibold">Rent receipt</h1>
              <p className="text-sm text-base-content/70">{buildingName}</p>
            </div>
          </div>
          {payment.provider === 'sandbox' && <span className="chip chip-warning">Test mode</span>}
        </header>
        <dl className="mt-6 divide-y divide-base-300">
          {rows.map(([label, value]) => (
            <div key={label} className="grid grid-cols-3 gap-4 py-2.5 text-sm">
              <dt className="font-medium text-base-content/75">{label}</dt>
              <dd className="col-span-2 wrap-anywhere">{value}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-8 text-xs text-base-content/70">
          {payment.method === 'deposit'
            ? 'Paid from this lease’s security deposit.'
            : 'Received with thanks.'}{' '}
          Keep this receipt for your records.
        </p>
      </article>
    </div>
  );
}
