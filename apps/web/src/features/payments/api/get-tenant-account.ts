import { TenantAccountSchema } from '@structomate/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { rentQueryKeys } from '../../../lib/rent-query-keys';

export const getTenantAccount = (userId: string) =>
  apiRequest(`/tenants/${encodeURIComponent(userId)}/account`, TenantAccountSchema);

/** A person's rent account, for the admin (the member's record). */
export function useTenantAccount(userId: string) {
  return useQuery({
    queryKey: rentQueryKeys.account(userId),
    queryFn: () => getTenantAccount(userId),
    staleTime: 0,
    retry: false,
  });
}
