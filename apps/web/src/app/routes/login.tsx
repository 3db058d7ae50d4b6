import { REGISTRATION_PATH } from '@structomate/contract';
import { Link } from 'react-router';
import { AuthCard } from '../../features/auth/components/auth-card';

export function LoginRoute() {
  return (
    <AuthCard title="Log in to Home">
      <title>Log in · StructoMate</title>
      <p className="text-base-content/75">
        Resident accounts open soon. Until then you can browse every apartment and read its lease
        agreement.
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to="/apartment" className="btn btn-primary">
          Browse apartments
        </Link>
        <Link to={REGISTRATION_PATH} className="btn btn-ghost">
          Registration
        </Link>
      </div>
    </AuthCard>
  );
}
