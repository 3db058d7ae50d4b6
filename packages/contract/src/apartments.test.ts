import { describe, expect, it } from 'vitest';
import { ApartmentListQuerySchema } from './apartments';

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
});
