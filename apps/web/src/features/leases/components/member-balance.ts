import type { Member } from '@structomate/contract';
import { formatRent, formatShortDate } from '../../../lib/format';

/**
 * A member's balance in the Manage Members list on `today` (the building's day): the rent they
 * owe and the other charges they have not paid, each named (a member paid up on rent may still
 * owe for a repair or a charge added by hand); with nothing owed, when a lease still to come starts, else "Paid up".
 */
export function memberBalance(member: Member, today: string): { status: string; owes: boolean } {
  const charges = formatRent(member.chargesOwed);
  if (member.owedAmount > 0) {
    const rent = `Owes ${formatRent(member.owedAmount)}`;
    return { status: member.chargesOwed > 0 ? `${rent} + ${charges} charges` : rent, owes: true };
  }
  if (member.chargesOwed > 0) return { status: `Owes ${charges} in charges`, owes: true };
  if (member.leaseStart && member.leaseStart > today) {
    return { status: `Starts ${formatShortDate(member.leaseStart)}`, owes: false };
  }
  return { status: 'Paid up', owes: false };
}

/** What the removal's dialog says stays owed: the rent and the other charges, each named. */
export function owedAfterRemoval(member: Member): string {
  const rent = formatRent(member.owedAmount);
  const charges = formatRent(member.chargesOwed);
  if (member.owedAmount > 0 && member.chargesOwed > 0) {
    return ` The ${rent} of rent and ${charges} in other charges they owe stay on their account.`;
  }
  if (member.owedAmount > 0) return ` The ${rent} of rent they owe stays on their account.`;
  if (member.chargesOwed > 0) {
    return ` The ${charges} in other charges they owe stays on their account.`;
  }
  return '';
}
