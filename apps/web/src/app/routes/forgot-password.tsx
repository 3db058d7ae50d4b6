import { AuthCard } from '../../features/auth/components/auth-card';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';

export function ForgotPasswordRoute() {
  return (
    <AuthCard title="Forgot password?">
      <title>Forgot password · StructoMate</title>
      <ForgotPasswordForm />
    </AuthCard>
  );
}
