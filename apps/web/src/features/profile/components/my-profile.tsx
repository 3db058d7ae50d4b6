import { LoadingSpinner } from '../../../components/loading-spinner';
import { PageHeader } from '../../../components/page-header';
import { formatRent, formatShortDate } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useMemberAgreement } from '../../../lib/member-lease';
import { Fact, ProfileCard } from './profile-card';

/** Spec §2 member profile (also a user's and the admin's own page; lease fields then N/A). */
export function MyProfile() {
  const { user } = useSession();
  const isMember = user?.role === 'member';
  const { data: agreement, isPending, isError } = useMemberAgreement(isMember);
  if (!user) return null;
  const lease = isMember ? agreement : null;
  const apartment = lease?.apartmentDetails;
  return (
    <div className="space-y-6">
      <title>My Profile · StructoMate</title>
      <PageHeader
        title="My Profile"
        description="Your account and, once you rent here, your lease."
      />
      <ProfileCard user={user}>
        {isMember && isPending ? (
          <LoadingSpinner label="Loading your lease" />
        ) : (
          <>
            {isError && (
              <p role="alert" className="alert alert-soft alert-warning mb-4">
                Your lease details could not be loaded just now.
              </p>
            )}
            <dl className="grid grid-cols-2 gap-3 lg:grid-cols-3">
              <Fact
                label="Agreement signed"
                value={lease ? formatShortDate(lease.agreementSigningDate) : undefined}
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
                value={apartment ? `${formatRent(apartment.rent)} per month` : undefined}
              />
            </dl>
          </>
        )}
      </ProfileCard>
    </div>
  );
}
