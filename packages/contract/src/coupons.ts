import { z } from 'zod';
import { oneLineText } from './text';
import { withToken } from './accounts';
import { MONTH_NAMES } from './constants';

/** Spec §5/§9 coupon limits; the percentage bounds are ours (the spec shows none). */
export const COUPON_LIMITS = {
  heading: 50,
  description: 30,
  code: 10,
  minPercentage: 1,
  /** A coupon never covers the whole rent (checkout would have nothing to charge). */
  maxPercentage: 99,
  /** The picker's year list starts here and ends at the current year (spec §2, §9). */
  firstYear: 2024,
  /** Spec §9 form hide delay after Close Coupon. */
  hideDelayMs: 200,
} as const;

/** Spec §8 coupon toasts, spelled as the spec spells them. */
export const COUPON_MESSAGES = {
  created: 'Coupon created successfully',
  createFailed: 'Failed to create coupon',
  removed: 'Coupon removed successfully',
  removeFailed: 'Failed to remove coupon',
  empty: 'No coupons available.',
} as const;

export const CouponHeadingSchema = oneLineText(
  z
    .string({ error: 'Heading is required' })
    .trim()
    .min(1, { error: 'Heading is required' })
    .max(COUPON_LIMITS.heading, { error: `Heading: at most ${COUPON_LIMITS.heading} characters.` }),
  'Heading',
);

export const CouponDescriptionSchema = oneLineText(
  z
    .string({ error: 'Description is required' })
    .trim()
    .min(1, { error: 'Description is required' })
    .max(COUPON_LIMITS.description, {
      error: `Description: at most ${COUPON_LIMITS.description} characters.`,
    }),
  'Description',
);

/** A whole percentage; an empty number field arrives as NaN and counts as missing. */
export const CouponPercentageSchema = z
  .number({
    error: (issue) =>
      issue.input === undefined ||
      issue.input === null ||
      issue.input === '' ||
      Number.isNaN(issue.input)
        ? 'Discount percentage is required'
        : 'Discount percentage must be a number',
  })
  .int({ error: 'Discount percentage must be a whole number' })
  .min(COUPON_LIMITS.minPercentage, {
    error: `Discount percentage: at least ${COUPON_LIMITS.minPercentage}.`,
  })
  .max(COUPON_LIMITS.maxPercentage, {
    error: `Discount percentage: at most ${COUPON_LIMITS.maxPercentage} (a coupon cannot cover the whole rent).`,
  });

/** Codes are typed by tenants at payment time: letters, digits, dash and underscore only. */
export const CouponCodeSchema = z
  .string({ error: 'Coupon code is required' })
  .trim()
  .min(1, { error: 'Coupon code is required' })
  .max(COUPON_LIMITS.code, { error: `Coupon code: at most ${COUPON_LIMITS.code} characters.` })
  .regex(/^[A-Za-z0-9_-]+$/, { error: 'Coupon code: letters, digits, - and _ only.' });

/**
 * A new coupon's code is kept in capitals: codes match whatever their case, and the app names a
 * code in capitals in its messages ("Coupon STRUCTO25 expired on …"), so the list, the banner and
 * the receipts show the code people type the way those messages do.
 */
const NewCouponCodeSchema = CouponCodeSchema.toUpperCase();

/** The last day the coupon can be used (inclusive), as a calendar date `YYYY-MM-DD`. */
/** The spec's formatted date ("December 20, 2026") as `YYYY-MM-DD`; anything else unchanged. */
export function isoFromSpecDate(value: string): string {
  const match = /^([A-Z][a-z]+) (\d{1,2}), (\d{4})$/.exec(value.trim());
  const month = match ? (MONTH_NAMES as readonly string[]).indexOf(match[1] ?? '') : -1;
  if (!match || month === -1) return value;
  const iso = `${match[3]}-${String(month + 1).padStart(2, '0')}-${(match[2] ?? '').padStart(2, '0')}`;
  // February 30 is no date: left as typed, so the check below refuses it.
  const day = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(iso) ? iso : value;
}

