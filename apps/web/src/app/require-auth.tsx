import { AUTH_PATH } from '@structomate/contract';
import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingSpinner } from '../components/loading-spinner';
import { useSession } from '../lib/session';

/** Dashboard gate (spec §2): a spinner while the user loads, the login page for visitors. */
export function RequireAuth() {
  const { user, loading } = useSession();
  const location = useLocation();
  if (loading) return <LoadingSpinner label="Loading your account" />;
  if (!user) return <Navigate to={AUTH_PATH} replace state={{ from: location }} />;
  return <Outlet />;
}
