import { USERS_PAGE_SIZE, UserListPageSchema, type Role } from '@structomate/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest, toQueryString } from '../../../lib/api-client';

export interface UserFilters {
  page: number;
  role: Role | '';
  q: string;
}

export const getUsers = ({ page, role, q }: UserFilters) =>
  apiRequest(
    `/users${toQueryString({ page, limit: USERS_PAGE_SIZE, role: role || undefined, q: q || undefined })}`,
    UserListPageSchema,
  );

/** Every account, newest first, a page at a time. */
export function useUsers(filters: UserFilters) {
  return useQuery({
    queryKey: ['users', filters],
    queryFn: () => getUsers(filters),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
