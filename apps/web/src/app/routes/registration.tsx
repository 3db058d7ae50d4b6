import { AUTH_PATH } from '@structomate/contract';
import { Link } from 'react-router';
import { AuthCard } from '../../features/auth/components/auth-card';

export function RegistrationRoute() {
  return (
    <AuthCard title="Make yourself way to Home">
      <title>Register · StructoMate</title>
      <p className="text-base-content/75">
        Registration opens together with resident accounts. Until then you can browse every
        apartment and read its lease agreement.
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to="/apartment" className="btn btn-primary">
          Browse apartments
        </Link>
        <Link to={AUTH_PATH} className="btn btn-ghost">
          Back to Login
        </Link>
      </div>
    </AuthCard>
  );
}
