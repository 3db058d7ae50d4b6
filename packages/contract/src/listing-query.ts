/**
 * The listing's address (`/apartment?maxRent=40000&page=2`) read without Zod: the listing is a
 * page a visitor lands on, and reads its address as it starts, before anything asks the API; Zod
 * and the contract's schemas are loaded with the first call instead (ADR 021). The rules are those
 * of `MaxRentQuerySchema` and `ListingPageQuerySchema` (apartments.ts), with which the server
 * validates the same query; `listing-query.test.ts` checks that both read every text alike.
 */

/**
 * The largest budget the listing filters by. Rents are far below it, so a budget above it (even
 * one past what a number can hold) finds every apartment: it is clamped to this, not refused.
 */
export const LISTING_BUDGET_CEILING = 1_000_000_000;

/** The pages of the listing a query may name. */
export const LISTING_PAGE_MAX = 100_000;

/** A value read from the address, or why the server would refuse it. */
export type QueryRead<T> =
  | { success: true; data: T }
  | {
      success: false;
      message: string;
      /** Not a number at all ("abc"), which a number field cannot show. */
      notANumber: boolean;
    };

const refused = (message: string, notANumber = false) =>
  ({ success: false, message, notANumber }) as const;

/** A query string's number, as Zod's `z.coerce.number()` reads it: finite, or not a number. */
function numberOf(text: string): number | undefined {
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

/**
 * The budget: none when empty; past what a number can hold ("1e400") still more than any rent,
 * so clamped like any budget above the ceiling; refused when negative or not a number.
 */
export function readMaxRent(text: string | undefined): QueryRead<number | undefined> {
  if (text === undefined || text === '') return { success: true, data: undefined };
  if (Number(text) === Number.POSITIVE_INFINITY) {
    return { success: true, data: LISTING_BUDGET_CEILING };
  }
  const budget = numberOf(text);
  if (budget === undefined) return refused('must be a number', true);
  if (budget < 0) return refused('must be 0 or more');
  return { success: true, data: Math.min(budget, LISTING_BUDGET_CEILING) };
}

/** The page: the first when empty; refused unless a whole number from 1 to LISTING_PAGE_MAX. */
export function readListingPage(text: string | undefined): QueryRead<number> {
  if (text === undefined || text === '') return { success: true, data: 1 };
  const page = numberOf(text);
  if (page === undefined) return refused('must be a number', true);
  // As Zod's `.int()`: past the safe integers (2^53) a number is not counted whole.
  if (!Number.isSafeInteger(page)) return refused('must be a whole number');
  if (page < 1) return refused('must be 1 or more');
  if (page > LISTING_PAGE_MAX) return refused('is too large');
  return { success: true, data: page };
}
