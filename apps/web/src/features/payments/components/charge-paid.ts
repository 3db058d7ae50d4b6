import { PAYMENT_METHOD_IN_SENTENCE, type Charge } from '@structomate/contract';
import { formatDayMonthYear } from '../../../lib/format';

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
