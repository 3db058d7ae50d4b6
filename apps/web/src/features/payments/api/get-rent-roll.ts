import {
  RENT_ROLL_PAGE_SIZE,
  RentRollPageSchema,
  type RentRollFilter,
  type RentRollSort,
} from '@structomate/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest, toQueryString } from '../../../lib/api-client';
import { rentQueryKeys } from '../../../lib/rent-query-keys';

export interface RentRollFilters {
  page: number;
  q: string;
  filter: RentRollFilter;
  sort: RentRollSort;
}

/** The filters as the API and the CSV export take them. */
export const rentRollQuery = ({ q, filter, sort }: Omit<RentRollFilters, 'page'>) => ({
  q: q || undefined,
  filter,
  sort,
});

/** The rent roll, a page at a time; it reloads with every payment and lease change. */
export function useRentRoll(filters: RentRollFilters) {
  return useQuery({
    queryKey: [...rentQueryKeys.all, 'roll', filters],
    queryFn: () =>
      apiRequest(
        `/admin/rent-roll${toQueryString({ page: filters.page, limit: RENT_ROLL_PAGE_SIZE, ...rentRollQuery(filters) })}`,
        RentRollPageSchema,
      ),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
