import { AUTH_PATH } from '@structomate/contract';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { LoadingSpinner } from '../../components/loading-spinner';
import { useApartment } from '../../features/apartments/api/get-apartment';
import { LeaseAgreement } from '../../features/leases/components/lease-agreement';
import { ApiError } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { NotFoundRoute } from './not-found';

export function AgreementRoute() {
  const { apartment_id: id = '' } = useParams();
  const { data: apartment, isPending, error } = useApartment(id);
  const { user } = useSession();
  const navigate = useNavigate();
  const location = useLocation();

  if (isPending) return <LoadingSpinner label="Loading the agreement" />;
  if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
    return <NotFoundRoute />;
  }
  if (!apartment) {
    return (
      <div role="alert" className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-2xl font-semibold">We couldn’t load this agreement</h1>
        <p className="mt-2 text-base-content/75">Check your connection and reload the page.</p>
      </div>
    );
  }

  const apply = () => {
    if (!user) {
      toast.info('Login/Register to Sign Agreement');
      navigate(AUTH_PATH, { state: { from: location } });
    }
  };

  return (
    <div className="mx-auto max-w-4xl px-4 pt-10 sm:px-6 lg:px-8">
      <title>{`Lease agreement · Apartment ${apartment.apartmentNo} · StructoMate`}</title>
      <LeaseAgreement
        apartment={apartment}
        tenantName={user?.displayName}
        action={
          apartment.available ? (
            <>
              <button type="button" className="btn btn-ghost" onClick={() => window.print()}>
                Print
              </button>
              <button type="button" className="btn btn-primary min-w-32" onClick={apply}>
                Apply
              </button>
            </>
          ) : (
            <>
              <p className="self-center text-sm text-base-content/70">
                This apartment is occupied and cannot be leased right now.
              </p>
              <Link to="/apartment" className="btn btn-primary">
                See available apartments
              </Link>
            </>
          )
        }
      />
    </div>
  );
}
