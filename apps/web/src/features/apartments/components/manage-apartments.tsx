import {
  AdminApartmentSortSchema,
  AdminApartmentStatusFilterSchema,
  type AdminApartmentSort,
  type AdminApartmentStatusFilter,
  type ManagedApartment,
  LIST_SEARCH_MAX,
} from '@structomate/contract';
import { LuDownload, LuPlus, LuUpload } from 'react-icons/lu';
import { Link } from 'react-router';
import { z } from 'zod';
import { LoadError } from '../../../components/load-error';
import { LoadingSpinner } from '../../../components/loading-spinner';
import { EmptyState, PageHeader } from '../../../components/page-header';
import { Pager } from '../../../components/pager';
import { toQueryString } from '../../../lib/api-client';
import { formatRent } from '../../../lib/format';
import {
  choiceParam,
  PageParam,
  TextParam,
  useFromList,
  useKeepListPageInRange,
  useListParams,
  useSearchText,
} from '../../../lib/use-page';
import {
  filterQuery,
  useManagedApartments,
  type ApartmentAdminFilters,
} from '../api/get-managed-apartments';
import { ApartmentStatusBadge } from './apartment-status-badge';

const statusFilters: Record<AdminApartmentStatusFilter, string> = {
  current: 'Not archived',
  listed: 'Listed',
  unlisted: 'Unlisted',
  archived: 'Archived',
};

const sorts: Record<AdminApartmentSort, string> = {
  number: 'Number',
  'rent-desc': 'Rent, highest first',
  'rent-asc': 'Rent, lowest first',
  floor: 'Floor',
  updated: 'Recently changed',
};

/** The list's view in the address; with none, the apartments not archived, by number. */
const ApartmentParams = z.object({
  page: PageParam,
  q: TextParam,
  status: AdminApartmentStatusFilterSchema.catch('current'),
  block: TextParam,
  occupancy: choiceParam(['occupied', 'vacant']),
  sort: AdminApartmentSortSchema.catch('number'),
});

function Occupancy({ apartment }: { apartment: ManagedApartment }) {
  return (
    <span className="block">
      {apartment.tenant ? (
        <span className="font-medium">{apartment.tenant.name}</span>
      ) : (
        <span className="text-base-content/70">Vacant</span>
      )}
      {apartment.pendingRequests > 0 && (
        <span className="block text-xs text-base-content/80">
          <span className="badge badge-warning badge-xs mr-1 align-middle" aria-hidden="true" />
          {apartment.pendingRequests === 1
            ? '1 request waiting'
            : `${apartment.pendingRequests} requests waiting`}
        </span>
      )}
    </span>
  );
}

