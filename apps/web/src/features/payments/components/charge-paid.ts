import { PAYMENT_METHOD_IN_SENTENCE, type Charge } from '@structomate/contract';
import { formatDayMonthYear, formatShortDate } from '../../../lib/format';

/** "Paid by cash · ref Book 14 · received 3 Dec 2026", or null while owed. */
export function chargePaidLine(charge: Charge): string | null {
  if (!charge.paid) return null;
  return [
    `Paid by ${PAYMENT_METHOD_IN_SENTENCE[charge.paid.method]}`,
    charge.paid.reference ? `ref ${charge.paid.reference}` : null,
    `received ${formatDayMonthYear(charge.paid.receivedOn)}`,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** "Cancelled 06 Dec, 2026 · Typed 12,500 for 1,250", or null while it stands. */
export function chargeCancelledLine(charge: Charge): string | null {
  if (!charge.cancelled) return null;
  return `Cancelled ${formatShortDate(charge.cancelled.at)} · ${charge.cancelled.reason}`;
}

/** What a charge's line says under it: how it was paid or cancelled, or when it was charged. */
export const chargeLine = (charge: Charge): string =>
  chargePaidLine(charge) ??
  chargeCancelledLine(charge) ??
  `Charged ${formatShortDate(charge.createdAt)} · apartment ${charge.apartmentNo}`;

/** What a list of charges none of which is owed says: "All paid" only when each was paid. */
export const nothingOwed = (charges: Charge[]): string =>
  charges.every((charge) => charge.paid) ? 'All paid' : 'Nothing owed';
