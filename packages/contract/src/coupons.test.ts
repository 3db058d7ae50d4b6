import { describe, expect, it } from 'vitest';
import { CouponFormSchema, CouponValiditySchema, NewCouponSchema, toNewCoupon } from './coupons';

const valid = {
  heading: 'Winter Deal',
  description: '10% OFF on first month rent',
  discountPercentage: 10,
  couponCode: 'WINTER10',
  validity: '2026-12-31',
};

const firstMessage = (input: unknown) => {
  const result = CouponFormSchema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
};

describe('CouponFormSchema', () => {
  it('accepts a complete form and maps it to the API body', () => {
    const form = CouponFormSchema.parse({ ...valid, heading: '  Winter Deal ' });
    expect(toNewCoupon(form)).toEqual({
      heading: 'Winter Deal',
      percentage: 10,
      description: '10% OFF on first month rent',
      code: 'WINTER10',
      validity: '2026-12-31',
    });
  });

  it('says which field is missing or too long, in words a person can act on', () => {
    expect(firstMessage({ ...valid, heading: ' ' })).toBe('Heading is required');
    expect(firstMessage({ ...valid, heading: 'x'.repeat(51) })).toBe(
      'Heading: at most 50 characters.',
    );
    expect(firstMessage({ ...valid, description: 'x'.repeat(31) })).toBe(
      'Description: at most 30 characters.',
    );
    expect(firstMessage({ ...valid, discountPercentage: Number.NaN })).toBe(
      'Discount percentage is required',
    );
    // The form's empty field before anything is typed.
    expect(firstMessage({ ...valid, discountPercentage: '' })).toBe(
      'Discount percentage is required',
    );
    expect(firstMessage({ ...valid, discountPercentage: '25' })).toBe(
      'Discount percentage must be a number',
    );
    expect(firstMessage({ ...valid, discountPercentage: 0 })).toBe(
      'Discount percentage: at least 1.',
    );
    // A coupon never covers the whole rent: checkout would have nothing to charge.
    expect(firstMessage({ ...valid, discountPercentage: 100 })).toBe(
      'Discount percentage: at most 99 (a coupon cannot cover the whole rent).',
    );
    expect(firstMessage({ ...valid, couponCode: 'ELEVENCHARS' })).toBe(
      'Coupon code: at most 10 characters.',
    );
    expect(firstMessage({ ...valid, couponCode: 'NO SPACE' })).toBe(
      'Coupon code: letters, digits, - and _ only.',
    );
    expect(firstMessage({ ...valid, validity: '' })).toBe('Choose the validity date');
    expect(firstMessage({ ...valid, validity: '2026-02-30' })).toBe(
      'Validity must be a date (YYYY-MM-DD or "December 20, 2026")',
    );
  });
});

describe('CouponValiditySchema', () => {
  it("takes the spec's formatted date beside YYYY-MM-DD", () => {
    expect(CouponValiditySchema.parse('December 20, 2026')).toBe('2026-12-20');
    expect(CouponValiditySchema.parse('March 5, 2027')).toBe('2027-03-05');
    expect(CouponValiditySchema.parse('2026-12-20')).toBe('2026-12-20');
    for (const bad of [
      'February 30, 2027',
      'Decembre 20, 2026',
      '20 December 2026',
      '12/20/2026',
    ]) {
      expect(CouponValiditySchema.safeParse(bad).success, bad).toBe(false);
    }
  });
});

describe('NewCouponSchema', () => {
  it('ignores the client createDate but refuses unknown fields', () => {
    const body = toNewCoupon(CouponFormSchema.parse(valid));
    expect(NewCouponSchema.safeParse({ ...body, createDate: 'today' }).success).toBe(true);
    expect(NewCouponSchema.safeParse({ ...body, featured: true }).success).toBe(false);
  });
});
