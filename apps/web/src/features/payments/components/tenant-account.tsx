import { useCallback, useState, type ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { LoadingSpinner } from '../../../components/loading-spinner';
import { PageHeader } from '../../../components/page-header';
import { ApiError } from '../../../lib/api-client';
import { formatRent, formatShortDate } from '../../../lib/format';
import { useBackToList } from '../../../lib/use-page';
import {
  monthLabel,
  RENT_ACCOUNT_MESSAGES,
  type LeaseDeposit as Deposit,
} from '@structomate/contract';
import { useTenantAccount } from '../api/get-tenant-account';
import { LeaseDeposit } from './lease-deposit';
import { RecordPayment } from './record-payment';
import { RentLedger } from './rent-ledger';
import { TenantCharges } from './tenant-charges';
import { TenantPayments } from './tenant-payments';

/** The lists besides Manage Members that open a rent account, and their way back. */
const OTHER_LISTS = {
  'rent-roll': { path: '/dashboard/rent-roll', label: 'Rent roll' },
  users: { path: '/dashboard/users', label: 'Users' },
} as const;

/**
 * A deposit's section is drawn anew when its figures change (a new entry, an undo, rent paid from
 * it): its form starts again from the new figures.
 */
const depositKey = (deposit: Deposit) =>
  `${deposit.agreementId}-${deposit.held}-${deposit.entries.length}`;

/** The admin's view of one person's rent (the member's record): leases, months, balance. */
export function TenantAccount({
  renderLease,
}: {
  /** The running lease's panel (the leases feature's), placed above the rent. */
  renderLease?: (leaseId: string) => ReactNode;
}) {
  const { userId = '' } = useParams();
  const account = useTenantAccount(userId);
  // After an undo, the deposit section drawn with its new figures takes the focus.
  const [focusDeposit, setFocusDeposit] = useState<string>();
  const clearFocusDeposit = useCallback(() => setFocusDeposit(undefined), []);
  // Opened from the rent roll or Users, the way back is that list; otherwise Manage Members.
  const from = (useLocation().state as { from?: string } | null)?.from;
  const otherList = from === 'rent-roll' || from === 'users' ? OTHER_LISTS[from] : undefined;
  const toList = useBackToList(otherList?.path ?? '..');
  const back = otherList ? (
    <Link to={toList} className="btn btn-ghost btn-sm">
      ← {otherList.label}
    </Link>
  ) : (
    <Link to={toList} relative="path" className="btn btn-ghost btn-sm">
      ← Manage Members
    </Link>
  );
  if (account.isPending) return <LoadingSpinner label="Loading the rent account" />;
  if (account.isError) {
    const missing = account.error instanceof ApiError && [400, 404].includes(account.error.status);
    return (
      <div className="space-y-4">
        {back}
        {missing ? (
          <div role="alert" className="space-y-2 py-8 text-center">
            <h1 className="text-2xl font-semibold">No such account</h1>
            <p className="text-base-content/75">It may have been mistyped.</p>
          </div>
        ) : (
          <LoadError onRetry={account.refetch}>The rent account could not be loaded.</LoadError>
        )}
      </div>
    );
  }
  const { person, ledger, transactions, deposits, charges } = account.data;
  const running = ledger.leases.find((lease) => lease.status === 'accepted');
  const leaseName = (agreementId: string) => {
    const lease = ledger.leases.find((candidate) => candidate._id === agreementId);
    return lease ? `Apartment ${lease.apartmentNo}` : 'Lease';
  };
  return (
    <div className="space-y-8">
      {back}
      <PageHeader
        title={`${person.displayName}: rent account`}
        description={
          // A deleted account's email is made up (its own was erased): the note below says it all.
          person.deleted
            ? undefined
            : `${person.email} · ${person.role === 'member' ? 'Member' : person.role === 'user' ? 'Former tenant' : 'Admin'}`
        }
      />
      {person.deleted && (
        <p className="rounded-field border border-base-300 bg-base-200/60 px-4 py-3 text-sm">
          {RENT_ACCOUNT_MESSAGES.deleted}
        </p>
      )}
      <section aria-labelledby="leases-heading" className="space-y-3">
        <h2 id="leases-heading" className="text-xl font-semibold">
          Leases
        </h2>
        {ledger.leases.length === 0 ? (
          <p className="text-base-content/75">No lease was ever accepted for this person.</p>
        ) : (
          <ul className="grid gap-2 sm:grid-cols-2">
            {ledger.leases.map((lease) => (
              <li
                key={lease._id}
                className="rounded-field border border-base-300 bg-base-100 px-4 py-3 text-sm"
              >
                <p className="font-medium">
                  Apartment {lease.apartmentNo} · block {lease.blockName}, floor {lease.floorNo}
                </p>
                <p className="text-base-content/75">
                  {formatRent(lease.rent)} a month
                  {lease.firstMonth ? ` from ${monthLabel(lease.firstMonth)}` : ''}
                  {lease.status === 'ended'
                    ? `, ended ${lease.endsOn ? formatShortDate(lease.endsOn) : lease.endedAt ? formatShortDate(lease.endedAt) : ''}`
                    : lease.endsOn
                      ? `, ends ${formatShortDate(lease.endsOn)}`
                      : ', running'}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
      {running && renderLease?.(running._id)}
      {ledger.months.length > 0 && <RentLedger ledger={ledger} owedLabel="Owes" />}
      <RecordPayment account={account.data} />
      <TenantCharges
        charges={charges}
        today={ledger.today}
        tenant={person.displayName}
        userId={person._id}
        leases={ledger.leases}
        deleted={person.deleted}
      />
      <TenantPayments userId={person._id} transactions={transactions} deleted={person.deleted} />
      {deposits.map((deposit) => (
        <LeaseDeposit
          key={depositKey(deposit)}
          focusHeading={focusDeposit === depositKey(deposit)}
          onHeadingFocused={clearFocusDeposit}
          onUndone={(after) => setFocusDeposit(depositKey(after))}
          userId={person._id}
          tenant={person.displayName}
          deposit={deposit}
          leaseName={leaseName(deposit.agreementId)}
          today={ledger.today}
          deleted={person.deleted}
        />
      ))}
    </div>
  );
}
