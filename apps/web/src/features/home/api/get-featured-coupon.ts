import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

// Loaded with the first call (lib/api-client.ts, SchemaSource): the home page's first script.
export const getFeaturedCoupon = () =>
  apiRequest(
    '/coupons/featured',
    async () => (await import('@structomate/contract/coupons')).FeaturedCouponResponseSchema,
  ).then((response) => response.result);

/**
 * The coupon the admin features on the home page, or null for the launch offer. Asked again on
 * every visit (the server answers 304 while it is unchanged), so a new feature shows at once;
 * not by a home page the server drew, which came with it (lib/ssr-state.ts).
 */
export function useFeaturedCoupon() {
  return useQuery({
    queryKey: ['featured-coupon'],
    queryFn: getFeaturedCoupon,
    staleTime: 0,
    retry: false,
  });
}
