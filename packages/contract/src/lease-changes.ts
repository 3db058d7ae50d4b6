import { z } from 'zod';
import { APARTMENT_LIMITS } from './apartment-admin';
import { addMonths, addMonthsToDay, leaseEndDate, monthEnd } from './calendar';
import { BillingMonthSchema, dayLabel, monthLabel } from './payments';

/** How far ahead (years from today) a renewed lease may run, and a notice may end one. */
export const LEASE_CHANGE_LIMITS = { renewYears: 5, endYears: 2 } as const;

/** A rent change set at a renewal: from this month (YYYY-MM) on, this rent (whole BDT). */
export const RentChangeSchema = z.object({ fromMonth: BillingMonthSchema, rent: z.number().int() });
export type RentChange = z.infer<typeof RentChangeSchema>;

/** A lease's rent in `month` (YYYY-MM): the latest change from then or before, else as signed. */
export const rentInMonth = (signedRent: number, changes: readonly RentChange[], month: string) =>
  changes.findLast((change) => change.fromMonth <= month)?.rent ?? signedRent;

const DaySchema = (label: string) => z.iso.date({ error: `Enter the ${label} as YYYY-MM-DD` });

/**
 * The admin renews a running lease: a new last day and, optionally, a new rent from a month on
 * (months already paid keep the rent they were paid at).
 */
export const RenewLeaseRequestSchema = z
  .strictObject({
    endDate: DaySchema('new end date'),
    rent: z
      .number({ error: 'The new rent must be a whole number of taka' })
      .int({ error: 'The new rent must be a whole number of taka' })
      .min(1, { error: 'The new rent must be at least 1 BDT' })
      .max(APARTMENT_LIMITS.maxRent, {
        error: `The new rent must be at most ${APARTMENT_LIMITS.maxRent.toLocaleString('en-US')} BDT`,
      })
      .optional(),
    rentFrom: BillingMonthSchema.optional(),
  })
  .superRefine((body, context) => {
    if (body.rent !== undefined && body.rentFrom === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['rentFrom'],
        message: 'Choose the month the new rent starts from.',
      });
    }
    if (body.rentFrom !== undefined && body.rent === undefined) {
      context.addIssue({ code: 'custom', path: ['rent'], message: 'Enter the new rent.' });
    }
  });
export type RenewLeaseRequest = z.infer<typeof RenewLeaseRequestSchema>;

/** The admin ends a running lease on a day: it runs through that day; the flat is free the next. */
export const EndLeaseRequestSchema = z.strictObject({ endDate: DaySchema('end date') });
export type EndLeaseRequest = z.infer<typeof EndLeaseRequestSchema>;

export const LeaseIdParamsSchema = z.object({
  id: z.uuid({ error: 'must be a valid lease id' }),
});

/** Where "End lease" starts: the lease's notice days from today. */
export const defaultEndDate = (today: string, noticeDays: number) => {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + noticeDays);
  return date.toISOString().slice(0, 10);
};

/** The furthest day a renewal may run to, and a notice may end a lease on. */
export const latestRenewalEnd = (today: string) =>
  addMonthsToDay(today, 12 * LEASE_CHANGE_LIMITS.renewYears);

/**
 * The new last day a renewal offers first: a term as long as the lease's own after its current
 * last day; for a lease past its fixed term (running on month to month) or without one, a term
 * from the 1st of next month, so it ends on a month's last day (renewed on 5 December 2026 for
 * 12 months: 31 December 2027, not 5 December 2027).
 */
export const defaultRenewalEnd = (currentEnd: string | null, termMonths: number, today: string) => {
  const end =
    currentEnd !== null && currentEnd >= today
      ? addMonthsToDay(currentEnd, termMonths)
      : leaseEndDate(`${addMonths(today.slice(0, 7), 1)}-01`, termMonths);
  // Never past what a renewal may reach (a long term from next month would be refused).
  const latest = latestRenewalEnd(today);
  return end > latest ? latest : end;
};
export const latestEndDate = (today: string) =>
  addMonthsToDay(today, 12 * LEASE_CHANGE_LIMITS.endYears);

export const LEASE_CHANGE_MESSAGES = {
  notRunning: 'This lease has already ended.',
  noTerms:
    'This lease was signed before leases had their own terms, so it cannot be renewed here. End it and sign a new one.',
  endNotLater: (currentEnd: string) => `The new end must be after the current one (${currentEnd}).`,
  endNotAfterToday: 'The new end must be after today.',
  renewTooFar: `A lease can be renewed to at most ${LEASE_CHANGE_LIMITS.renewYears} years from today.`,
  rentFromPast: 'The new rent cannot start before this month.',
  rentFromBeforeStart: 'The new rent cannot start before the lease does.',
  rentFromAfterEnd: 'The new rent must start before the lease ends.',
  rentFromPaid: (paid: string, earliest: string) =>
    `${paid} is already paid at the current rent; the new rent can start from ${earliest} at the earliest.`,
  endBeforeToday: 'The lease cannot end before today.',
  endBeforeStart: (start: string) => `The lease cannot end before it starts (${start}).`,
  endTooFar: `The lease can be ended at most ${LEASE_CHANGE_LIMITS.endYears} years from today.`,
  noNotice: 'This lease has no end date set.',
  // The last month paid, which earlier unpaid months do not change: "paid for", not "through".
  endBeforePaid: (lastPaid: string, earliest: string) =>
    `Rent is paid for ${lastPaid}: the lease can end on ${earliest} at the earliest, so the months paid are the tenant’s to live in.`,
  removePaidAhead: (lastPaid: string, earliest: string) =>
    `Rent is paid for ${lastPaid}: end the lease on ${earliest} instead (Balance → End lease), so the months paid are the tenant’s to live in.`,
} as const;

/**
 * Why a running lease cannot end on `endDate` (the admin's End lease), if it cannot: not before
 * today or its start, not past the limit, and not before the last day of its last month paid
 * (`paidThrough`), since the months paid are the tenant's to live in. The server decides with
 * it; the form asks it first, so nobody is asked to confirm a day that will be refused.
 */
export function leaseEndIssue({
  endDate,
  today,
  startDate,
  paidThrough,
}: {
  endDate: string;
  today: string;
  startDate: string | null;
  paidThrough: string | null;
}): string | undefined {
  if (endDate < today) return LEASE_CHANGE_MESSAGES.endBeforeToday;
  if (startDate !== null && endDate < startDate) {
    return LEASE_CHANGE_MESSAGES.endBeforeStart(dayLabel(startDate));
  }
  if (endDate > latestEndDate(today)) return LEASE_CHANGE_MESSAGES.endTooFar;
  if (paidThrough !== null && endDate < monthEnd(paidThrough)) {
    return LEASE_CHANGE_MESSAGES.endBeforePaid(
      monthLabel(paidThrough),
      dayLabel(monthEnd(paidThrough)),
    );
  }
  return undefined;
}
