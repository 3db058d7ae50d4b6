import { PastRequestsLink } from '../../features/maintenance/components/past-requests-link';
import { FormerTenantBalance } from '../../features/payments/components/former-tenant-balance';
import { MyProfile } from '../../features/profile/components/my-profile';

/**
 * My Profile, and for a former tenant the rent their ended lease left unpaid and the maintenance
 * requests they can still read.
 */
export function MyProfileRoute() {
  return (
    <div className="space-y-8">
      <MyProfile />
      <FormerTenantBalance />
      <PastRequestsLink />
    </div>
  );
}
