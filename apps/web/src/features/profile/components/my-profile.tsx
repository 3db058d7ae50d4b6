import type { ReactNode } from 'react';
import { LoadingSpinner } from '../../../components/loading-spinner';
import { PageHeader } from '../../../components/page-header';
import { monthLabel, rentInMonth, runsMonthToMonth } from '@structomate/contract';
import { Link } from 'react-router';
import { formatRent, formatShortDate } from '../../../lib/format';
import { useSiteConfig } from '../../../lib/site-config';
import { useSession } from '../../../lib/session';
import { useMemberAgreement } from '../../../lib/member-lease';
import { useOwnAgreement } from '../../../lib/own-agreement';
import { depositNote } from './deposit-note';
import { LeaseRequestStatus } from './lease-request-status';
import { Fact, ProfileCard } from './profile-card';
import { useToday } from '../../../lib/now';

/**
 * Spec §2 member profile. A user sees the same page with lease fields N/A and, above them, their
 * latest lease request (a former tenant, or one declined: that panel alone); the admin's figures
 * live on the Admin Profile.
 */
export function MyProfile() {
  const { user } = useSession();
  const isMember = user?.role === 'member';
  const { data: agreement, isPending, isError } = useMemberAgreement(isMember);
  const request = useOwnAgreement(user?.role === 'user');
  const timeZone = useSiteConfig().data?.timeZone;
  const today = useToday(timeZone);
  if (!user) return null;
  const lease = isMember ? agreement : null;
  const apartment = lease?.apartmentDetails;
  // A renewal may have changed the rent from a month on: the rent now, and the next change.
  const thisMonth = today.slice(0, 7);
  const changes = lease?.rentChanges ?? [];
  const rentNow = rentInMonth(apartment?.rent ?? 0, changes, thisMonth);
  const nextRent = changes.find((change) => change.fromMonth > thisMonth);
  // A user's waiting request is signed too; the rest of the lease comes with acceptance.
  const signed =
    lease?.agreementSigningDate ??
    (request.data?.status === 'pending' ? request.data.agreementSigningDate : undefined);
  // The lease's facts are a lease's: a user whose last request was declined or whose lease ended
  // rents nothing now, and the panel above says what that request or lease was (a grid of N/A
  // under "Your last lease" read as if it were lost). With no request yet, the spec's N/A stays.
  const noLeaseFacts =
    !isMember && (request.data?.status === 'ended' || request.data?.status === 'rejected');
  return (
    <div className="space-y-6">
      <PageHeader
        title="My Profile"
        description={
          user.role === 'admin'
            ? 'Your account.'
            : user.role === 'member'
              ? 'Your account and your lease.'
              : user.formerTenant
                ? 'Your account and your last lease here.'
                : 'Your account and, once you rent here, your lease.'
        }
      />
      <ProfileCard user={user}>
        {user.role === 'admin' ? (
          <p className="text-base-content/80">
            The building&apos;s figures are on your{' '}
            <Link to="/dashboard/adminProfile" className="link link-primary font-medium">
              Admin Profile
            </Link>
            .
          </p>
        ) : (isMember && isPending) || (!isMember && request.isPending) ? (
          <LoadingSpinner label="Loading your lease" />
        ) : (
          <>
            {!isMember && request.data !== undefined && (
              <LeaseRequestStatus agreement={request.data} />
            )}
            {(isError || request.isError) && (
              <p role="alert" className="alert alert-soft alert-warning mb-4">
                {isMember ? 'Your lease details' : 'Your lease request'} could not be loaded just
                now.
              </p>
            )}
            {!noLeaseFacts && (
              <dl className="grid grid-cols-2 gap-3 lg:grid-cols-3">
                <Fact
                  label="Agreement signed"
                  value={signed ? formatShortDate(signed) : undefined}
                />
                <Fact
                  label="Agreement accepted"
                  value={
                    lease?.agreementCheckedDate
                      ? formatShortDate(lease.agreementCheckedDate)
                      : undefined
                  }
                />
                <Fact label="Floor" value={apartment?.floorNo} />
                <Fact label="Block" value={apartment?.blockName} />
                <Fact label="Room" value={apartment?.apartmentNo} />
                <Fact
                  label="Rent"
                  value={apartment ? `${formatRent(rentNow)} per month` : undefined}
                />
                {nextRent && (
                  <Fact
                    label="New rent"
                    value={`${formatRent(nextRent.rent)} from ${monthLabel(nextRent.fromMonth)}`}
                  />
                )}
                {lease?.terms && (
                  <>
                    <Fact label="Lease starts" value={formatShortDate(lease.terms.startDate)} />
                    <Fact
                      label="Lease ends"
                      value={
                        // Given notice, it ends that day; past its fixed term, a lease runs on
                        // month to month until it is ended.
                        lease.endsOn
                          ? `${formatShortDate(lease.endsOn)} (notice given)`
                          : runsMonthToMonth(lease.terms.endDate, lease.endsOn, today)
                            ? `${formatShortDate(lease.terms.endDate)}, then month to month`
                            : formatShortDate(lease.terms.endDate)
                      }
                    />
                    <Fact
                      label="Deposit"
                      value={depositStatus(
                        lease.terms.deposit,
                        lease.depositHeld,
                        lease.depositReceived,
                        lease.depositToRent,
                      )}
                    />
                  </>
                )}
              </dl>
            )}
          </>
        )}
      </ProfileCard>
    </div>
  );
}

/** The lease's deposit and what became of it (`depositNote`), as the office recorded it. */
function depositStatus(agreed: number, held: number, received: number, toRent = 0): ReactNode {
  const note = depositNote(agreed, held, received, toRent);
  if (note === null) return held > 0 ? `${formatRent(held)} held` : 'None';
  // The amount in the tile's type; what became of it in the body's, so a long sentence does not
  // fill a phone's half-width tile in large bold.
  return (
    <>
      {formatRent(agreed)}
      <span className="text-sm font-normal text-base-content/80">{note}</span>
    </>
  );
}
