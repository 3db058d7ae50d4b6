import { AuthCard } from '../../features/auth/components/auth-card';
import { LoginForm } from '../../features/auth/components/login-form';
import { SignedInCard } from '../../features/auth/components/signed-in-card';
import { useSession } from '../../lib/session';

export function LoginRoute() {
  const { user, logout, signingOut } = useSession();
  return (
    // Signed in already, the page says so rather than "Log in to Home" above "You are logged in".
    <AuthCard title={user ? 'Welcome' : 'Log in to Home'}>
      <title>Log in · StructoMate</title>
      {user ? (
        <SignedInCard user={user} signingOut={signingOut} onLogout={() => void logout()} />
      ) : (
        <LoginForm />
      )}
    </AuthCard>
  );
}
