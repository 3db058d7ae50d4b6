import { useLocation } from 'react-router';
import { AuthCard } from '../../features/auth/components/auth-card';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';
import { tokenFromHash } from '../../lib/link-token';

/** Where a mailed link lands (`/reset-password#token=…`). */
export function ResetPasswordRoute() {
  const { hash } = useLocation();
  return (
    <AuthCard title="Choose a new password">
      <title>Choose a new password · StructoMate</title>
      <ResetPasswordForm token={tokenFromHash(hash)} />
    </AuthCard>
  );
}
