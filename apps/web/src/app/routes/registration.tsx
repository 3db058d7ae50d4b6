import { AuthCard } from '../../features/auth/components/auth-card';
import { RegistrationForm } from '../../features/auth/components/registration-form';

export function RegistrationRoute() {
  return (
    <AuthCard title="Make yourself way to Home">
      <title>Register · StructoMate</title>
      <RegistrationForm />
    </AuthCard>
  );
}
