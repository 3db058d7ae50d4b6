import { FeaturedCouponResponseSchema } from '@structomate/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const getFeaturedCoupon = () =>
  apiRequest('/coupons/featured', FeaturedCouponResponseSchema).then((response) => response.result);

/**
 * The coupon the admin features on the home page, or null for the launch offer. Asked again on
 * every visit (the server answers 304 while it is unchanged), so a new feature shows at once.
 */
export function useFeaturedCoupon() {
  return useQuery({
    queryKey: ['featured-coupon'],
    queryFn: getFeaturedCoupon,
    staleTime: 0,
    retry: false,
  });
}
