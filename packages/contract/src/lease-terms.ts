import { z } from 'zod';
import { LEASE_TERMS } from './constants';
import { addMonths } from './payments';

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

/** How far ahead a lease may start (from today), in months. */
export const LATEST_START_MONTHS = 12;

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

const pad = (n: number) => String(n).padStart(2, '0');

/** The last day of a month: "2027-02-28" from "2027-02". */
export const monthEnd = (month: string) => dayBefore(`${addMonths(month, 1)}-01`);

/** The day before `day` (YYYY-MM-DD), on the calendar (no time zones involved). */
function dayBefore(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/**
 * The same day `months` later, or the month's last day when it has no such day (31 January + 1
 * month is 28 or 29 February).
 */
export function addMonthsToDay(day: string, months: number): string {
  const month = addMonths(day.slice(0, 7), months);
  const [year = 0, monthNo = 1] = month.split('-').map(Number);
  const lastDay = new Date(Date.UTC(year, monthNo, 0)).getUTCDate();
  return `${month}-${pad(Math.min(Number(day.slice(8, 10)), lastDay))}`;
}

/** The term's last day: a lease of 12 months from 1 December 2026 ends on 30 November 2027. */
export const leaseEndDate = (startDate: string, termMonths: number) =>
  dayBefore(addMonthsToDay(startDate, termMonths));

/**
 * A running lease past its fixed term with no end given (no notice) runs on month to month, on
 * the same terms, until notice ends it: a holdover. `termEnd` is the term's last day (null for a
 * lease without terms), `endsOn` the day notice ends it (null without notice).
 */
export const runsMonthToMonth = (termEnd: string | null, endsOn: string | null, today: string) =>
  termEnd !== null && endsOn === null && termEnd < today;

/** The terms an agreement signed today takes: the building's defaults, this rent and start. */
export function leaseTerms(defaults: LeaseDefaults, rent: number, startDate: string): LeaseTerms {
  return {
    startDate,
    endDate: leaseEndDate(startDate, defaults.termMonths),
    termMonths: defaults.termMonths,
    rent,
    deposit: rent * defaults.depositMonths,
    depositMonths: defaults.depositMonths,
    noticeDays: defaults.noticeDays,
    rentDueDay: defaults.rentDueDay,
    graceDays: defaults.graceDays,
    parking: defaults.parking,
  };
}

/** Where a new lease starts unless the applicant says otherwise: the 1st of next month. */
export const defaultStartDate = (today: string) => `${addMonths(today.slice(0, 7), 1)}-01`;

/** The latest start an applicant may choose. */
export const latestStartDate = (today: string) => addMonthsToDay(today, LATEST_START_MONTHS);

export const LEASE_TERM_MESSAGES = {
  startInPast: 'The lease cannot start before today.',
  startTooLate: `The lease can start at most ${LATEST_START_MONTHS} months from today.`,
  startBeforeSigning: 'The lease cannot start before the day the request was signed.',
} as const;
