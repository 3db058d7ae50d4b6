import type { RentLedger } from '@structomate/contract';
import { formatRent } from '../../../lib/format';

/**
 * What became of an ended lease's deposit, as the office recorded it, for the former tenant:
 * given back, or what the building still holds of it. Said from what is held alone: the sum of
 * the receipts may count one the office corrected with a refund, so "X of Y given back" could
 * be untrue. Nothing when none was received (or a server of the release before did not say).
 */
export function formerDepositNote({
  depositHeld: held = 0,
  depositReceived: received = 0,
}: Pick<RentLedger['leases'][number], 'depositHeld' | 'depositReceived'>): string | null {
  if (received <= 0) return null;
  if (held <= 0) return 'Your deposit was given back.';
  return `The building still holds ${formatRent(held)} of your deposit: ask the office about it.`;
}
