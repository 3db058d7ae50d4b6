import type { RentLedger } from '@structomate/contract';
import { formatRent } from '../../../lib/format';

/**
 * What became of an ended lease's deposit, as the office recorded it, for the former tenant: what
 * of it paid rent, given back, or what the building still holds of it. Said from what is held
 * and what paid rent: the sum of the receipts may count one the office corrected with a refund,
 * so "X of Y given back" could be untrue. Nothing when none was received (or a server of the
 * release before did not say).
 */
export function formerDepositNote({
  depositHeld: held = 0,
  depositReceived: received = 0,
  depositToRent: toRent = 0,
}: Pick<RentLedger['leases'][number], 'depositHeld' | 'depositReceived' | 'depositToRent'>):
  string | null {
  if (received <= 0) return null;
  const paidRent = `${formatRent(toRent)} of your deposit paid your rent`;
  if (held <= 0) {
    if (toRent <= 0) return 'Your deposit was given back.';
    // Not "the rest was given back": a refund may have corrected a mistyped receipt.
    return toRent >= received
      ? `Your deposit paid ${formatRent(toRent)} of your rent.`
      : `${paidRent}; the building holds none of it now.`;
  }
  const stillHeld = `The building still holds ${formatRent(held)} of your deposit: ask the office about it.`;
  return toRent > 0 ? `${paidRent}. ${stillHeld}` : stillHeld;
}