/** Apartments (admin): every apartment in the building, searched, filtered and paged. */
export function ManageApartments() {
  const [filters, setFilters] = useListParams(ApartmentParams);
  const fromList = useFromList();
  const [search, setSearch] = useSearchText(filters.q);
  const apartments = useManagedApartments(filters);
  useKeepListPageInRange(filters, setFilters, apartments.data?.pageCount);
  // A block the address names that has no apartment (a stale link) is shown as chosen, not
  // hidden behind "Every block" while it empties the list.
  const blocks = apartments.data?.blocks ?? [];
  const blockChoices =
    filters.block && !blocks.includes(filters.block) ? [...blocks, filters.block] : blocks;
  const setFilter = (change: Partial<ApartmentAdminFilters>) =>
    setFilters((current) => ({ ...current, ...change, page: 1 }));
  const exportUrl = `/api/admin/apartments/export.csv${toQueryString(filterQuery(filters))}`;

  return (
    <div className="space-y-6">
      <PageHeader
        title="Apartments"
        description="Every apartment in the building. A new rent applies to leases signed from then on."
        actions={
          <>
            <Link to="import" className="btn btn-outline btn-sm sm:btn-md">
              <LuUpload aria-hidden="true" /> Import CSV
            </Link>
            <a href={exportUrl} download className="btn btn-outline btn-sm sm:btn-md">
              <LuDownload aria-hidden="true" /> Export CSV
            </a>
            <Link to="new" className="btn btn-primary btn-sm sm:btn-md">
              <LuPlus aria-hidden="true" /> Add apartment
            </Link>
          </>
        }
      />
      <form
        role="search"
        aria-label="Find apartments"
        className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          setFilter({ q: search.trim() });
        }}
      >
        <div className="flex flex-col gap-1.5">
          <label htmlFor="apartments-search" className="text-sm font-medium">
            Number, block or details
          </label>
          <input
            id="apartments-search"
            type="search"
            className="input w-full"
            value={search}
            maxLength={LIST_SEARCH_MAX}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <button type="submit" className="btn btn-primary">
          Search
        </button>
        <div className="grid grid-cols-2 gap-3 sm:col-span-2 lg:grid-cols-4">
          <div className="flex flex-col gap-1.5">
            <label htmlFor="apartments-status" className="text-sm font-medium">
              Status
            </label>
            <select
              id="apartments-status"
              className="select w-full"
              value={filters.status}
              onChange={(event) => {
                const parsed = AdminApartmentStatusFilterSchema.safeParse(event.target.value);
                if (parsed.success) setFilter({ status: parsed.data });
              }}
            >
              {Object.entries(statusFilters).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor="apartments-block" className="text-sm font-medium">
              Block
            </label>
            <select
              id="apartments-block"
              className="select w-full"
              value={filters.block}
              onChange={(event) => setFilter({ block: event.target.value })}
            >
              <option value="">Every block</option>
              {blockChoices.map((block) => (
                <option key={block} value={block}>
                  {block}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor="apartments-occupancy" className="text-sm font-medium">
              Occupancy
            </label>
            <select
              id="apartments-occupancy"
              className="select w-full"
              value={filters.occupancy}
              onChange={(event) => {
                const value = event.target.value;
                setFilter({ occupancy: value === 'occupied' || value === 'vacant' ? value : '' });
              }}
            >
              <option value="">Any</option>
              <option value="occupied">Occupied</option>
              <option value="vacant">Vacant</option>
            </select>
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor="apartments-sort" className="text-sm font-medium">
              Sort by
            </label>
            <select
              id="apartments-sort"
              className="select w-full"
              value={filters.sort}
              onChange={(event) => {
                const parsed = AdminApartmentSortSchema.safeParse(event.target.value);
                if (parsed.success) setFilter({ sort: parsed.data });
              }}
            >
              {Object.entries(sorts).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
        </div>
      </form>
      {apartments.isPending ? (
        <LoadingSpinner label="Loading the apartments" />
      ) : apartments.isError ? (
        <LoadError onRetry={apartments.refetch}>The apartments could not be loaded.</LoadError>
      ) : apartments.data.total === 0 ? (
        <EmptyState>
          {filters.q || filters.block || filters.occupancy || filters.status !== 'current' ? (
            'No apartment matches.'
          ) : (
            <>
              No apartments yet.{' '}
              <Link to="new" className="link link-primary">
                Add one
              </Link>{' '}
              or{' '}
              <Link to="import" className="link link-primary">
                import a CSV file
              </Link>
              .
            </>
          )}
        </EmptyState>
      ) : (
        <>
          <p className="text-sm text-base-content/75" aria-live="polite">
            {apartments.data.total.toLocaleString('en-US')}{' '}
            {apartments.data.total === 1 ? 'apartment' : 'apartments'}
          </p>
          <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
            <table className="table" aria-label="Apartments">
              <thead>
                <tr>
                  <th scope="col" className="hidden w-0 sm:table-cell">
                    <span className="sr-only">Photo</span>
                  </th>
                  <th scope="col">Apartment</th>
                  <th scope="col" className="hidden md:table-cell">
                    Rent
                  </th>
                  <th scope="col" className="hidden sm:table-cell">
                    Status
                  </th>
                  <th scope="col" className="hidden lg:table-cell">
                    Tenant
                  </th>
                  <th scope="col" className="w-0">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {apartments.data.result.map((apartment) => (
                  <tr key={apartment._id}>
                    <td className="hidden sm:table-cell">
                      {apartment.photos[0] ? (
                        <img
                          src={apartment.photos[0].url}
                          alt=""
                          width={72}
                          height={48}
                          loading="lazy"
                          className="h-12 w-18 max-w-none rounded-field object-cover"
                        />
                      ) : (
                        <span className="flex h-12 w-18 max-w-none items-center justify-center rounded-field bg-base-200 text-xs text-base-content/70">
                          No photo
                        </span>
                      )}
                    </td>
                    <td className="min-w-36">
                      <p className="font-medium">{apartment.apartmentNo}</p>
                      <p className="text-xs text-base-content/70">
                        Block {apartment.blockName} · Floor {apartment.floorNo}
                      </p>
                      <p className="text-xs text-base-content/70 md:hidden">
                        {formatRent(apartment.rent)}
                      </p>
                      <div className="mt-1 space-y-1 text-xs sm:hidden">
                        <ApartmentStatusBadge status={apartment.status} />
                      </div>
                      <div className="mt-1 text-xs lg:hidden">
                        <Occupancy apartment={apartment} />
                      </div>
                    </td>
                    <td className="hidden whitespace-nowrap md:table-cell">
                      {formatRent(apartment.rent)}
                    </td>
                    <td className="hidden sm:table-cell">
                      <ApartmentStatusBadge status={apartment.status} />
                    </td>
                    <td className="hidden lg:table-cell">
                      <Occupancy apartment={apartment} />
                    </td>
                    <td>
                      <Link
                        to={apartment._id}
                        state={fromList}
                        className="btn btn-ghost btn-sm"
                        aria-label={`Edit apartment ${apartment.apartmentNo}`}
                      >
                        Edit
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {apartments.data.pageCount > 1 && (
            <Pager
              page={filters.page}
              pageCount={apartments.data.pageCount}
              onPage={(page) => setFilters((current) => ({ ...current, page }))}
            />
          )}
        </>
      )}
    </div>
  );
}
