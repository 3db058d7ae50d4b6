import { RENT_CURRENCY_LABEL } from '@structomate/contract';

/**
 * The formats the public pages need (the home page's coupon, the listing's rents), written with
 * the browser's own Intl rather than date-fns, so those pages' first script carries no date
 * library (lib/format.ts, which the signed-in pages use, re-exports them).
 */

const wholeNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** "48,000 BDT" */
export const formatRent = (rent: number) => `${wholeNumber.format(rent)} ${RENT_CURRENCY_LABEL}`;

let longDate: Intl.DateTimeFormat | undefined;

/** "February 5, 2025" from "2025-02-05": a calendar date, so no time zone may shift it. */
export function formatLongDate(isoDate: string): string {
  const [year, month, day] = isoDate.slice(0, 10).split('-').map(Number);
  // Made on first use: a page's first date formatter is costly, and most pages never need this one.
  longDate ??= new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
  return longDate.format(Date.UTC(year ?? Number.NaN, (month ?? Number.NaN) - 1, day));
}
