import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ListingPageQuerySchema, MaxRentQuerySchema } from './apartments';
import {
  LISTING_BUDGET_CEILING,
  readListingPage,
  readMaxRent,
  type QueryRead,
} from './listing-query';

/** What the server's schema makes of a text, in the shape the browser's reader answers with. */
function asServerReads<T>(result: z.ZodSafeParseResult<T>): QueryRead<T> {
  if (result.success) return { success: true, data: result.data };
  const [issue] = result.error.issues;
  return {
    success: false,
    message: issue?.message ?? '',
    notANumber: issue?.code === 'invalid_type',
  };
}

/** Texts a person, a link or a bot could put in the address. */
const queryText = fc.oneof(
  fc.string(),
  fc.integer({ min: -2_000_000_000, max: 2_000_000_000 }).map(String),
  fc.double().map(String),
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-0',
    '1e400',
    '-1e400',
    'Infinity',
    '-Infinity',
    'NaN',
    '0x10',
    '0b11',
    ' 7 ',
    '2.5',
    '1e3',
    '100000',
    '100001',
    '999999999.5',
    '1000000001',
  ),
);

describe('the listing address read without Zod', () => {
  it('reads every budget as the server’s schema does', () => {
    fc.assert(
      fc.property(fc.option(queryText, { nil: undefined }), (text) => {
        expect(readMaxRent(text)).toEqual(asServerReads(MaxRentQuerySchema.safeParse(text)));
      }),
      { numRuns: 5_000 },
    );
  });

  it('reads every page as the server’s schema does (accepted, or refused with its message)', () => {
    // Whether a refused page was a number at all matters to no one: the listing shows page 1.
    const withoutKind = (read: QueryRead<number>) =>
      read.success ? read : { success: false, message: read.message };
    fc.assert(
      fc.property(fc.option(queryText, { nil: undefined }), (text) => {
        expect(withoutKind(readListingPage(text))).toEqual(
          withoutKind(asServerReads(ListingPageQuerySchema.safeParse(text))),
        );
      }),
      { numRuns: 5_000 },
    );
  });

  it('clamps, refuses and defaults as the listing promises', () => {
    expect(readMaxRent('1e400')).toEqual({ success: true, data: LISTING_BUDGET_CEILING });
    expect(readMaxRent('40000')).toEqual({ success: true, data: 40_000 });
    expect(readMaxRent('abc')).toEqual({
      success: false,
      message: 'must be a number',
      notANumber: true,
    });
    expect(readMaxRent('-1')).toMatchObject({ success: false, message: 'must be 0 or more' });
    expect(readListingPage(undefined)).toEqual({ success: true, data: 1 });
    expect(readListingPage('2.5')).toMatchObject({
      success: false,
      message: 'must be a whole number',
    });
  });
});
