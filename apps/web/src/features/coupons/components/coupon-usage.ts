import type { ManagedCoupon } from '@structomate/contract';
import { formatRent } from '../../../lib/format';

/**
 * What a coupon has given, for Manage Coupons: "Not used yet", "Used once · 4,800 BDT off",
 * "Used 3 times · 14,400 BDT off in all".
 */
export function couponUsage({
  uses = 0,
  discountGiven = 0,
}: Pick<ManagedCoupon, 'uses' | 'discountGiven'>): string {
  if (uses === 0) return 'Not used yet';
  if (uses === 1) return `Used once · ${formatRent(discountGiven)} off`;
  return `Used ${uses.toLocaleString('en-US')} times · ${formatRent(discountGiven)} off in all`;
}
