import type { LedgerMonth, Transaction } from '@structomate/contract';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { LoadingSpinner } from '../../../components/loading-spinner';
import { formatRent } from '../../../lib/format';
import { PageHeader } from '../../../components/page-header';
import { useMemberAgreement } from '../../../lib/member-lease';
import { useSession } from '../../../lib/session';
import { useSiteConfig } from '../../../lib/site-config';
import { useRentLedger } from '../api/get-rent-ledger';
import { PaymentModal } from './payment-modal';
import { defaultMonth, monthPickerHint, payableMonths } from './ledger-months';
import { ChargesOwedNote } from './other-charges';
import { RentLedger } from './rent-ledger';

const wholeNumber = new Intl.NumberFormat('en-US');

const statusWord: Record<LedgerMonth['status'], string> = {
  overdue: 'overdue',
  due: 'due',
  upcoming: 'upcoming',
  paid: 'paid',
};

/**
 * Spec §2 Pay Rent: the lease's details read-only, a month, and Pay (which opens the modal). The
 * months carry their year: arrears of last year and months of next year are paid the same way.
 */
export function PayRent() {
  const { user } = useSession();
  const lease = useMemberAgreement(true);
  const site = useSiteConfig();
  const ledger = useRentLedger();
  const [picked, setPicked] = useState<string | undefined>();
  // The month being paid, fixed while the modal is open (the default moves once it is paid).
  const [paying, setPaying] = useState<LedgerMonth | undefined>();
  // The payment just made, with its receipt a step away (the toast says it went through).
  const [paid, setPaid] = useState<Transaction | undefined>();
  const id = useId();

  if (!user) return null;
  const apartment = lease.data?.apartmentDetails;
  const open = ledger.data ? payableMonths(ledger.data) : [];
  const month =
    open.find((candidate) => candidate.billingMonth === picked) ??
    (ledger.data ? defaultMonth(ledger.data) : undefined);
  const years = [...new Set(open.map((candidate) => candidate.billingMonth.slice(0, 4)))];
  const hint = ledger.data && monthPickerHint(ledger.data, lease.data?.endsOn ?? null);

  const field = (label: string, value: string | number, name: string) => (
    <div className="space-y-1.5">
      <label htmlFor={`${id}-${name}`} className="block text-sm font-medium">
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        className="input w-full cursor-default border-transparent bg-base-200/70 shadow-none"
        value={value}
        readOnly
      />
    </div>
  );

  return (
    <div className="space-y-8">
      <PageHeader
        title="Make Payment"
        description="Pay your rent by card. The amount comes from your lease."
      />
      {lease.isError || ledger.isError || site.isError ? (
        <LoadError onRetry={() => Promise.all([lease.refetch(), ledger.refetch(), site.refetch()])}>
          Your lease could not be loaded.
        </LoadError>
      ) : lease.isPending || ledger.isPending || site.isPending ? (
        <LoadingSpinner label="Loading your lease" />
      ) : !apartment ? (
        // Loaded, but no lease (it ended a moment ago): nothing to wait for.
        <LoadError onRetry={() => Promise.all([lease.refetch(), ledger.refetch()])}>
          Your lease could not be loaded: you hold no lease here now.
        </LoadError>
      ) : (
        <form
          className="rounded-box border border-base-300 bg-base-100 p-6 shadow-sm"
          onSubmit={(event) => {
            event.preventDefault();
            setPaid(undefined);
            if (month) setPaying(month);
          }}
        >
          <div className="grid gap-4 sm:grid-cols-2">
            {field('Email', user.email, 'email')}
            {field('Floor', apartment.floorNo, 'floor')}
            {field('Block name', apartment.blockName, 'block')}
            {field('Apartment number', apartment.apartmentNo, 'apartment')}
            {field(
              'Rent (BDT per month)',
              wholeNumber.format(month?.rent ?? apartment.rent),
              'rent',
            )}
            <div className="space-y-1.5">
              <label htmlFor={`${id}-month`} className="block text-sm font-medium">
                Month
              </label>
              <select
                id={`${id}-month`}
                className="select w-full"
                required
                disabled={open.length === 0}
                value={month?.billingMonth ?? ''}
                onChange={(event) => setPicked(event.target.value)}
                aria-describedby={hint ? `${id}-month-hint` : undefined}
              >
                {open.length === 0 && <option value="">Nothing to pay</option>}
                {years.map((year) => (
                  <optgroup key={year} label={year}>
                    {open
                      .filter((candidate) => candidate.billingMonth.startsWith(year))
                      .map((candidate) => (
                        <option key={candidate.billingMonth} value={candidate.billingMonth}>
                          {candidate.month} ({statusWord[candidate.status]})
                        </option>
                      ))}
                  </optgroup>
                ))}
              </select>
              {/* Why the list stops where it does (a lease's later months come with time). */}
              {hint && (
                <p id={`${id}-month-hint`} className="text-xs text-base-content/70">
                  {hint}
                </p>
              )}
            </div>
          </div>
          {/* Where the Pay button was: in view on a phone too. */}
          {paid && (
            <div
              role="status"
              className="alert alert-soft alert-success mt-6 flex-wrap justify-between"
            >
              <span>
                {paid.month} is paid: {formatRent(paid.amount)}.
              </span>
              <Link to={`/dashboard/paymentHistory/${paid._id}`} className="btn btn-sm btn-outline">
                View receipt
              </Link>
            </div>
          )}
          <div className="mt-6 flex flex-wrap items-center justify-end gap-3">
            {open.length === 0 && ledger.data.months.length > 0 && (
              <p className="text-sm text-base-content/75">
                Every month up to {ledger.data.months.at(-1)?.month} is paid. Thank you!
              </p>
            )}
            <button type="submit" className="btn btn-primary min-w-32" disabled={!month}>
              Pay
            </button>
          </div>
        </form>
      )}
      <ChargesOwedNote />
      {ledger.data && <RentLedger ledger={ledger.data} />}
      {paying && site.data && (
        <PaymentModal
          month={paying}
          email={user.email}
          payments={site.data.payments}
          onPaid={({ transaction }) => setPaid(transaction)}
          onClose={() => setPaying(undefined)}
        />
      )}
    </div>
  );
}
