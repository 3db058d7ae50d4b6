import { useState } from 'react';
import { AuthCard } from '../../features/auth/components/auth-card';
import { RegistrationForm } from '../../features/auth/components/registration-form';
import { SignedInCard } from '../../features/auth/components/signed-in-card';
import { useSession } from '../../lib/session';

export function RegistrationRoute() {
  const { user, logout, signingOut } = useSession();
  // Registering signs the new account in; the form finishes its own success flow (spec §4).
  const [registering, setRegistering] = useState(false);
  return (
    <AuthCard title={user && !registering ? 'Welcome' : 'Make yourself way to Home'}>
      <title>Register · StructoMate</title>
      {user && !registering ? (
        <SignedInCard user={user} signingOut={signingOut} onLogout={() => void logout()} />
      ) : (
        <RegistrationForm onStart={() => setRegistering(true)} />
      )}
    </AuthCard>
  );
}
