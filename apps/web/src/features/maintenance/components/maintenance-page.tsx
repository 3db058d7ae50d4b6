import { useSession } from '../../../lib/session';
import { Inbox } from './inbox';
import { MyRequests } from './my-requests';

/** /dashboard/maintenance: the admin's inbox, or a tenant's own requests. */
export function MaintenancePage() {
  const { user } = useSession();
  if (!user) return null;
  return user.role === 'admin' ? <Inbox /> : <MyRequests />;
}
