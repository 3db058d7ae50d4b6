import { Link } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { LoadingSpinner } from '../../../components/loading-spinner';
import { EmptyState } from '../../../components/page-header';
import { Pager } from '../../../components/pager';
import { formatOwedItems, formatRent, formatShortDate } from '../../../lib/format';
import { useFromList, useKeepPageInRange, usePageParam } from '../../../lib/use-page';
import { useFormerBalances } from '../api/get-former-balances';

/**
 * On Manage Members: people whose lease ended with rent or other charges unpaid; the balance
 * stays theirs.
 */
export function FormerTenantBalances() {
  const [page, setPage] = usePageParam('former-');
  const balances = useFormerBalances(page);
  const fromList = useFromList();
  useKeepPageInRange(page, balances.data?.pageCount, setPage);
  return (
    <section aria-labelledby="former-heading" className="space-y-4">
      <div>
        <h2 id="former-heading" className="text-xl font-semibold">
          Former tenants who still owe
        </h2>
        <p className="text-sm text-base-content/75">
          Their lease ended with rent or other charges unpaid. They can still pay rent by card from
          their profile, and anything at the building office. Rent can also be paid from a deposit
          the building still holds: open their rent account.
        </p>
      </div>
      {balances.isPending ? (
        <LoadingSpinner label="Loading balances" />
      ) : balances.isError ? (
        <LoadError onRetry={balances.refetch}>The balances could not be loaded.</LoadError>
      ) : balances.data.total === 0 ? (
        <EmptyState>No former tenant owes anything.</EmptyState>
      ) : (
        <>
          <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
            <table className="table" aria-labelledby="former-heading">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col" className="hidden md:table-cell">
                    Apartment
                  </th>
                  <th scope="col" className="hidden sm:table-cell">
                    Lease ended
                  </th>
                  <th scope="col" className="text-right">
                    Owes
                  </th>
                </tr>
              </thead>
              <tbody>
                {balances.data.result.map((row) => (
                  <tr key={row._id}>
                    <td>
                      <Link
                        to={row._id}
                        state={fromList}
                        className="link link-hover font-medium text-primary"
                      >
                        {row.displayName}
                      </Link>
                      <p className="max-w-44 truncate text-xs text-base-content/70 sm:max-w-none">
                        {row.email}
                      </p>
                      {/* On phones the apartment and the lease's end sit under the name. */}
                      <p className="text-xs text-base-content/70 md:hidden">
                        Apartment {row.apartmentNo}
                      </p>
                      <p className="text-xs whitespace-nowrap text-base-content/70 sm:hidden">
                        Lease ended {formatShortDate(row.leaseEndedAt)}
                      </p>
                    </td>
                    <td className="hidden md:table-cell">{row.apartmentNo}</td>
                    <td className="hidden whitespace-nowrap sm:table-cell">
                      {formatShortDate(row.leaseEndedAt)}
                    </td>
                    <td className="text-right">
                      <span className="font-medium whitespace-nowrap">
                        {formatRent(row.owedAmount)}
                      </span>
                      <span className="block text-xs text-base-content/70">
                        {formatOwedItems(row.owedMonths, row.owedCharges)}
                      </span>
                      {(row.depositHeld ?? 0) > 0 && (
                        // Wraps on a phone rather than widen the table past the screen.
                        <span className="block text-xs text-base-content/70">
                          Deposit held: {formatRent(row.depositHeld ?? 0)}
                        </span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {balances.data.pageCount > 1 && (
            <Pager page={page} pageCount={balances.data.pageCount} onPage={setPage} />
          )}
        </>
      )}
    </section>
  );
}
