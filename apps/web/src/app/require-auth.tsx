import { AUTH_PATH } from '@structomate/contract';
import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingSpinner } from '../components/loading-spinner';
import { useSession } from '../lib/session';

/**
 * Dashboard gate (spec §2): a spinner while the user loads, the login page for visitors. A person
 * who has just logged out or deleted their account on a dashboard page goes home instead,
 * whichever of the page's own move and the session's end comes first.
 */
export function RequireAuth() {
  const { user, loading, leftOnPurpose } = useSession();
  const location = useLocation();
  if (loading) return <LoadingSpinner label="Loading your account" />;
  if (!user && leftOnPurpose) return <Navigate to="/" replace />;
  if (!user) return <Navigate to={AUTH_PATH} replace state={{ from: location }} />;
  return <Outlet />;
}
