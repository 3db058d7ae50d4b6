import type { Charge } from '@structomate/contract';
import { useId } from 'react';
import { Link } from 'react-router';
import { formatRent } from '../../../lib/format';
import { useMyCharges } from '../api/get-charges';
import { chargeLine, nothingOwed } from './charge-paid';

/** Paid, cancelled or still owed, in the colours of the rent ledger. */
export function ChargeStatus({ charge }: { charge: Charge }) {
  if (charge.paid) return <span className="chip chip-success">Paid</span>;
  if (charge.cancelled) return <span className="chip chip-neutral">Cancelled</span>;
  return <span className="chip chip-warning">Owed</span>;
}

/**
 * A charge's status, its amount (a cancelled one's struck through, as it is owed by no one) and
 * its receipt or statement: what each list of charges shows beside it.
 */
export function ChargeFigures({ charge }: { charge: Charge }) {
  const paper = charge.paid ? 'Receipt' : 'Statement';
  return (
    <>
      <ChargeStatus charge={charge} />
      {charge.cancelled ? (
        <span className="whitespace-nowrap text-base-content/70 line-through">
          {formatRent(charge.amount)}
        </span>
      ) : (
        <span className="font-semibold whitespace-nowrap">{formatRent(charge.amount)}</span>
      )}
      <Link
        to={`/dashboard/charges/${charge._id}`}
        className="btn btn-ghost btn-xs"
        aria-label={`${paper} for ${charge.description}`}
      >
        {paper}
      </Link>
    </>
  );
}

/**
 * On Payment History: money owed besides rent (repairs charged to the tenant), each with its
 * receipt or statement. Shown only when there is any.
 */
export function OtherCharges() {
  const headingId = useId();
  const charges = useMyCharges();
  if (!charges.data || charges.data.result.length === 0) return null;
  const { result, owed } = charges.data;
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between">
        <h2 id={headingId} className="text-xl font-semibold">
          Other charges
        </h2>
        <p className={`text-sm font-medium ${owed > 0 ? 'text-error' : 'text-base-content/75'}`}>
          {owed > 0 ? `You owe ${formatRent(owed)}` : nothingOwed(result)}
        </p>
      </div>
      <p className="text-sm text-base-content/75">
        Repairs and other costs charged to you, paid at the building office (cash, bank transfer,
        bKash or Nagad).
      </p>
      <ul className="divide-y divide-base-300 rounded-box border border-base-300 bg-base-100">
        {result.map((charge) => (
          <li
            key={charge._id}
            className="flex flex-col gap-2 px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="min-w-0">
              <p className="font-medium [overflow-wrap:anywhere]">{charge.description}</p>
              <p className="text-xs text-base-content/70 wrap-anywhere">{chargeLine(charge)}</p>
            </div>
            <div className="flex items-center gap-3 self-start sm:self-auto">
              <ChargeFigures charge={charge} />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * On Make Payment: what is owed besides rent, so "every month is paid" is not read as "nothing
 * is owed". Shown only while a charge is unpaid; those are paid at the office, not by card here.
 */
export function ChargesOwedNote() {
  const charges = useMyCharges();
  const owed = charges.data?.owed ?? 0;
  if (owed <= 0) return null;
  return (
    <p className="rounded-box border border-warning/40 bg-warning/10 px-4 py-3 text-sm">
      You also owe {formatRent(owed)} in charges besides rent, paid at the building office.{' '}
      <Link to="/dashboard/paymentHistory" className="link link-primary font-medium">
        See them on Payment History
      </Link>
      .
    </p>
  );
}
