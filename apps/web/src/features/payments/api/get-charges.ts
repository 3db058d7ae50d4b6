import { ChargeReceiptSchema, MyChargesSchema } from '@structomate/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { rentQueryKeys } from '../../../lib/rent-query-keys';

export const getMyCharges = () => apiRequest('/charges', MyChargesSchema);

/** The signed-in tenant's charges besides rent (repairs), newest first, with what is owed. */
export function useMyCharges(enabled = true) {
  return useQuery({
    queryKey: rentQueryKeys.charges(),
    queryFn: getMyCharges,
    staleTime: 0,
    enabled,
  });
}

export const getChargeReceipt = (id: string) =>
  apiRequest(`/charges/${encodeURIComponent(id)}`, ChargeReceiptSchema);

/** One charge's receipt (or statement, while unpaid): the tenant's own, or any for the admin. */
export function useChargeReceipt(id: string) {
  return useQuery({
    queryKey: rentQueryKeys.charge(id),
    queryFn: () => getChargeReceipt(id),
    staleTime: 0,
    retry: false,
  });
}