/** The last valid day: `YYYY-MM-DD`, or the spec's "MMMM d, yyyy" (§3, §7). */
export const CouponValiditySchema = z
  .string({ error: 'Choose the validity date' })
  .min(1, { error: 'Choose the validity date' })
  .transform(isoFromSpecDate)
  .pipe(z.iso.date({ error: 'Validity must be a date (YYYY-MM-DD or "December 20, 2026")' }));

/**
 * Spec §3 Coupon as the admin sees it. `validity` is the last valid day (`YYYY-MM-DD`),
 * `createDate` an ISO 8601 timestamp; `featured` is ours: shown in the home page banner.
 */
export const CouponSchema = z.object({
  _id: z.string(),
  heading: z.string(),
  code: z.string(),
  percentage: z.number().int(),
  description: z.string(),
  validity: z.string(),
  createDate: z.string(),
  featured: z.boolean(),
});
export type Coupon = z.infer<typeof CouponSchema>;

/**
 * A coupon in Manage Coupons, with what it has given (ours): the payments that used it and the
 * rent it took off them in all, in whole BDT. Optional, as a server of the release before sends
 * neither; the page then says nothing of it.
 */
export const ManagedCouponSchema = CouponSchema.extend({
  uses: z.number().int().nonnegative().optional(),
  discountGiven: z.number().int().nonnegative().optional(),
});
export type ManagedCoupon = z.infer<typeof ManagedCouponSchema>;

export const CouponListResponseSchema = z.array(ManagedCouponSchema);

/** The Manage Coupons form (spec §5), with the spec's field names. */
export const CouponFormSchema = z.object({
  heading: CouponHeadingSchema,
  description: CouponDescriptionSchema,
  discountPercentage: CouponPercentageSchema,
  couponCode: NewCouponCodeSchema,
  validity: CouponValiditySchema,
});
export type CouponFormInput = z.input<typeof CouponFormSchema>;
export type CouponForm = z.output<typeof CouponFormSchema>;

/**
 * Spec §7 newCoupon. The earlier client sent its own `createDate`; the server ignores it and
 * records when it created the coupon.
 */
export const NewCouponSchema = z.strictObject({
  heading: CouponHeadingSchema,
  percentage: CouponPercentageSchema,
  description: CouponDescriptionSchema,
  code: NewCouponCodeSchema,
  validity: CouponValiditySchema,
  createDate: z.string().max(100).optional(),
});
export type NewCoupon = z.infer<typeof NewCouponSchema>;

export const CreateCouponRequestSchema = withToken({ newCoupon: NewCouponSchema });
export type CreateCouponRequest = z.infer<typeof CreateCouponRequestSchema>;

/** The API body from the form's fields. */
export const toNewCoupon = (form: CouponForm): NewCoupon => ({
  heading: form.heading,
  percentage: form.discountPercentage,
  description: form.description,
  code: form.couponCode,
  validity: form.validity,
});

/** Spec §7 /delete/coupons body `{ token, id }`; also the body of /feature/coupons. */
export const CouponIdRequestSchema = withToken({
  id: z.uuid({ error: 'must be a valid coupon id' }),
});

/**
 * `deleted`: gone; `archived`: a payment used it, so it is kept for history but no longer listed
 * or offered.
 */
export const DeleteCouponResponseSchema = z.object({
  ok: z.literal(true),
  removal: z.enum(['deleted', 'archived']),
});
export type DeleteCouponResponse = z.infer<typeof DeleteCouponResponseSchema>;

export const FeatureCouponResponseSchema = z.object({ ok: z.literal(true), result: CouponSchema });

/** What the home page banner shows of the featured coupon. */
export const FeaturedCouponSchema = CouponSchema.pick({
  heading: true,
  description: true,
  code: true,
  percentage: true,
  validity: true,
});
export type FeaturedCoupon = z.infer<typeof FeaturedCouponSchema>;

/** The featured coupon, or null when none is (the banner then shows the launch offer). */
export const FeaturedCouponResponseSchema = z.object({ result: FeaturedCouponSchema.nullable() });
export type FeaturedCouponResponse = z.infer<typeof FeaturedCouponResponseSchema>;
