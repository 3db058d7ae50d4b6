import {
  MAINTENANCE_CATEGORIES,
  MAINTENANCE_CATEGORY_LABELS,
  MAINTENANCE_PER_PAGE,
  MAINTENANCE_SORTS,
  MAINTENANCE_SORT_LABELS,
  MAINTENANCE_STATUSES,
  MAINTENANCE_STATUS_LABELS,
  MAINTENANCE_URGENCIES,
  MAINTENANCE_URGENCY_LABELS,
  MaintenanceInboxQuerySchema,
  type MaintenanceSummary,
} from '@structomate/contract';
import { useState } from 'react';
import { LuCalendarClock, LuContactRound } from 'react-icons/lu';
import { Link, useSearchParams } from 'react-router';
import { FilterSelect, ListSearch } from '../../../components/list-search';
import { LoadError } from '../../../components/load-error';
import { LoadingSpinner } from '../../../components/loading-spinner';
import { EmptyState, PageHeader } from '../../../components/page-header';
import { Pager } from '../../../components/pager';
import { formatDateTime, formatShortDate } from '../../../lib/format';
import { useFromList, useKeepPageInRange } from '../../../lib/use-page';
import { useInbox, type InboxQuery } from '../api/get-inbox';
import { ageOf, numbered, visitAhead, visitSentence } from './format';
import { StatusBadge, UrgencyBadge } from './labels';
import { useNow } from '../../../lib/now';

const shape = MaintenanceInboxQuerySchema.shape;
const DEFAULTS = { page: 1, status: 'open', sort: 'urgency' } as const;
const AGES = [1, 3, 7, 14, 30] as const;

/** The inbox's filters, read from the address (anything unreadable falls back to its default). */
function queryFrom(params: URLSearchParams): InboxQuery {
  const get = (name: string) => params.get(name) ?? undefined;
  return {
    page: shape.page.catch(DEFAULTS.page).parse(get('page')),
    limit: MAINTENANCE_PER_PAGE,
    status: shape.status.catch(DEFAULTS.status).parse(get('status')),
    urgency: shape.urgency.catch(undefined).parse(get('urgency')),
    category: shape.category.catch(undefined).parse(get('category')),
    apartmentNo: shape.apartmentNo.catch(undefined).parse(get('apartmentNo')) || undefined,
    olderThan: shape.olderThan.catch(undefined).parse(get('olderThan')),
    sort: shape.sort.catch(DEFAULTS.sort).parse(get('sort')),
    q: shape.q.catch(undefined).parse(get('q')) || undefined,
  };
}

/** The address for `query`: only what differs from the defaults. */
function paramsFrom(query: InboxQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.status !== DEFAULTS.status) params.set('status', query.status);
  if (query.urgency) params.set('urgency', query.urgency);
  if (query.category) params.set('category', query.category);
  if (query.apartmentNo) params.set('apartmentNo', query.apartmentNo);
  if (query.olderThan !== undefined) params.set('olderThan', String(query.olderThan));
  if (query.sort !== DEFAULTS.sort) params.set('sort', query.sort);
  if (query.q) params.set('q', query.q);
  if (query.page !== DEFAULTS.page) params.set('page', String(query.page));
  return params;
}

/**
 * The admin's maintenance inbox: every request, filtered, sorted, searched and paged by the
 * server, with urgency and age at a glance. The filters live in the address, so a view can be
 * bookmarked or shared.
 */
