import { ManagedApartmentResponseSchema } from '@structomate/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apartmentAdminKeys } from './get-managed-apartments';

export const getManagedApartment = (id: string) =>
  apiRequest(`/admin/apartments/${encodeURIComponent(id)}`, ManagedApartmentResponseSchema);

export function useManagedApartment(id: string | undefined) {
  return useQuery({
    queryKey: apartmentAdminKeys.one(id ?? ''),
    queryFn: async () => (await getManagedApartment(id ?? '')).result,
    enabled: id !== undefined,
    staleTime: 0,
    // An edit in progress must not be reset under the admin's hands by a background refetch.
    refetchOnWindowFocus: false,
  });
}
