/**
 * Calendar arithmetic on the contract's days ("2026-12-04") and months ("2026-12"), and the terms
 * an agreement signed today takes. Without Zod: the lease agreement's page reads it as it starts,
 * before anything asks the API (ADR 021). The schemas are in lease-terms.ts and payments.ts.
 */
import type { LeaseDefaults, LeaseTerms } from './lease-terms';

/** How far ahead a lease may start (from today), in months. */
export const LATEST_START_MONTHS = 12;

/** The month `count` months after (or before, when negative) `billingMonth`. */
export function addMonths(billingMonth: string, count: number): string {
  const [year = 0, month = 1] = billingMonth.split('-').map(Number);
  const index = year * 12 + (month - 1) + count;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

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
