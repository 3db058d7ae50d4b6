import { APARTMENTS_PER_PAGE, type ApartmentListResponse } from '@structomate/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest, toQueryString } from '../../../lib/api-client';

export interface ApartmentListParams {
  maxRent: number | undefined;
  page: number;
}

export const getApartments = ({
  maxRent,
  page,
}: ApartmentListParams): Promise<ApartmentListResponse> =>
  apiRequest(
    `/apartments${toQueryString({ maxRent, page, limit: APARTMENTS_PER_PAGE })}`,
    // Loaded with the call (lib/api-client.ts): the listing's first page came with it (ADR 021).
    async () => (await import('@structomate/contract/apartments')).ApartmentListResponseSchema,
  );

export const apartmentsQueryKey = (params: ApartmentListParams) => ['apartments', params] as const;

/** One page of the listing; the previous page stays on screen while the next one loads. */
export function useApartments(params: ApartmentListParams) {
  return useQuery({
    queryKey: apartmentsQueryKey(params),
    queryFn: () => getApartments(params),
    placeholderData: keepPreviousData,
  });
}
