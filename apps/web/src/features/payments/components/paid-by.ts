import { PAYMENT_METHOD_IN_SENTENCE, type Transaction } from '@structomate/contract';
import { formatDayMonthYear, formatRent } from '../../../lib/format';

/**
 * How a payment recorded by hand came in: "cash · ref Book 14 · received 3 Dec 2026", or "the
 * security deposit · on 3 Dec 2026" (nothing was received that day: it was paid from what the
 * building held); null for a card payment (its receipt shows the card charge instead).
 */
export function offlineDetails(payment: Transaction): string | null {
  if (payment.provider !== 'offline') return null;
  return [
    PAYMENT_METHOD_IN_SENTENCE[payment.method],
    payment.reference ? `ref ${payment.reference}` : null,
    payment.receivedOn
      ? `${payment.method === 'deposit' ? 'on' : 'received'} ${formatDayMonthYear(payment.receivedOn)}`
      : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * "Paid by cash · ref Book 14 · received 3 Dec 2026", "Paid from the security deposit · on 3 Dec
 * 2026", or null for a card payment.
 */
export function paidByLine(payment: Transaction): string | null {
  const details = offlineDetails(payment);
  if (details === null) return null;
  return `${payment.method === 'deposit' ? 'Paid from' : 'Paid by'} ${details}`;
}

/** " · 4,800 BDT off (NEWYEAR10)" after a payment's line when a coupon took something off. */
export const discountNote = (payment: Transaction): string =>
  payment.discount > 0
    ? ` · ${formatRent(payment.discount)} off${payment.couponCode ? ` (${payment.couponCode})` : ''}`
    : '';
