import { Link } from 'react-router';
import { LinkCard } from '../../../components/link-card';
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
    <LinkCard
      heading="Your maintenance requests"
      link={
        <Link to="/dashboard/maintenance" className="link link-primary text-sm font-medium">
          See your requests
        </Link>
      }
    >
      {count === 1 ? 'One request' : `${count} requests`} from your lease, with their conversations.
    </LinkCard>
  );
}
