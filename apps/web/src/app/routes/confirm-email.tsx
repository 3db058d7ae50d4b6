import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { useConfirmEmailChange } from '../../features/account/api/account';
import { AuthCard } from '../../features/auth/components/auth-card';
import { LoadingSpinner } from '../../components/loading-spinner';
import { messageOf } from '../../lib/api-client';
import { tokenFromHash } from '../../lib/link-token';
import { useSession } from '../../lib/session';

/** `/confirm-email#token=…`, the link mailed to a new address: it confirms on opening. */
export function ConfirmEmailRoute() {
  const { hash } = useLocation();
  const token = tokenFromHash(hash);
  const confirm = useConfirmEmailChange();
  const { user } = useSession();
  const { mutate } = confirm;
  useEffect(() => {
    if (token) mutate(token);
  }, [token, mutate]);
  return (
    <AuthCard title="Confirm your email">
      <title>Confirm your email · StructoMate</title>
      {!token || confirm.isError ? (
        <div className="space-y-4">
          <div role="alert" className="alert alert-error alert-soft items-start">
            <p>
              {messageOf(
                confirm.error,
                'This link has no token. Open the link from the email exactly as it came.',
              )}
            </p>
          </div>
          <Link to={user ? '/dashboard/account' : '/authentiction'} className="btn btn-primary">
            {user ? 'Back to my account' : 'Log in'}
          </Link>
        </div>
      ) : confirm.isSuccess ? (
        <div className="space-y-4">
          <div role="status" className="alert alert-success alert-soft items-start">
            <p>{confirm.data.message}</p>
          </div>
          <Link to={user ? '/dashboard/account' : '/authentiction'} className="btn btn-primary">
            {user ? 'Back to my account' : 'Log in'}
          </Link>
        </div>
      ) : (
        <LoadingSpinner label="Confirming your email" />
      )}
    </AuthCard>
  );
}