export function Inbox() {
  const [params, setParams] = useSearchParams();
  const query = queryFrom(params);
  const inbox = useInbox(query);
  const [apartment, setApartment] = useState(query.apartmentNo ?? '');
  // A view the same as the one shown (Search pressed again) asks the server again instead.
  const change = (next: Partial<InboxQuery>) => {
    const view = paramsFrom({ ...query, page: 1, ...next });
    if (view.toString() === paramsFrom(query).toString()) void inbox.refetch();
    else setParams(view);
  };
  useKeepPageInRange(query.page, inbox.data?.pageCount, (page) => change({ page }));
  const filtered =
    query.status !== DEFAULTS.status ||
    query.urgency ||
    query.category ||
    query.apartmentNo ||
    query.olderThan !== undefined ||
    query.q;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Maintenance"
        description="Requests from tenants: the most urgent first, until they are closed."
        actions={
          <Link to="/dashboard/maintenance-contacts" className="btn btn-outline btn-sm sm:btn-md">
            <LuContactRound aria-hidden="true" />
            Contacts
          </Link>
        }
      />
      <ListSearch
        label="Find requests"
        searchId="maintenance-search"
        searchLabel="Title, tenant or number"
        defaultText={query.q ?? ''}
        onSearch={(q) => change({ q: q || undefined, apartmentNo: apartment.trim() || undefined })}
      >
        {/* Phones: the filters two to a row; wider, they flow with the search field. */}
        <div className="grid grid-cols-2 gap-3 sm:contents">
          <FilterSelect
            id="maintenance-status"
            label="Status"
            width="sm:w-40"
            value={query.status}
            onChange={(value) => change({ status: shape.status.catch('open').parse(value) })}
          >
            <option value="open">Open</option>
            <option value="all">All</option>
            {MAINTENANCE_STATUSES.map((status) => (
              <option key={status} value={status}>
                {MAINTENANCE_STATUS_LABELS[status]}
              </option>
            ))}
          </FilterSelect>
          <FilterSelect
            id="maintenance-urgency"
            label="Urgency"
            width="sm:w-36"
            value={query.urgency ?? ''}
            onChange={(value) => change({ urgency: shape.urgency.catch(undefined).parse(value) })}
          >
            <option value="">Any</option>
            {MAINTENANCE_URGENCIES.map((urgency) => (
              <option key={urgency} value={urgency}>
                {MAINTENANCE_URGENCY_LABELS[urgency].label}
              </option>
            ))}
          </FilterSelect>
          <FilterSelect
            id="maintenance-category"
            label="Category"
            width="sm:w-44"
            value={query.category ?? ''}
            onChange={(value) => change({ category: shape.category.catch(undefined).parse(value) })}
          >
            <option value="">Any</option>
            {MAINTENANCE_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {MAINTENANCE_CATEGORY_LABELS[category]}
              </option>
            ))}
          </FilterSelect>
          <FilterSelect
            id="maintenance-age"
            label="Filed"
            width="sm:w-44"
            value={query.olderThan === undefined ? '' : String(query.olderThan)}
            onChange={(value) =>
              change({
                olderThan: value === '' ? undefined : shape.olderThan.catch(undefined).parse(value),
              })
            }
          >
            <option value="">Any time</option>
            {AGES.map((days) => (
              <option key={days} value={days}>
                {days === 1 ? 'Over a day ago' : `Over ${days} days ago`}
              </option>
            ))}
          </FilterSelect>
          <FilterSelect
            id="maintenance-sort"
            label="Sort by"
            width="sm:w-48"
            value={query.sort}
            onChange={(value) => change({ sort: shape.sort.catch('urgency').parse(value) })}
          >
            {MAINTENANCE_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {MAINTENANCE_SORT_LABELS[sort]}
              </option>
            ))}
          </FilterSelect>
          <div className="flex flex-col gap-1.5 sm:w-32">
            <label htmlFor="maintenance-apartment" className="text-sm font-medium">
              Apartment
            </label>
            <input
              id="maintenance-apartment"
              className="input w-full"
              value={apartment}
              maxLength={20}
              autoComplete="off"
              onChange={(event) => setApartment(event.target.value)}
            />
          </div>
        </div>
      </ListSearch>
      {inbox.isPending ? (
        <LoadingSpinner label="Loading the requests" />
      ) : inbox.isError ? (
        <LoadError onRetry={inbox.refetch}>The requests could not be loaded.</LoadError>
      ) : inbox.data.total === 0 ? (
        <EmptyState>
          {filtered ? 'No request matches.' : 'No open request. Everything reported is dealt with.'}
        </EmptyState>
      ) : (
        <>
          <p className="text-sm text-base-content/75" aria-live="polite">
            {inbox.data.total.toLocaleString('en-US')}{' '}
            {inbox.data.total === 1 ? 'request' : 'requests'}
          </p>
          <InboxCards requests={inbox.data.result} />
          <InboxTable requests={inbox.data.result} />
          {inbox.data.pageCount > 1 && (
            <Pager
              page={query.page}
              pageCount={inbox.data.pageCount}
              onPage={(page) => setParams(paramsFrom({ ...query, page }))}
            />
          )}
        </>
      )}
    </div>
  );
}

