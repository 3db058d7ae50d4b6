import { z } from 'zod';
import { APARTMENTS_PER_PAGE, MAX_PAGE_SIZE } from './constants';
import { LISTING_BUDGET_CEILING, LISTING_PAGE_MAX } from './listing-query';

export const ApartmentIdSchema = z.uuid({ error: 'must be a valid apartment id' });

export const ApartmentIdParamsSchema = z.object({ id: ApartmentIdSchema });
export type ApartmentIdParams = z.infer<typeof ApartmentIdParamsSchema>;

/** Field names are those of spec §3; `available` is ours: false while an accepted lease occupies it. */
export const ApartmentSchema = z.object({
  _id: z.string(),
  apartmentNo: z.string(),
  details: z.string(),
  apartmentImage: z.string(),
  floorNo: z.number().int(),
  blockName: z.string(),
  rent: z.number().int(),
  available: z.boolean(),
});
export type Apartment = z.infer<typeof ApartmentSchema>;

/** Query strings arrive as text; an empty value means "not given" (the listing's cleared filter). */
const optionalQueryNumber = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' || value === undefined ? undefined : value), schema);

/**
 * The listing's "maximum rent" as a query string carries it. The server validates its query with
 * it; the browser reads the URL by the same rule without Zod (`readMaxRent`, listing-query.ts,
 * checked to agree on every text), so the browser never sends a budget the server would refuse. Empty means no budget; a huge one is clamped to the ceiling;
 * a negative or non-numeric one is refused (a 400 from the server; in the browser, the field
 * says why and the listing is not filtered by it).
 */
export const MaxRentQuerySchema = z.preprocess(
  (value) => {
    if (value === '' || value === undefined) return undefined;
    // Past what a number can hold ("1e400") is still more than any rent.
    return Number(value) === Number.POSITIVE_INFINITY ? LISTING_BUDGET_CEILING : value;
  },
  z.coerce
    .number({ error: 'must be a number' })
    .min(0, { error: 'must be 0 or more' })
    .transform((budget) => Math.min(budget, LISTING_BUDGET_CEILING))
    .optional(),
);

/** The listing's page as a query string carries it (the first when not given; `readListingPage`). */
export const ListingPageQuerySchema = optionalQueryNumber(
  z.coerce
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be 1 or more' })
    .max(LISTING_PAGE_MAX, { error: 'is too large' })
    .default(1),
);

export const ApartmentListQuerySchema = z.object({
  maxRent: MaxRentQuerySchema,
  page: ListingPageQuerySchema,
  limit: optionalQueryNumber(
    z.coerce
      .number({ error: 'must be a number' })
      .int({ error: 'must be a whole number' })
      .min(1, { error: 'must be 1 or more' })
      .max(MAX_PAGE_SIZE, { error: `must be at most ${MAX_PAGE_SIZE}` })
      .default(APARTMENTS_PER_PAGE),
  ),
});
export type ApartmentListQuery = z.infer<typeof ApartmentListQuerySchema>;

export const ApartmentListResponseSchema = z.object({
  result: z.array(ApartmentSchema),
  /** Apartments matching the filter, over all pages. */
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  pageCount: z.number().int(),
});
export type ApartmentListResponse = z.infer<typeof ApartmentListResponseSchema>;

export const ApartmentResponseSchema = z.object({ result: ApartmentSchema });
export type ApartmentResponse = z.infer<typeof ApartmentResponseSchema>;
