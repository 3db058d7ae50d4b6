import { DATE_FORMATS } from '@structomate/contract';
import { format, parseISO } from 'date-fns';
import { asReaderSees } from './now';

export { formatLongDate, formatRent } from './format-plain';

/**
 * `pattern` of an instant (a Date, or an ISO time like "2026-03-05T04:15:00.000Z") as the page's
 * reader's clock shows it; of a calendar date ("2026-03-05") as it is.
 */
export function formatWhen(when: Date | string, pattern: string): string {
  if (typeof when === 'string' && !when.includes('T')) return format(parseISO(when), pattern);
  return format(asReaderSees(typeof when === 'string' ? parseISO(when) : when), pattern);
}

/** The spec's "dd MMM, yyyy". */
export const formatShortDate = (date: Date | string) => formatWhen(date, DATE_FORMATS.date);

/** The spec's "hh:mm a - dd MMM, yyyy". */
export const formatDateTime = (date: Date | string) => formatWhen(date, DATE_FORMATS.timeDashDate);

/** "1 Dec" from "2026-12-01": a calendar date whose year is plain from its context. */
export const formatDayMonth = (isoDate: string) => format(parseISO(isoDate), 'd MMM');

/** "3 Dec 2026" from "2026-12-03": a calendar day, in a sentence. */
export const formatDayMonthYear = (isoDate: string) => format(parseISO(isoDate), 'd MMM yyyy');

/** "1st", "2nd", "23rd", "28th" (the contract's, as mails say it too). */
export { ordinal } from '@structomate/contract';

/**
 * "2 months and 1 charge": what a former tenant left unpaid (months of rent, charges besides
 * rent: repairs and the like), naming only what there is.
 */
export function formatOwedItems(months: number, charges: number): string {
  const items: string[] = [];
  if (months > 0) items.push(`${months} ${months === 1 ? 'month' : 'months'}`);
  if (charges > 0) items.push(`${charges} ${charges === 1 ? 'charge' : 'charges'}`);
  return items.join(' and ');
}
