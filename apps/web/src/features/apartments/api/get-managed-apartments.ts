import {
  ADMIN_APARTMENTS_PAGE_SIZE,
  ManagedApartmentPageSchema,
  type AdminApartmentSort,
  type AdminApartmentStatusFilter,
} from '@structomate/contract';
import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiRequest, toQueryString } from '../../../lib/api-client';

export interface ApartmentAdminFilters {
  page: number;
  q: string;
  status: AdminApartmentStatusFilter;
  block: string;
  occupancy: '' | 'occupied' | 'vacant';
  sort: AdminApartmentSort;
}

/** The admin's apartment queries; every change refreshes them and the public listing. */
export const apartmentAdminKeys = {
  all: ['admin-apartments'] as const,
  list: (filters: ApartmentAdminFilters) => ['admin-apartments', 'list', filters] as const,
  one: (id: string) => ['admin-apartments', 'one', id] as const,
};

/** After any change: the admin's lists and the public listing (cards, agreement pages) reload. */
export function refreshApartments(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: apartmentAdminKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['apartments'] }),
    queryClient.invalidateQueries({ queryKey: ['apartment'] }),
  ]);
}

/** The filters as the API and the CSV export take them. */
export const filterQuery = (filters: Omit<ApartmentAdminFilters, 'page'>) => ({
  q: filters.q || undefined,
  status: filters.status,
  block: filters.block || undefined,
  occupancy: filters.occupancy || undefined,
  sort: filters.sort,
});

export const getManagedApartments = (filters: ApartmentAdminFilters) =>
  apiRequest(
    `/admin/apartments${toQueryString({
      ...filterQuery(filters),
      page: filters.page,
      limit: ADMIN_APARTMENTS_PAGE_SIZE,
    })}`,
    ManagedApartmentPageSchema,
  );

export function useManagedApartments(filters: ApartmentAdminFilters) {
  return useQuery({
    queryKey: apartmentAdminKeys.list(filters),
    queryFn: () => getManagedApartments(filters),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
