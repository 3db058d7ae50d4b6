import { ManageMembers } from '../../features/leases/components/manage-members';
import { FormerTenantBalances } from '../../features/payments/components/former-tenant-balances';

/** Manage Members, and below it the former tenants whose unpaid rent outlived their lease. */
export function ManageMembersRoute() {
  return (
    <div className="space-y-10">
      <ManageMembers />
      <FormerTenantBalances />
    </div>
  );
}
