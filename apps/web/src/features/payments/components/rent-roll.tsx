import {
  RentRollFilterSchema,
  RentRollSortSchema,
  monthLabel,
  runsMonthToMonth,
  type RentRollFilter,
  type RentRollRow,
  type RentRollSort,
} from '@structomate/contract';
import { Link } from 'react-router';
import { z } from 'zod';
import { LoadError } from '../../../components/load-error';
import { LoadingSpinner } from '../../../components/loading-spinner';
import { FilterSelect, ListSearch } from '../../../components/list-search';
import { EmptyState, PageHeader } from '../../../components/page-header';
import { Pager } from '../../../components/pager';
import { toQueryString } from '../../../lib/api-client';
import { formatRent, formatShortDate } from '../../../lib/format';
import { useToday } from '../../../lib/now';
import { useSiteConfig } from '../../../lib/site-config';
import {
  PageParam,
  searchOrAskAgain,
  TextParam,
  useFromList,
  useKeepListPageInRange,
  useListParams,
} from '../../../lib/use-page';
import { rentRollQuery, useRentRoll } from '../api/get-rent-roll';

/** The roll's view in the address; with none, every lease by apartment. */
const RollParams = z.object({
  page: PageParam,
  q: TextParam,
  filter: RentRollFilterSchema.catch('all'),
  sort: RentRollSortSchema.catch('apartment'),
});

const filterName: Record<RentRollFilter, string> = {
  all: 'Every lease',
  current: 'Current leases',
  former: 'Former leases',
  overdue: 'Overdue',
};
const sortName: Record<RentRollSort, string> = {
  apartment: 'Apartment',
  tenant: 'Tenant',
  balance: 'Balance, highest first',
};

/** A former lease that ended before its first day: it billed no month (the ledger's rule). */
const endedBeforeStart = (row: RentRollRow) =>
  row.status === 'former' &&
  row.startDate !== null &&
  row.endsOn !== null &&
  row.endsOn < row.startDate;

function LeaseDates({ row }: { row: RentRollRow }) {
  const start = row.startDate ? formatShortDate(row.startDate) : '—';
  if (row.status === 'former') {
    const ended = row.endsOn ? formatShortDate(row.endsOn) : '';
    return (
      <span>
        {endedBeforeStart(row)
          ? `From ${start}, ended ${ended} before it started`
          : `${start} – ended ${ended}`}
      </span>
    );
  }
  if (row.endsOn) return <span>{`${start} – ends ${formatShortDate(row.endsOn)}`}</span>;
  return <span>{`${start} – ${row.endDate ? formatShortDate(row.endDate) : 'open'}`}</span>;
}

function LastPayment({ row }: { row: RentRollRow }) {
  if (!row.lastPayment) return <span>No payment yet</span>;
  return (
    <span>{`Last paid ${formatRent(row.lastPayment.amount)} on ${formatShortDate(row.lastPayment.at)}`}</span>
  );
}

/** The month a lease is paid through, or why there is none. */
const paidThroughText = (row: RentRollRow) =>
  row.paidThrough
    ? monthLabel(row.paidThrough)
    : endedBeforeStart(row)
      ? 'Nothing billed'
      : row.lastPayment
        ? 'First month unpaid'
        : 'Nothing paid';

export function Balance({ row, upcoming }: { row: RentRollRow; upcoming: boolean }) {
  if (endedBeforeStart(row)) return <span className="chip chip-neutral">No rent billed</span>;
  // Nothing billed and nothing paid ahead: not "paid up" for a lease that has not begun.
  if (upcoming && row.balance === 0 && !row.paidThrough) {
    return <span className="chip chip-neutral">Not started</span>;
  }
  // Never "Paid up" beside another charge still owed (the column is the rent's).
  if (row.balance === 0) {
    return row.chargesOwed > 0 ? (
      <span className="chip chip-neutral">Rent paid up</span>
    ) : (
      <span className="chip chip-success">Paid up</span>
    );
  }
  return (
    <span className="flex flex-col items-start gap-1 whitespace-nowrap lg:flex-row lg:items-center lg:gap-2">
      {formatRent(row.balance)}
      {row.overdueMonths > 0 && (
        <span className="chip chip-error">{row.overdueMonths} overdue</span>
      )}
    </span>
  );
}

/**
 * Rent roll (admin): every lease, current and former, with its rent, the month it is paid
 * through, what it owes today, its last payment and the deposit held; filtered, searched,
 * sorted and paged by the server, with the totals of everything that matches, and as CSV.
 */
