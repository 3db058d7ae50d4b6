import { CouponListResponseSchema } from '@structomate/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { postJsonPage } from '../../../lib/api-client';

export const COUPONS_QUERY_KEY = ['coupons'] as const;
export const COUPONS_PER_PAGE = 20;

export const getCoupons = (page: number) =>
  postJsonPage('/get/coupons', CouponListResponseSchema, page, COUPONS_PER_PAGE);

/** Spec §7 /get/coupons: the admin's coupon table, a page at a time (newest first). */
export function useCoupons(page: number) {
  return useQuery({
    queryKey: [...COUPONS_QUERY_KEY, page],
    queryFn: () => getCoupons(page),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
