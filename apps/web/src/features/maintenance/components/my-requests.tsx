import { MAINTENANCE_CATEGORY_LABELS, MAINTENANCE_MESSAGES } from '@structomate/contract';
import { LuCalendarClock, LuChevronRight, LuPlus } from 'react-icons/lu';
import { Link } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { LoadingSpinner } from '../../../components/loading-spinner';
import { EmptyState, PageHeader } from '../../../components/page-header';
import { formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useMyRequests } from '../api/get-my-requests';
import { numbered, visitAhead, visitSentence } from './format';
import { StatusBadge, UrgencyBadge } from './labels';

/** The tenant's requests, newest first, each leading to its page; a former tenant only reads. */
export function MyRequests() {
  const mine = useMyRequests();
  const canFile = mine.data?.canFile ?? false;
  const { user } = useSession();
  // Known from the session at once: the header does not change as the requests arrive.
  const formerTenant = user?.role === 'user' && user.formerTenant;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Maintenance"
        description={
          formerTenant
            ? 'The requests you made while you rented here.'
            : 'Report something that needs fixing and follow it until it is done.'
        }
        actions={
          canFile && (
            <Link to="new" className="btn btn-primary">
              <LuPlus aria-hidden="true" />
              Report a problem
            </Link>
          )
        }
      />
      {mine.isPending ? (
        <LoadingSpinner label="Loading your requests" />
      ) : mine.isError ? (
        <LoadError onRetry={mine.refetch}>Your requests could not be loaded.</LoadError>
      ) : (
        <>
          {!canFile && (
            <div
              role="note"
              className="rounded-box border border-info/30 bg-info/10 px-4 py-3 text-sm"
            >
              {/* Someone who never rented here is not told their lease ended. */}
              <span>
                {formerTenant || mine.data.result.length > 0
                  ? MAINTENANCE_MESSAGES.formerTenant
                  : MAINTENANCE_MESSAGES.notTenant}
              </span>
            </div>
          )}
          {mine.data.result.length === 0 ? (
            <EmptyState>
              {canFile
                ? 'You have not reported anything yet. When something breaks, use Report a problem.'
                : 'You have no maintenance request.'}
            </EmptyState>
          ) : (
            <ul className="space-y-3" aria-label="Your requests">
              {mine.data.result.map((request) => (
                <li key={request._id}>
                  <Link
                    to={request._id}
                    className="group flex items-center gap-4 rounded-box border border-base-300 bg-base-100 p-4 shadow-xs transition-colors hover:border-primary/50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary sm:p-5"
                  >
                    <div className="min-w-0 flex-1 space-y-2">
                      <div className="flex flex-wrap items-center gap-2">
                        <StatusBadge status={request.status} waitingOn={request.waitingOn} />
                        <UrgencyBadge urgency={request.urgency} />
                        <span className="text-xs text-base-content/70">
                          {MAINTENANCE_CATEGORY_LABELS[request.category]}
                        </span>
                      </div>
                      <p className="font-semibold [overflow-wrap:anywhere] group-hover:text-primary">
                        <span className="text-base-content/70">{numbered(request)}</span>{' '}
                        {request.title}
                      </p>
                      {request.visit && visitAhead(request.status) && (
                        <p className="flex items-center gap-1.5 text-sm font-medium text-primary">
                          <LuCalendarClock aria-hidden="true" className="size-4 shrink-0" />
                          {visitSentence(request.visit)}
                        </p>
                      )}
                      <p className="text-xs text-base-content/70">
                        Updated {formatDateTime(request.updatedAt)}
                      </p>
                    </div>
                    <LuChevronRight
                      aria-hidden="true"
                      className="size-5 shrink-0 text-base-content/50"
                    />
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
