import { CouponListResponseSchema } from '@structomate/contract';
import { useQuery } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-client';

export const COUPONS_QUERY_KEY = ['coupons'] as const;

export const getCoupons = () => postJson('/get/coupons', CouponListResponseSchema);

/** Spec §7 /get/coupons: the admin's coupon table. */
export function useCoupons() {
  return useQuery({ queryKey: COUPONS_QUERY_KEY, queryFn: getCoupons, staleTime: 0 });
}
