import { InsertedResponseSchema, type NewCoupon } from '@structomate/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-client';
import { COUPONS_QUERY_KEY } from './get-coupons';

/** Spec §7 body; the server sets the create date itself, so none is sent. */
export const postCoupon = (newCoupon: NewCoupon) =>
  postJson('/create/coupons', InsertedResponseSchema, { newCoupon });

/** Spec §4: the list is fetched again after a create. */
export function useCreateCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postCoupon,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COUPONS_QUERY_KEY }),
  });
}
