import type { RentLedger } from '@structomate/contract';
import { formatRent } from '../../../lib/format';

/**
 * What became of an ended lease's deposit, as the office recorded it, for the former tenant:
 * given back, partly given back, or still held. Nothing when none was received (or a server of
 * the release before did not say).
 */
export function formerDepositNote({
  depositHeld: held = 0,
  depositReceived: received = 0,
}: Pick<RentLedger['leases'][number], 'depositHeld' | 'depositReceived'>): string | null {
  if (received <= 0) return null;
  if (held <= 0) return `Your deposit of ${formatRent(received)} was given back.`;
  if (held >= received) {
    return `The building still holds your deposit of ${formatRent(received)}: ask the office about it.`;
  }
  return `Of your deposit of ${formatRent(received)}, ${formatRent(received - held)} was given back; the building still holds ${formatRent(held)}: ask the office about it.`;
}
