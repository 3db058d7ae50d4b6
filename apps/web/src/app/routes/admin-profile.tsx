import { MaintenanceFigures } from '../../features/maintenance/components/maintenance-figures';
import { AdminProfile } from '../../features/profile/components/admin-profile';

/** Admin Profile: the building's figures, then maintenance's. */
export function AdminProfileRoute() {
  return (
    <div className="space-y-6">
      <AdminProfile />
      <MaintenanceFigures />
    </div>
  );
}
