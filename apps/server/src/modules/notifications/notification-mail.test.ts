import { describe, expect, it } from 'vitest';
import { noticeMail } from './notification-mail';

const site = 'https://structo.example';

describe('a receipt mail names the payment method as the app does', () => {
  it('a receipt says "Paid by bKash", not "BKash"', () => {
    const receipt = (method: string) =>
      noticeMail(
        {
          kind: 'receipt',
          data: {
            month: '2026-12-01',
            amount: 48000,
            method,
            paidOn: '2026-12-04',
            apartmentNo: 'B-402',
            paymentId: 'p1',
          },
        },
        'Tanvir Hossain',
        site,
      ).details;
    // Stored as a sentence names it (offline.service.ts, recording.service.ts).
    expect(receipt('bKash')).toContainEqual(['Paid by', 'bKash']);
    expect(receipt('bank transfer')).toContainEqual(['Paid by', 'Bank transfer']);
    expect(receipt('cash')).toContainEqual(['Paid by', 'Cash']);
    expect(receipt('card')).toContainEqual(['Paid by', 'Card']);
  });
});
