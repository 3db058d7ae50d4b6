import { MONTH_NAMES, RENT_CURRENCY_LABEL } from '@structomate/contract';

/**
 * The formats the public pages need (the home page's coupon, the listing's rents), written in
 * plain code: no date library in those pages' first script, and no `Intl` formatter, the first of
 * which costs a browser 30-100 ms here (its ICU data; four times that on a phone as Lighthouse
 * rates one) while the page starts. lib/format.ts, for the signed-in pages, re-exports them.
 */

/** "48,000", "-1,250": a whole number with en-US thousands separators. */
export function wholeNumber(value: number): string {
  const rounded = Math.round(Math.abs(value));
  const digits = String(rounded).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return value < 0 && rounded !== 0 ? `-${digits}` : digits;
}

/** "48,000 BDT" */
export const formatRent = (rent: number) => `${wholeNumber(rent)} ${RENT_CURRENCY_LABEL}`;

/** "February 5, 2025" from "2025-02-05": a calendar date, so no time zone may shift it. */
export function formatLongDate(isoDate: string): string {
  const [year, month, day] = isoDate.slice(0, 10).split('-').map(Number);
  return `${MONTH_NAMES[(month ?? 0) - 1] ?? ''} ${day}, ${year}`;
}
