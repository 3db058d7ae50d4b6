import { LeasePanel } from '../../features/leases/components/lease-panel';
import { TenantAccount } from '../../features/payments/components/tenant-account';

/** A person's rent account (Manage Members → a member), with their running lease's panel. */
export function TenantAccountRoute() {
  return (
    <TenantAccount renderLease={(leaseId) => <LeasePanel key={leaseId} leaseId={leaseId} />} />
  );
}
