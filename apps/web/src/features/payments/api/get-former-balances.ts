import { FormerTenantBalancesResponseSchema } from '@structomate/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest, toQueryString } from '../../../lib/api-client';
import { rentQueryKeys } from '../../../lib/rent-query-keys';

export const FORMER_BALANCES_PER_PAGE = 10;

export const getFormerBalances = (page: number) =>
  apiRequest(
    `/tenants/former-balances${toQueryString({ page, limit: FORMER_BALANCES_PER_PAGE })}`,
    FormerTenantBalancesResponseSchema,
  );

/** Former tenants who still owe rent, largest balance first, a page at a time. */
export function useFormerBalances(page: number) {
  return useQuery({
    queryKey: rentQueryKeys.formerBalances(page),
    queryFn: () => getFormerBalances(page),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
