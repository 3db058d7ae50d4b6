import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '../lib/session';

/**
 * Ends the session's `leftOnPurpose` once the app is off the dashboard (and nobody is signed in):
 * a dashboard page opened later in this tab (Back, a link in an email) asks for a login again,
 * which returns there.
 */
export function useLeftOnPurposeEnds() {
  const { user, leftOnPurpose, clearLeftOnPurpose } = useSession();
  const { pathname } = useLocation();
  const onDashboard = pathname === '/dashboard' || pathname.startsWith('/dashboard/');
  useEffect(() => {
    if (leftOnPurpose && !user && !onDashboard) clearLeftOnPurpose();
  }, [leftOnPurpose, user, onDashboard, clearLeftOnPurpose]);
}
