import type { Role } from '@structomate/contract';
import { Outlet } from 'react-router';
import { AccessDenied } from '../components/access-denied';
import { useSession } from '../lib/session';

/** Spec §2: a wrong role sees "Access Denied!" (the server refuses the data as well). */
export function RequireRole({ roles }: { roles: readonly Role[] | 'any' }) {
  const { user } = useSession();
  if (!user) return null;
  if (roles !== 'any' && !roles.includes(user.role)) return <AccessDenied />;
  return <Outlet />;
}
