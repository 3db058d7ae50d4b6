import { DATE_FORMATS, RENT_CURRENCY_LABEL } from '@structomate/contract';
import { format, parseISO } from 'date-fns';

const wholeNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** "48,000 BDT" */
export const formatRent = (rent: number) => `${wholeNumber.format(rent)} ${RENT_CURRENCY_LABEL}`;

/** "February 5, 2025" from "2025-02-05": a calendar date, so no time zone may shift it. */
export const formatLongDate = (isoDate: string) => format(parseISO(isoDate), 'MMMM d, yyyy');

/** The spec's "dd MMM, yyyy". */
export const formatShortDate = (date: Date | string) =>
  format(typeof date === 'string' ? parseISO(date) : date, DATE_FORMATS.date);

/** The spec's "hh:mm a - dd MMM, yyyy". */
export const formatDateTime = (date: Date | string) =>
  format(typeof date === 'string' ? parseISO(date) : date, DATE_FORMATS.timeDashDate);
