import { z } from 'zod';
import { LATEST_START_MONTHS } from './calendar';
import { LEASE_TERMS } from './constants';

/**
 * The building's lease defaults (Building settings): what a new agreement takes when it is
 * signed. A signed agreement keeps its own copy, so a later change never alters it.
 */
export const LEASE_DEFAULT_LIMITS = {
  termMonths: { min: 1, max: 60 },
  depositMonths: { min: 0, max: 6 },
  noticeDays: { min: 0, max: 180 },
  rentDueDay: { min: 1, max: 28 },
  graceDays: { min: 0, max: 60 },
  parking: 200,
} as const;

/** A lease's first day, as a date input gives it. */
export const StartDateSchema = z.iso.date({ error: 'Enter the start date as YYYY-MM-DD' });

const bounded = (label: string, { min, max }: { min: number; max: number }) =>
  z
    .number({
      // An empty number field gives NaN: that is a missing value, not a wrong one.
      error: (issue) =>
        issue.input === undefined || Number.isNaN(issue.input)
          ? `${label} is required`
          : `${label} must be a whole number`,
    })
    .int({ error: `${label} must be a whole number` })
    .min(min, { error: `${label} must be at least ${min}` })
    .max(max, { error: `${label} must be at most ${max}` });

export const LeaseDefaultsSchema = z.strictObject({
  /** How long a lease runs, in months. */
  termMonths: bounded('Lease term', LEASE_DEFAULT_LIMITS.termMonths),
  /** The security deposit, in months of rent (0: none). */
  depositMonths: bounded('Deposit', LEASE_DEFAULT_LIMITS.depositMonths),
  /** Days of written notice either party gives to end the lease. */
  noticeDays: bounded('Notice', LEASE_DEFAULT_LIMITS.noticeDays),
  /** Rent falls due on this day of each month… */
  rentDueDay: bounded('Rent due day', LEASE_DEFAULT_LIMITS.rentDueDay),
  /** …and is overdue this many days later. */
  graceDays: bounded('Grace days', LEASE_DEFAULT_LIMITS.graceDays),
  /** The lease's parking term, as printed in its additional terms ('' for none). */
  parking: z
    .string()
    .trim()
    .max(LEASE_DEFAULT_LIMITS.parking, {
      error: `Parking: at most ${LEASE_DEFAULT_LIMITS.parking} characters.`,
    }),
});
export type LeaseDefaults = z.infer<typeof LeaseDefaultsSchema>;

/** The parking term the first-run defaults print for a spot (PARKING_SPOT). */
export const parkingTerm = (spot: string) => `Parking spot ${spot} is assigned to the tenant.`;

/** The spec's terms (§2, §9): a year, one month's deposit, 30 days' notice, due on the 1st. */
export const SPEC_LEASE_DEFAULTS: LeaseDefaults = {
  termMonths: 12,
  depositMonths: LEASE_TERMS.depositMonths,
  noticeDays: LEASE_TERMS.noticeDays,
  rentDueDay: LEASE_TERMS.rentDueDay,
  graceDays: 0,
  parking: parkingTerm(LEASE_TERMS.parkingSpot),
};

/** A lease's own terms, fixed when it is signed (an addition to the spec's Agreement). */
export const LeaseTermsSchema = z.object({
  /** First day of the lease (YYYY-MM-DD). */
  startDate: z.string(),
  /** Last day of its fixed term (YYYY-MM-DD). */
  endDate: z.string(),
  termMonths: z.number().int(),
  /** Whole BDT per month. */
  rent: z.number().int(),
  /** Whole BDT, paid before moving in. */
  deposit: z.number().int(),
  depositMonths: z.number().int(),
  noticeDays: z.number().int(),
  rentDueDay: z.number().int(),
  graceDays: z.number().int(),
  parking: z.string(),
});
export type LeaseTerms = z.infer<typeof LeaseTermsSchema>;

export const LEASE_TERM_MESSAGES = {
  startInPast: 'The lease cannot start before today.',
  startTooLate: `The lease can start at most ${LATEST_START_MONTHS} months from today.`,
  startBeforeSigning: 'The lease cannot start before the day the request was signed.',
} as const;
