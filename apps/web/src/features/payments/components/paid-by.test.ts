import type { Transaction } from '@structomate/contract';
import { describe, expect, it } from 'vitest';
import { discountNote, paidByLine } from './paid-by';

const card: Transaction = {
  _id: 'p1',
  transactionId: 'pi_1',
  userId: 'u1',
  date: '2026-12-05T10:59:00.000Z',
  billingMonth: '2026-12',
  month: 'December 2026',
  rent: 48000,
  discount: 4800,
  amount: 43200,
  couponCode: 'NEWYEAR10',
  currency: 'BDT',
  amountInMinorUnits: 4320000,
  rate: null,
  provider: 'sandbox',
  method: 'card',
  reference: null,
  receivedOn: null,
  email: 'member@structo.com',
  tenant: 'Tanvir Hossain',
  floor: 4,
  blockName: 'B',
  apartmentNo: 'B-402',
};

describe('a payment’s line', () => {
  it('names the discount and its coupon when one took something off', () => {
    expect(discountNote(card)).toBe(' · 4,800 BDT off (NEWYEAR10)');
    expect(discountNote({ ...card, couponCode: null })).toBe(' · 4,800 BDT off');
    expect(discountNote({ ...card, discount: 0, couponCode: null, amount: 48000 })).toBe('');
  });

  it('says how a payment by hand came in, and nothing for a card', () => {
    expect(paidByLine(card)).toBeNull();
    expect(
      paidByLine({
        ...card,
        provider: 'offline',
        method: 'bkash',
        reference: 'RB-0042',
        receivedOn: '2026-12-03',
      }),
    ).toBe('Paid by bKash · ref RB-0042 · received 3 Dec 2026');
    expect(
      paidByLine({ ...card, provider: 'offline', method: 'deposit', receivedOn: '2026-12-03' }),
    ).toBe('Paid from the security deposit · on 3 Dec 2026');
  });
});