export function RentRoll() {
  const [filters, setFilters] = useListParams(RollParams);
  const fromList = useFromList('rent-roll');
  const roll = useRentRoll(filters);
  useKeepListPageInRange(filters, setFilters, roll.data?.pageCount);
  // A lease accepted to start later is counted among the current ones, and says when it starts;
  // one past its fixed term without notice runs on, and says so.
  const today = useToday(useSiteConfig().data?.timeZone);
  const startsLater = (row: RentRollRow) =>
    row.status !== 'former' && Boolean(row.startDate && row.startDate > today);
  const note = (row: RentRollRow) =>
    row.status === 'former'
      ? ' · former lease'
      : startsLater(row)
        ? ` · starts ${formatShortDate(row.startDate ?? '')}`
        : runsMonthToMonth(row.endDate, row.endsOn, today)
          ? ' · month to month'
          : '';
  const exportUrl = `/api/admin/rent-roll/export.csv${toQueryString(rentRollQuery(filters))}`;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Rent roll"
        description="Every lease with its rent, what it is paid through and what it owes today."
        actions={
          <a href={exportUrl} download className="btn btn-outline btn-sm sm:btn-md">
            Export CSV
          </a>
        }
      />
      <ListSearch
        label="Find leases"
        searchId="roll-search"
        defaultText={filters.q}
        searchLabel="Tenant or apartment"
        onSearch={searchOrAskAgain(filters, setFilters, roll.refetch)}
      >
        <FilterSelect
          id="roll-filter"
          label="Show"
          width="sm:w-44"
          value={filters.filter}
          onChange={(value) => {
            const filter = RentRollFilterSchema.catch('all').parse(value);
            setFilters((current) => ({ ...current, page: 1, filter }));
          }}
        >
          {RentRollFilterSchema.options.map((filter) => (
            <option key={filter} value={filter}>
              {filterName[filter]}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect
          id="roll-sort"
          label="Sort by"
          width="sm:w-52"
          value={filters.sort}
          onChange={(value) => {
            const sort = RentRollSortSchema.catch('apartment').parse(value);
            setFilters((current) => ({ ...current, page: 1, sort }));
          }}
        >
          {RentRollSortSchema.options.map((sort) => (
            <option key={sort} value={sort}>
              {sortName[sort]}
            </option>
          ))}
        </FilterSelect>
      </ListSearch>
      {roll.isPending ? (
        <LoadingSpinner label="Loading the rent roll" />
      ) : roll.isError ? (
        <LoadError onRetry={roll.refetch}>The rent roll could not be loaded.</LoadError>
      ) : roll.data.total === 0 ? (
        <EmptyState>No lease matches.</EmptyState>
      ) : (
        <>
          <dl
            aria-label="Totals"
            className="grid grid-cols-2 gap-3 rounded-box border border-base-300 bg-base-100 p-4 text-sm sm:grid-cols-3 lg:grid-cols-5"
          >
            {(
              [
                ['Leases', roll.data.totals.leases.toLocaleString('en-US')],
                ['Monthly rent (current)', formatRent(roll.data.totals.monthlyRent)],
                ['Rent owed today', formatRent(roll.data.totals.balance)],
                ['Deposits held', formatRent(roll.data.totals.depositHeld)],
                ['Charges owed', formatRent(roll.data.totals.chargesOwed)],
              ] as const
            ).map(([label, value]) => (
              <div key={label}>
                <dt className="text-xs font-semibold uppercase tracking-wider text-base-content/70">
                  {label}
                </dt>
                <dd className="text-base font-semibold">{value}</dd>
              </div>
            ))}
          </dl>
          <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
            <table className="table" aria-label="Rent roll">
              <thead>
                <tr>
                  <th scope="col">Tenant</th>
                  <th scope="col" className="hidden 2xl:table-cell">
                    Lease
                  </th>
                  <th scope="col" className="hidden sm:table-cell">
                    Rent
                  </th>
                  <th scope="col" className="hidden md:table-cell">
                    Paid through
                  </th>
                  <th scope="col">Rent balance</th>
                  <th scope="col" className="hidden lg:table-cell">
                    Charges owed
                  </th>
                  <th scope="col" className="hidden xl:table-cell">
                    Deposit held
                  </th>
                  <th scope="col" className="hidden 2xl:table-cell">
                    Last payment
                  </th>
                </tr>
              </thead>
              <tbody>
                {roll.data.result.map((row) => (
                  <tr key={row.leaseId}>
                    <td className="max-w-0 min-w-44">
                      <Link
                        to={`/dashboard/manage-members/${row.tenant._id}`}
                        state={fromList}
                        className="link link-hover block truncate font-medium text-primary"
                        aria-label={`Rent account of ${row.tenant.name}, apartment ${row.apartmentNo}`}
                      >
                        {row.tenant.name}
                      </Link>
                      {/* Wrapped, not cut short: "starts 01 Jan, 2027" is read in full. */}
                      <p className="text-xs text-base-content/70">
                        {row.apartmentNo}
                        {note(row)}
                      </p>
                      {/* On a phone, the rent and the month paid through, their columns hidden. */}
                      <p className="text-xs text-base-content/70 md:hidden">
                        {`${formatRent(row.rent)} a month · ${row.paidThrough ? 'paid through ' : ''}${paidThroughText(row)}`}
                      </p>
                      {/* Wrapped, not cut short: the dates and the last payment are read in full. */}
                      <p className="text-xs text-base-content/70 2xl:hidden">
                        <LeaseDates row={row} />
                      </p>
                      <p className="text-xs text-base-content/70 2xl:hidden">
                        <LastPayment row={row} />
                      </p>
                    </td>
                    <td className="hidden whitespace-nowrap 2xl:table-cell">
                      <LeaseDates row={row} />
                    </td>
                    <td className="hidden whitespace-nowrap sm:table-cell">
                      {formatRent(row.rent)}
                    </td>
                    <td className="hidden whitespace-nowrap md:table-cell">
                      {paidThroughText(row)}
                    </td>
                    <td>
                      <Balance row={row} upcoming={startsLater(row)} />
                      {row.chargesOwed > 0 && (
                        <p className="mt-1 text-xs whitespace-nowrap text-base-content/70 lg:hidden">
                          + {formatRent(row.chargesOwed)} charges
                        </p>
                      )}
                    </td>
                    <td className="hidden whitespace-nowrap lg:table-cell">
                      {row.chargesOwed > 0 ? formatRent(row.chargesOwed) : '—'}
                    </td>
                    <td className="hidden whitespace-nowrap xl:table-cell">
                      {formatRent(row.depositHeld)}
                    </td>
                    <td className="hidden whitespace-nowrap 2xl:table-cell">
                      <LastPayment row={row} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {roll.data.pageCount > 1 && (
            <Pager
              page={filters.page}
              pageCount={roll.data.pageCount}
              onPage={(page) => setFilters((current) => ({ ...current, page }))}
            />
          )}
        </>
      )}
    </div>
  );
}
