import type { SessionUser } from '@structomate/contract';
import { Link, useLocation } from 'react-router';
import { Avatar } from '../../../components/avatar';
import { useHydrated } from '../../../lib/hydrated';
import { returnPathFrom } from './return-path';

/**
 * What the login and registration pages show to someone already signed in. A person sent here
 * from a page (Apply on an apartment, a dashboard link) who signed in by registering, which ends
 * on this page (spec §4), is offered the way back first.
 */
export function SignedInCard({
  user,
  signingOut,
  onLogout,
}: {
  user: SessionUser;
  signingOut: boolean;
  onLogout: () => void;
}) {
  const returnTo = returnPathFrom(useLocation().state);
  // The way back lives in the tab's history, which the server drawing this page cannot read: it
  // shows once the browser has the page, so both draw the page alike.
  // Home, or the dashboard the next button opens, is no way back of its own.
  const goingBack = useHydrated() && returnTo !== '/' && returnTo !== '/dashboard';
  return (
    <div className="space-y-5">
      <div className="flex items-center gap-3 rounded-box bg-base-200 p-4">
        <Avatar name={user.displayName} photoURL={user.photoURL} size={48} />
        <div className="min-w-0">
          <p className="font-semibold">You are logged in as {user.displayName}</p>
          <p className="truncate text-sm text-base-content/70">{user.email}</p>
        </div>
      </div>
      <div className="flex flex-wrap gap-3">
        {goingBack && (
          <Link to={returnTo} replace className="btn btn-primary">
            Continue
          </Link>
        )}
        <Link to="/dashboard" className={`btn ${goingBack ? 'btn-outline' : 'btn-primary'}`}>
          Go to Dashboard
        </Link>
        {/* aria-disabled, not disabled: the button keeps the focus while the call runs. */}
        <button
          type="button"
          className={`btn btn-ghost ${signingOut ? 'cursor-wait' : ''}`}
          aria-disabled={signingOut}
          onClick={() => {
            if (!signingOut) onLogout();
          }}
        >
          {signingOut && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          Log out
        </button>
      </div>
    </div>
  );
}
