import {
  BRAND_NAME,
  MAINTENANCE_CATEGORY_LABELS,
  MAINTENANCE_MESSAGES,
  type MaintenanceRequest,
} from '@structomate/contract';
import type { ReactNode } from 'react';
import { LuCalendarClock, LuPhone, LuWrench } from 'react-icons/lu';
import { Link, useParams } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { LoadingSpinner } from '../../../components/loading-spinner';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useBackToList } from '../../../lib/use-page';
import { useMaintenanceRequest } from '../api/get-request';
import { AdminPanel } from './admin-panel';
import { CommentThread } from './comment-thread';
import { numbered, telHref, visitAhead, visitSentence } from './format';
import { StatusBadge, UrgencyBadge } from './labels';
import { PhotoGallery } from './photo-gallery';
import { RequestCosts } from './request-costs';
import { RequestTimeline } from './request-timeline';
import { TenantActions } from './tenant-actions';

/** One request, for its tenant and for the admins (who also manage it here). */
export function RequestPage() {
  const { requestId = '' } = useParams();
  const { user } = useSession();
  const request = useMaintenanceRequest(requestId);
  const toList = useBackToList('/dashboard/maintenance');
  const back = (
    <Link to={toList} className="btn btn-ghost btn-sm">
      ← Maintenance
    </Link>
  );
  if (!user) return null;
  if (request.isPending) return <LoadingSpinner label="Loading the request" />;
  if (request.isError) {
    const missing =
      request.error instanceof ApiError && [400, 403, 404].includes(request.error.status);
    return (
      <div className="space-y-4">
        {back}
        {missing ? (
          <div role="alert" className="space-y-2 py-8 text-center">
            <h1 className="text-2xl font-semibold">Request not found</h1>
            <p className="text-base-content/75">{MAINTENANCE_MESSAGES.notFound}</p>
          </div>
        ) : (
          <LoadError onRetry={request.refetch}>The request could not be loaded.</LoadError>
        )}
      </div>
    );
  }
  const data = request.data;
  const isAdmin = user.role === 'admin';
  return (
    <div className="space-y-6">
      {back}
      <RequestHeader request={data} isAdmin={isAdmin} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:grid-rows-[auto_1fr] lg:items-start">
        <div className="lg:col-start-2 lg:row-start-1">
          {isAdmin ? (
            <AdminPanel key={data.version} request={data} />
          ) : (
            <TenantActions key={data.version} request={data} />
          )}
        </div>
        <div className="min-w-0 space-y-6 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          <Visit request={data} />
          <Details request={data} isAdmin={isAdmin} />
          {(isAdmin || data.costs.length > 0) && <RequestCosts request={data} isAdmin={isAdmin} />}
          <CommentThread request={data} isAdmin={isAdmin} formerTenant={user.role === 'user'} />
        </div>
        <div className="lg:col-start-2 lg:row-start-2">
          <RequestTimeline events={data.timeline} />
        </div>
      </div>
    </div>
  );
}

function RequestHeader({ request, isAdmin }: { request: MaintenanceRequest; isAdmin: boolean }) {
  return (
    <header className="space-y-3">
      <title>{`${numbered(request)} ${request.title} · ${BRAND_NAME}`}</title>
      <div className="flex flex-wrap items-center gap-2">
        <StatusBadge status={request.status} waitingOn={request.waitingOn} />
        <UrgencyBadge urgency={request.urgency} />
        <span className="text-sm text-base-content/70">
          {MAINTENANCE_CATEGORY_LABELS[request.category]}
        </span>
      </div>
      <h1 className="text-2xl font-semibold [overflow-wrap:anywhere] sm:text-3xl">
        <span className="text-base-content/60">{numbered(request)}</span> {request.title}
      </h1>
      <p className="text-sm text-base-content/75">
        {isAdmin ? `${request.tenantName}, apartment ${request.apartmentNo} · ` : ''}
        Filed {formatDateTime(request.createdAt)}
        {request.updatedAt !== request.createdAt
          ? ` · updated ${formatDateTime(request.updatedAt)}`
          : ''}
      </p>
    </header>
  );
}

/** The visit (when one is set and still ahead) and who is coming. */
function Visit({ request }: { request: MaintenanceRequest }) {
  if (!request.visit || !visitAhead(request.status)) return null;
  return (
    <section
      aria-label="Scheduled visit"
      className="flex flex-col gap-3 rounded-box border border-primary/30 bg-primary/5 p-4 sm:flex-row sm:items-center sm:p-5"
    >
      <LuCalendarClock aria-hidden="true" className="size-8 shrink-0 text-primary" />
      <div className="min-w-0">
        <p className="text-lg font-semibold">{visitSentence(request.visit)}</p>
        {request.assignee ? (
          <p className="text-sm text-base-content/80">
            {request.assignee.name} ({request.assignee.trade}) is coming
            {/* The vendor's number reaches the admins only. */}
            {request.assignee.phone && (
              <>
                {' · '}
                <a
                  href={telHref(request.assignee.phone)}
                  className="link link-primary whitespace-nowrap"
                >
                  {request.assignee.phone}
                </a>
              </>
            )}
          </p>
        ) : (
          <p className="text-sm text-base-content/80">The building will tell you who is coming.</p>
        )}
      </div>
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="py-2.5 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-base-content/75">{label}</dt>
      <dd className="text-sm [overflow-wrap:anywhere] sm:col-span-2">{children}</dd>
    </div>
  );
}

function Details({ request, isAdmin }: { request: MaintenanceRequest; isAdmin: boolean }) {
  return (
    <section
      aria-labelledby="request-details-heading"
      className="space-y-4 rounded-box border border-base-300 bg-base-100 p-4 shadow-xs sm:p-6"
    >
      <h2 id="request-details-heading" className="text-xl font-semibold">
        The problem
      </h2>
      <p className="whitespace-pre-wrap [overflow-wrap:anywhere]">{request.description}</p>
      <PhotoGallery photos={request.photos} label={`Photos of request ${numbered(request)}`} />
      <dl className="divide-y divide-base-300 border-t border-base-300">
        <Fact label="Where">{request.location}</Fact>
        <Fact label="Permission to enter">
          {request.entryPermission
            ? 'Yes, the building may enter'
            : isAdmin
              ? 'No, only when the tenant is in'
              : 'No, only when I am in'}
        </Fact>
        <Fact label="Preferred times">{request.preferredTimes ?? 'Any time'}</Fact>
        {isAdmin && (
          <Fact label="Tenant">
            {request.tenantName}, apartment {request.apartmentNo}
          </Fact>
        )}
        {request.assignee && (
          <Fact label="Assigned to">
            <span className="inline-flex flex-wrap items-center gap-x-2">
              <LuWrench aria-hidden="true" className="size-4 text-base-content/60" />
              {request.assignee.name} · {request.assignee.trade}
              {request.assignee.phone && (
                <a
                  href={telHref(request.assignee.phone)}
                  className="link link-primary inline-flex items-center gap-1 whitespace-nowrap"
                >
                  <LuPhone aria-hidden="true" className="size-3.5" />
                  {request.assignee.phone}
                </a>
              )}
            </span>
          </Fact>
        )}
      </dl>
    </section>
  );
}
