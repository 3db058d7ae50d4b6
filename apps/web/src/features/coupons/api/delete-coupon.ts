import { DeleteCouponResponseSchema } from '@structomate/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-client';
import { COUPONS_QUERY_KEY } from './get-coupons';

export const deleteCoupon = (id: string) =>
  postJson('/delete/coupons', DeleteCouponResponseSchema, { id });

/** Spec §4: the list is fetched again after a delete (also after a failed one: it may be gone). */
export function useDeleteCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCoupon,
    onSettled: () => queryClient.invalidateQueries({ queryKey: COUPONS_QUERY_KEY }),
  });
}