/** Where it is and who asked: "B-402 · Amina Rahman · Plumbing". */
const whereAndWho = (request: MaintenanceSummary) =>
  `${request.apartmentNo} · ${request.tenantName} · ${MAINTENANCE_CATEGORY_LABELS[request.category]}`;

function NextStep({ request }: { request: MaintenanceSummary }) {
  if (!request.visit || !visitAhead(request.status)) {
    return request.assigneeName ? (
      <p className="text-xs text-base-content/70">Assigned to {request.assigneeName}</p>
    ) : null;
  }
  return (
    <p className="flex items-center gap-1 text-xs text-base-content/75">
      <LuCalendarClock aria-hidden="true" className="size-3.5 shrink-0" />
      {visitSentence(request.visit)}
      {request.assigneeName ? ` · ${request.assigneeName}` : ''}
    </p>
  );
}

/** Phones: a card per request. */
function InboxCards({ requests }: { requests: MaintenanceSummary[] }) {
  const fromList = useFromList();
  const now = useNow();
  return (
    <ul className="space-y-3 md:hidden" aria-label="Requests">
      {requests.map((request) => (
        <li
          key={request._id}
          className={`rounded-box border bg-base-100 p-4 text-sm ${
            request.urgency === 'emergency' ? 'border-error/50' : 'border-base-300'
          }`}
        >
          <div className="flex flex-wrap items-center gap-2">
            <UrgencyBadge urgency={request.urgency} />
            <StatusBadge status={request.status} waitingOn={request.waitingOn} />
            <span className="ml-auto text-xs font-medium text-base-content/75">
              {ageOf(request.createdAt, now)}
            </span>
          </div>
          <Link
            to={request._id}
            state={fromList}
            className="link mt-2 block font-semibold link-hover [overflow-wrap:anywhere]"
          >
            {numbered(request)} {request.title}
          </Link>
          <p className="mt-0.5 text-xs text-base-content/70">{whereAndWho(request)}</p>
          <div className="mt-1">
            <NextStep request={request} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Wider screens: a table. */
function InboxTable({ requests }: { requests: MaintenanceSummary[] }) {
  const fromList = useFromList();
  const now = useNow();
  return (
    <div className="hidden overflow-x-auto rounded-box border border-base-300 bg-base-100 md:block">
      <table className="table" aria-label="Maintenance requests">
        <thead>
          <tr>
            <th scope="col">Request</th>
            <th scope="col" className="w-28">
              Urgency
            </th>
            <th scope="col" className="w-40">
              Status
            </th>
            <th scope="col" className="w-28">
              Age
            </th>
            <th scope="col" className="hidden w-44 xl:table-cell">
              Updated
            </th>
          </tr>
        </thead>
        <tbody>
          {requests.map((request) => (
            <tr
              key={request._id}
              className={`align-top ${request.urgency === 'emergency' && request.status === 'new' ? 'bg-error/5' : ''}`}
            >
              <td className="min-w-0">
                <Link
                  to={request._id}
                  state={fromList}
                  className="link font-medium link-hover [overflow-wrap:anywhere]"
                >
                  <span className="text-base-content/70">{numbered(request)}</span> {request.title}
                </Link>
                <p className="text-xs text-base-content/70">{whereAndWho(request)}</p>
                <NextStep request={request} />
              </td>
              <td>
                <UrgencyBadge urgency={request.urgency} />
              </td>
              <td>
                <StatusBadge status={request.status} waitingOn={request.waitingOn} />
              </td>
              <td
                className="whitespace-nowrap"
                title={`Filed ${formatShortDate(request.createdAt)}`}
              >
                {ageOf(request.createdAt, now)}
              </td>
              <td className="hidden text-sm whitespace-nowrap xl:table-cell">
                {formatDateTime(request.updatedAt)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
