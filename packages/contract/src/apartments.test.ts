import { describe, expect, it } from 'vitest';
import { ApartmentFormSchema } from './apartment-admin';
import { ApartmentListQuerySchema, MaxRentQuerySchema } from './apartments';
import { LISTING_BUDGET_CEILING } from './listing-query';

describe('ApartmentListQuerySchema', () => {
  it('defaults to the first page of 6 and no filter', () => {
    expect(ApartmentListQuerySchema.parse({})).toEqual({ page: 1, limit: 6 });
  });

  it('reads numbers from query-string text and treats empty as absent', () => {
    expect(ApartmentListQuerySchema.parse({ maxRent: '25000', page: '3', limit: '12' })).toEqual({
      maxRent: 25000,
      page: 3,
      limit: 12,
    });
    expect(ApartmentListQuerySchema.parse({ maxRent: '', page: '' })).toEqual({
      page: 1,
      limit: 6,
    });
  });

  it('refuses values a person could not mean', () => {
    for (const query of [
      { maxRent: 'cheap' },
      { maxRent: '-1' },
      { page: '0' },
      { limit: '1000' },
    ]) {
      expect(ApartmentListQuerySchema.safeParse(query).success).toBe(false);
    }
  });

  it('takes a budget above the ceiling as the ceiling: every apartment fits it', () => {
    for (const maxRent of ['1000000001', '2000000000', '1e400', 'Infinity']) {
      expect(ApartmentListQuerySchema.parse({ maxRent }).maxRent).toBe(LISTING_BUDGET_CEILING);
    }
    expect(ApartmentListQuerySchema.parse({ maxRent: '1000000000' }).maxRent).toBe(1_000_000_000);
  });
});

describe('MaxRentQuerySchema (the one parse of the listing budget, server and browser)', () => {
  it('reads a budget, and nothing from an empty field', () => {
    expect(MaxRentQuerySchema.parse('40000')).toBe(40000);
    expect(MaxRentQuerySchema.parse('0')).toBe(0);
    expect(MaxRentQuerySchema.parse('')).toBeUndefined();
    expect(MaxRentQuerySchema.parse(undefined)).toBeUndefined();
  });

  it('refuses a negative budget, saying why (the server answers 400, the field shows it)', () => {
    const negative = MaxRentQuerySchema.safeParse('-5');
    expect(negative.success).toBe(false);
    expect(negative.error?.issues[0]).toMatchObject({
      code: 'too_small',
      message: 'must be 0 or more',
    });
    const text = MaxRentQuerySchema.safeParse('cheap');
    expect(text.error?.issues[0]).toMatchObject({
      code: 'invalid_type',
      message: 'must be a number',
    });
  });
});

describe('ApartmentFormSchema', () => {
  const form = { apartmentNo: 'C-909', blockName: 'C', floorNo: '9', details: 'Corner flat' };

  it('reads a rent grouped by thousands as the app writes it', () => {
    for (const rent of ['25000', '25,000', ' 25,000 ', '25 000', '25\u202f000']) {
      expect(ApartmentFormSchema.parse({ ...form, rent }).rent, rent).toBe(25_000);
    }
    expect(ApartmentFormSchema.parse({ ...form, rent: '1,200,000' }).rent).toBe(1_200_000);
    // In lakhs, as taka are often written.
    expect(ApartmentFormSchema.parse({ ...form, rent: '1,00,000' }).rent).toBe(100_000);
    expect(ApartmentFormSchema.parse({ ...form, rent: '12,50,000' }).rent).toBe(1_250_000);
  });

  it('refuses what is not a whole number, grouped wrongly included', () => {
    for (const rent of [
      '25,00',
      '2,5000',
      '1,0,000',
      '25.5',
      '25,000.50',
      'twenty',
      '25,000 BDT',
    ]) {
      const parsed = ApartmentFormSchema.safeParse({ ...form, rent });
      expect(parsed.success, rent).toBe(false);
      expect(parsed.error?.issues[0]?.message, rent).toBe('Rent must be a whole number');
    }
  });
});
