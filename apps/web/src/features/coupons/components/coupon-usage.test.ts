import { describe, expect, it } from 'vitest';
import { couponUsage } from './coupon-usage';

describe('couponUsage', () => {
  it('says a coupon no payment used is not used yet', () => {
    expect(couponUsage({ uses: 0, discountGiven: 0 })).toBe('Not used yet');
  });

  it('names one use and its discount', () => {
    expect(couponUsage({ uses: 1, discountGiven: 5_850 })).toBe('Used once · 5,850 BDT off');
  });

  it('counts several uses and what they took off in all', () => {
    expect(couponUsage({ uses: 1_204, discountGiven: 14_448_000 })).toBe(
      'Used 1,204 times · 14,448,000 BDT off in all',
    );
  });
});
