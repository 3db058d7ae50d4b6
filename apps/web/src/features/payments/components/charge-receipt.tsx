import { BRAND_NAME, nameWithEmail } from '@structomate/contract';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { BrandMark } from '../../../components/brand-logo';
import { LoadError } from '../../../components/load-error';
import { LoadingSpinner } from '../../../components/loading-spinner';
import { ApiError } from '../../../lib/api-client';
import { useBuildingName } from '../../../lib/building';
import { formatDateTime, formatRent, formatShortDate } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useChargeReceipt } from '../api/get-charges';
import { chargePaidLine } from './charge-paid';
import { ChargeStatus } from './other-charges';

/**
 * A charge besides rent, printable: a receipt once paid, a statement of what is owed until then.
 * The tenant opens it from Payment History, the admin from the tenant's account or the request.
 */
export function ChargeReceipt() {
  const { chargeId = '' } = useParams();
  const { user } = useSession();
  const receipt = useChargeReceipt(chargeId);
  const buildingName = useBuildingName();
  const isAdmin = user?.role === 'admin';
  const back =
    isAdmin && receipt.data ? (
      <Link to={`/dashboard/manage-members/${receipt.data.tenant._id}`} className="btn btn-ghost">
        ← Rent account
      </Link>
    ) : (
      <Link to="/dashboard/paymentHistory" className="btn btn-ghost">
        ← Payment History
      </Link>
    );
  if (receipt.isPending) return <LoadingSpinner label="Loading the charge" />;
  if (receipt.isError) {
    const missing =
      receipt.error instanceof ApiError && [400, 403, 404].includes(receipt.error.status);
    return (
      <div className="space-y-4">
        {back}
        {missing ? (
          <div role="alert" className="space-y-2 py-8 text-center">
            <h1 className="text-2xl font-semibold">Charge not found</h1>
            <p className="text-base-content/75">It may have been mistyped, or it is not yours.</p>
          </div>
        ) : (
          <LoadError onRetry={receipt.refetch}>The charge could not be loaded.</LoadError>
        )}
      </div>
    );
  }
  const charge = receipt.data;
  const paidLine = chargePaidLine(charge);
  const kind = charge.paid ? 'Receipt' : 'Statement';
  const title = charge.paid
    ? 'Charge receipt'
    : charge.cancelled
      ? 'Cancelled charge'
      : 'Charge statement';
  const rows: [string, ReactNode][] = [
    ['Tenant', nameWithEmail(charge.tenant.name, charge.tenant.email)],
    ['Apartment', charge.apartmentNo],
    ['For', charge.description],
    ...(charge.requestId
      ? ([
          [
            'Maintenance request',
            <Link
              key="request"
              to={`/dashboard/maintenance/${charge.requestId}`}
              className="link link-primary print:no-underline"
            >
              See the request
            </Link>,
          ],
        ] as [string, ReactNode][])
      : []),
    ['Charged on', formatShortDate(charge.createdAt)],
    ['Amount', formatRent(charge.amount)],
    charge.paid && paidLine
      ? ['Paid', paidLine]
      : charge.cancelled
        ? ['Status', 'Cancelled by the building office: not owed.']
        : ['Status', 'Owed: pay it at the building office (cash, bank transfer, bKash or Nagad).'],
    ...(charge.cancelled
      ? ([
          ['Cancelled on', formatShortDate(charge.cancelled.at)],
          ['Reason', charge.cancelled.reason],
        ] as [string, string][])
      : []),
    ...(charge.paid
      ? ([['Recorded', formatDateTime(charge.paid.paidAt)]] as [string, string][])
      : []),
  ];
  return (
    <div className="space-y-6">
      <title>{`${title} · ${charge.description} · ${BRAND_NAME}`}</title>
      <div className="flex flex-wrap justify-between gap-3 print:hidden">
        {back}
        <button type="button" className="btn btn-primary" onClick={() => window.print()}>
          Print {kind.toLowerCase()}
        </button>
      </div>
      <article className="mx-auto max-w-2xl rounded-box border border-base-300 bg-base-100 p-6 shadow-sm sm:p-8 print:border-0 print:p-0 print:shadow-none">
        <header className="flex items-center justify-between gap-3 border-b border-base-300 pb-6">
          <div className="flex items-center gap-3">
            <BrandMark className="size-10" />
            <div>
              <h1 className="text-2xl font-semibold">{title}</h1>
              <p className="text-sm text-base-content/70">{buildingName}</p>
            </div>
          </div>
          <ChargeStatus charge={charge} />
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
          {charge.paid
            ? 'Received with thanks. Keep this receipt for your records.'
            : charge.cancelled
              ? 'This charge was cancelled: nothing is owed for it.'
              : 'This is a statement of a charge still owed, not a receipt.'}
        </p>
      </article>
    </div>
  );
}
