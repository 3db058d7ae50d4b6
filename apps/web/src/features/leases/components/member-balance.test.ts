import type { Member } from '@structomate/contract';
import { describe, expect, it } from 'vitest';
import { memberBalance, owedAfterRemoval } from './member-balance';

const member = (owed: Partial<Member>): Member => ({
  _id: 'm1',
  displayName: 'Tanvir Hossain',
  email: 'member@structo.com',
  photoURL: null,
  apartmentNo: 'B-402',
  blockName: 'B',
  floorNo: 4,
  memberSince: '2025-01-12T04:00:00.000Z',
  leaseStart: '2025-02-01',
  owedMonths: 0,
  owedAmount: 0,
  chargesOwed: 0,
  removalRefused: null,
  ...owed,
});
const today = '2026-12-05';

describe('memberBalance', () => {
  it('names rent and other charges owed apart', () => {
    expect(memberBalance(member({ owedMonths: 1, owedAmount: 48_000 }), today)).toEqual({
      status: 'Owes 48,000 BDT',
      owes: true,
    });
    expect(
      memberBalance(member({ owedMonths: 1, owedAmount: 48_000, chargesOwed: 450 }), today),
    ).toEqual({ status: 'Owes 48,000 BDT + 450 BDT charges', owes: true });
  });

  it('does not call a member paid up who owes for a repair', () => {
    expect(memberBalance(member({ chargesOwed: 2_400 }), today)).toEqual({
      status: 'Owes 2,400 BDT in charges',
      owes: true,
    });
  });

  it('says when a lease to come starts, and paid up otherwise', () => {
    expect(memberBalance(member({ leaseStart: '2027-01-01' }), today)).toEqual({
      status: 'Starts 01 Jan, 2027',
      owes: false,
    });
    expect(memberBalance(member({}), today)).toEqual({ status: 'Paid up', owes: false });
  });
});

describe('owedAfterRemoval', () => {
  it('names what stays owed after a removal: rent, charges, both or nothing', () => {
    expect(owedAfterRemoval(member({ owedMonths: 1, owedAmount: 48_000 }))).toBe(
      ' The 48,000 BDT of rent they owe stays on their account.',
    );
    expect(owedAfterRemoval(member({ chargesOwed: 450 }))).toBe(
      ' The 450 BDT in other charges they owe stays on their account.',
    );
    expect(owedAfterRemoval(member({ owedMonths: 1, owedAmount: 48_000, chargesOwed: 450 }))).toBe(
      ' The 48,000 BDT of rent and 450 BDT in other charges they owe stay on their account.',
    );
    expect(owedAfterRemoval(member({}))).toBe('');
  });
});
