import { Link } from 'react-router';
import { useSession } from '../../../lib/session';
import { useMyRequests } from '../api/get-my-requests';

/**
 * On a former tenant's My Profile: their maintenance requests stay readable, so the page leads
 * to them (only when there are some; a former tenant has no menu entry for them).
 */
export function PastRequestsLink() {
  const { user } = useSession();
  const mine = useMyRequests(user?.role === 'user');
  const count = mine.data?.result.length ?? 0;
  if (user?.role !== 'user' || count === 0) return null;
  return (
    <section
      aria-labelledby="past-requests-heading"
      className="flex flex-col gap-2 rounded-box border border-base-300 bg-base-100 p-6 shadow-sm sm:flex-row sm:items-center sm:justify-between"
    >
      <div>
        <h2 id="past-requests-heading" className="font-semibold">
          Your maintenance requests
        </h2>
        <p className="text-sm text-base-content/75">
          {count === 1 ? 'One request' : `${count} requests`} from your lease, with their
          conversations.
        </p>
      </div>
      <Link to="/dashboard/maintenance" className="link link-primary text-sm font-medium">
        See your requests
      </Link>
    </section>
  );
}
