import type { LedgerMonth } from '@structomate/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { LinkCard } from '../../../components/link-card';
import { formatShortDate } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useSiteConfig } from '../../../lib/site-config';
import { useRentLedger } from '../api/get-rent-ledger';
import { formerDepositNote } from './former-deposit';
import { monthDetail } from './ledger-months';
import { PaymentModal } from './payment-modal';
import { ChargesOwedNote } from './other-charges';
import { OwedSummary } from './rent-ledger';

/**
 * On a former tenant's My Profile: the rent their ended lease left unpaid, which stays theirs,
 * with a card payment for each month; or, once all is paid (or none was billed), a line saying
 * so. Beneath, other charges left unpaid, if any (paid at the building office).
 */
export function FormerTenantBalance() {
  const { user } = useSession();
  const ledger = useRentLedger(user?.role === 'user');
  const site = useSiteConfig();
  const [paying, setPaying] = useState<LedgerMonth | undefined>();
  const lease = ledger.data?.leases.filter((candidate) => candidate.status === 'ended').at(-1);
  if (!user || !ledger.data || !lease) return null;
  const owed = ledger.data.months.filter(
    (month) => month.status === 'overdue' || month.status === 'due',
  );
  // Ended by notice, its last day is the one set; removed at once, the day it happened.
  const lastDay = lease.endsOn ?? lease.endedAt;
  const ended = lastDay ? ` ended on ${formatShortDate(lastDay)}` : ' has ended';
  const deposit = formerDepositNote(lease);
  const history = (
    <Link to="/dashboard/paymentHistory" className="link link-primary text-sm font-medium">
      Your payments and receipts
    </Link>
  );

  const rent =
    owed.length === 0 ? (
      <LinkCard heading="Rent of your last lease" link={history}>
        Your lease of apartment {lease.apartmentNo}
        {ended}
        {lease.endedBeforeStart
          ? ', before it started. No rent was billed.'
          : '. All its rent is paid.'}
        {deposit && ` ${deposit}`}
      </LinkCard>
    ) : (
      <section
        aria-labelledby="owed-heading"
        className="space-y-4 rounded-box border border-error/40 bg-base-100 p-6 shadow-sm"
      >
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div>
            <h2 id="owed-heading" className="text-xl font-semibold">
              Rent still owed
            </h2>
            <p className="mt-1 text-sm text-base-content/75">
              Your lease of apartment {lease.apartmentNo}
              {ended}. The months below are unpaid; pay them here by card or at the building office.
            </p>
            {deposit && <p className="mt-1 text-sm text-base-content/75">{deposit}</p>}
          </div>
          <OwedSummary ledger={ledger.data} />
        </div>
        <ul className="divide-y divide-base-300 rounded-field border border-base-300">
          {owed.map((month) => (
            <li
              key={month.billingMonth}
              className="flex items-center justify-between gap-3 px-4 py-3"
            >
              <div className="min-w-0">
                <p className="font-medium">{month.month}</p>
                <p className="text-xs text-base-content/70">
                  {monthDetail(month, ledger.data.today)}
                </p>
              </div>
              <button
                type="button"
                className="btn btn-primary btn-sm"
                disabled={!site.data}
                aria-label={`Pay ${month.month}`}
                onClick={() => setPaying(month)}
              >
                Pay
              </button>
            </li>
          ))}
        </ul>
        {history}
        {paying && site.data && (
          <PaymentModal
            month={paying}
            email={user.email}
            payments={site.data.payments}
            onClose={() => setPaying(undefined)}
          />
        )}
      </section>
    );
  return (
    <div className="space-y-3">
      {rent}
      <ChargesOwedNote />
    </div>
  );
}
