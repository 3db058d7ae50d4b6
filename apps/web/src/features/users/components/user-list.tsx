import { ROLES, RoleSchema, type UserListItem } from '@structomate/contract';
import { Link } from 'react-router';
import { z } from 'zod';
import { LoadError } from '../../../components/load-error';
import { LoadingSpinner } from '../../../components/loading-spinner';
import { FilterSelect, ListSearch } from '../../../components/list-search';
import { EmptyState, PageHeader } from '../../../components/page-header';
import { Pager } from '../../../components/pager';
import { formatShortDate } from '../../../lib/format';
import {
  choiceParam,
  PageParam,
  searchOrAskAgain,
  TextParam,
  useKeepListPageInRange,
  useFromList,
  useListParams,
} from '../../../lib/use-page';
import { useUsers } from '../api/get-users';

/** The list's view in the address. */
const UserParams = z.object({ page: PageParam, role: choiceParam(ROLES), q: TextParam });

const roleName = { user: 'User', member: 'Member', admin: 'Admin' } as const;
const requestName = {
  pending: 'Request pending',
  accepted: 'Lease',
  rejected: 'Request rejected',
  ended: 'Lease ended',
} as const;

function LatestRequest({ user }: { user: UserListItem }) {
  if (!user.latestRequest) return <span className="text-base-content/70">No lease request</span>;
  return (
    <span>
      {requestName[user.latestRequest.status]} · {user.latestRequest.apartmentNo}
    </span>
  );
}

/** Users (admin): every account with its role and latest lease request, searched and paged. */
export function UserList() {
  const [filters, setFilters] = useListParams(UserParams);
  const users = useUsers(filters);
  const fromList = useFromList('users');
  useKeepListPageInRange(filters, setFilters, users.data?.pageCount);
  return (
    <div className="space-y-6">
      <PageHeader
        title="Users"
        description="Every account: visitors who registered, tenants and admins, newest first."
      />
      <ListSearch
        label="Find users"
        searchId="users-search"
        searchLabel="Name or email"
        defaultText={filters.q}
        onSearch={searchOrAskAgain(filters, setFilters, users.refetch)}
      >
        <FilterSelect
          id="users-role"
          label="Role"
          value={filters.role}
          onChange={(value) => {
            const parsed = RoleSchema.safeParse(value);
            setFilters((current) => ({
              ...current,
              page: 1,
              role: parsed.success ? parsed.data : '',
            }));
          }}
        >
          <option value="">Every role</option>
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {roleName[role]}
            </option>
          ))}
        </FilterSelect>
      </ListSearch>
      {users.isPending ? (
        <LoadingSpinner label="Loading the users" />
      ) : users.isError ? (
        <LoadError onRetry={users.refetch}>The users could not be loaded.</LoadError>
      ) : users.data.total === 0 ? (
        <EmptyState>No account matches.</EmptyState>
      ) : (
        <>
          <p className="text-sm text-base-content/75" aria-live="polite">
            {users.data.total.toLocaleString('en-US')}{' '}
            {users.data.total === 1 ? 'account' : 'accounts'}
          </p>
          <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
            <table className="table" aria-label="Users">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Role</th>
                  <th scope="col" className="hidden md:table-cell">
                    Latest request
                  </th>
                  <th scope="col" className="hidden sm:table-cell">
                    Joined
                  </th>
                </tr>
              </thead>
              <tbody>
                {users.data.result.map((user) => (
                  <tr key={user._id}>
                    <td className="max-w-0 min-w-40">
                      {user.hasRentAccount ? (
                        // A tenant, or a former one: their rent account is one step away.
                        <Link
                          to={`/dashboard/manage-members/${user._id}`}
                          state={fromList}
                          className="link link-hover block truncate font-medium text-primary"
                          aria-label={`${user.displayName}: rent account`}
                        >
                          {user.displayName}
                        </Link>
                      ) : (
                        <p className="truncate font-medium">{user.displayName}</p>
                      )}
                      <p className="truncate text-xs text-base-content/70">{user.email}</p>
                      <p className="text-xs text-base-content/70 md:hidden">
                        <LatestRequest user={user} />
                      </p>
                    </td>
                    <td className="w-0 whitespace-nowrap">{roleName[user.role]}</td>
                    <td className="hidden whitespace-nowrap md:table-cell">
                      <LatestRequest user={user} />
                    </td>
                    <td className="hidden w-0 whitespace-nowrap sm:table-cell">
                      {formatShortDate(user.joinedAt)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {users.data.pageCount > 1 && (
            <Pager
              page={filters.page}
              pageCount={users.data.pageCount}
              onPage={(page) => setFilters((current) => ({ ...current, page }))}
            />
          )}
        </>
      )}
    </div>
  );
}
