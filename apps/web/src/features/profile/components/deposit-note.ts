import { formatRent } from '../../../lib/format';

/**
 * What became of the lease's deposit, said after its agreed amount on the tenant's profile, as
 * the office recorded it: ", received", ", not received yet: pay it at the building office",
 * ", given back", what of it paid rent, or what is held of it. `null` when the lease asks for
 * none: the profile then says what is held, if anything. Said from what is held and what paid
 * rent, against what the lease asks for: the receipts may count one the office corrected with a
 * refund, so "the rest given back" could be untrue.
 */
export function depositNote(
  agreed: number,
  held: number,
  received: number,
  toRent = 0,
): string | null {
  if (agreed === 0) return null;
  // The card payment takes rent only: the office records a deposit, however it is paid.
  if (received === 0) return ', not received yet: pay it at the building office';
  if (toRent > 0) {
    const used = `${formatRent(toRent)} used for your rent`;
    if (held > 0) return `; ${used}, ${formatRent(held)} held`;
    return toRent >= agreed ? ', used for your rent' : `; ${used}, none held now`;
  }
  if (held === 0) return ', given back';
  if (held === agreed) return ', received';
  return `; ${formatRent(held)} held`;
}
