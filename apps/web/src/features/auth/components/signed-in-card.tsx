import type { SessionUser } from '@structomate/contract';
import { Link } from 'react-router';
import { Avatar } from '../../../components/avatar';

/** What the login and registration pages show to someone already signed in. */
export function SignedInCard({
  user,
  signingOut,
  onLogout,
}: {
  user: SessionUser;
  signingOut: boolean;
  onLogout: () => void;
}) {
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
        <Link to="/dashboard" className="btn btn-primary">
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
