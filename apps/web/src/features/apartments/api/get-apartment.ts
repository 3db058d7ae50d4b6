import { ApartmentResponseSchema, type Apartment } from '@structomate/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const getApartment = async (id: string): Promise<Apartment> =>
  (await apiRequest(`/apartments/${encodeURIComponent(id)}`, ApartmentResponseSchema)).result;

export function useApartment(id: string) {
  return useQuery({ queryKey: ['apartment', id], queryFn: () => getApartment(id), retry: false });
}
