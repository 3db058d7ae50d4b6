import { FeatureCouponResponseSchema } from '@structomate/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-client';
import { COUPONS_QUERY_KEY } from './get-coupons';

export const featureCoupon = (id: string) =>
  postJson('/feature/coupons', FeatureCouponResponseSchema, { id });

/** Shows a coupon in the home page banner; the table then marks it. */
export function useFeatureCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: featureCoupon,
    onSettled: () => queryClient.invalidateQueries({ queryKey: COUPONS_QUERY_KEY }),
  });
}
