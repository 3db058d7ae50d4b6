import type { Apartment } from '@structomate/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const getApartment = async (id: string): Promise<Apartment> =>
  (
    await apiRequest(
      `/apartments/${encodeURIComponent(id)}`,
      // Loaded with the call (lib/api-client.ts): the agreement's page came with it (ADR 021).
      async () => (await import('@structomate/contract/apartments')).ApartmentResponseSchema,
    )
  ).result;

export function useApartment(id: string) {
  return useQuery({ queryKey: ['apartment', id], queryFn: () => getApartment(id), retry: false });
}
