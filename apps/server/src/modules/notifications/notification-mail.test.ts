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

describe("a card receipt with a coupon's discount", () => {
  it('shows the rent, the discount and the amount paid; without one, the amount alone', () => {
    const details = (rent?: number, discount?: number) =>
      noticeMail(
        {
          kind: 'receipt',
          data: {
            month: '2027-01',
            amount: (rent ?? 50_000) - (discount ?? 0),
            ...(rent !== undefined && { rent }),
            ...(discount !== undefined && { discount }),
            method: 'card',
            paidOn: '2026-12-05',
            apartmentNo: 'B-402',
            paymentId: 'p1',
          },
        },
        'Tanvir Hossain',
        site,
      ).details;
    expect(details(50_000, 5_000)).toEqual(
      expect.arrayContaining([
        ['Rent', '50,000 BDT'],
        ['Discount', '−5,000 BDT'],
        ['Amount paid', '45,000 BDT'],
      ]),
    );
    expect(details(50_000, 0)).toContainEqual(['Amount', '50,000 BDT']);
    expect(details(50_000, 0)?.map(([label]) => label)).not.toContain('Discount');
    // A notice written before receipts carried the rent.
    expect(details()).toContainEqual(['Amount', '50,000 BDT']);
  });
});

describe('the welcome mail of an accepted lease', () => {
  const welcome = (lease?: {
    startDate: string;
    acceptedOn?: string;
    endDate: string | null;
    rent: number;
    dueDay: number | null;
    deposit: number | null;
    firstDue?: { dueOn: string; months: string[]; amount: number };
  }) =>
    noticeMail(
      { kind: 'request-accepted', data: { apartmentNo: 'C-801', ...(lease && { lease }) } },
      'Nusrat Jahan',
      site,
    );

  it('gives the lease as accepted: its start, term, rent, due day, first rent due and deposit', () => {
    const mail = welcome({
      startDate: '2026-12-15',
      acceptedOn: '2026-12-04',
      endDate: '2027-12-14',
      rent: 45000,
      dueDay: 5,
      deposit: 90000,
      // As the ledger billed it on acceptance (ledger.service.ts, firstRentDue).
      firstDue: { dueOn: '2026-12-15', months: ['2026-12'], amount: 45000 },
    });
    expect(mail.preview).toBe('Welcome home: your lease starts on 15 December 2026.');
    expect(mail.details).toEqual([
      ['Apartment', 'C-801'],
      ['Lease starts', '15 December 2026'],
      ['Fixed term ends', '14 December 2027'],
      ['Rent', '45,000 BDT a month, due on the 5th'],
      // December's rent falls due on the day the lease starts, the 5th being before it.
      ['First rent due', '15 December 2026'],
      ['Deposit', '90,000 BDT'],
    ]);
  });

  it('a lease that began before it was accepted: started, its first rent due the day it was accepted', () => {
    const mail = welcome({
      startDate: '2026-11-05',
      acceptedOn: '2026-11-24',
      endDate: '2027-11-04',
      rent: 45000,
      dueDay: 1,
      deposit: 90000,
      firstDue: { dueOn: '2026-11-24', months: ['2026-11'], amount: 45000 },
    });
    expect(mail.preview).toBe('Welcome home: your request was accepted.');
    expect(mail.details).toContainEqual(['Lease started', '5 November 2026']);
    expect(mail.details).toContainEqual(['First rent due', '24 November 2026']);
  });

  it('a request accepted months after its start: the months due on the day it was accepted, together', () => {
    const mail = welcome({
      startDate: '2026-09-25',
      acceptedOn: '2026-11-24',
      endDate: null,
      rent: 45000,
      dueDay: 1,
      deposit: 0,
      // The sum of the months' rents as billed (a renewal may have changed one): not rent × 3.
      firstDue: { dueOn: '2026-11-24', months: ['2026-09', '2026-10', '2026-11'], amount: 136500 },
    });
    expect(mail.details).toContainEqual([
      'First rent due',
      '24 November 2026, for 3 months (September 2026 to November 2026): 136,500 BDT',
    ]);
  });

  it('leaves out what the lease does not set, and a notice without terms has none', () => {
    expect(
      welcome({ startDate: '2026-12-01', endDate: null, rent: 45000, dueDay: null, deposit: 0 })
        .details,
    ).toEqual([
      ['Apartment', 'C-801'],
      ['Lease starts', '1 December 2026'],
      ['Rent', '45,000 BDT a month'],
    ]);
    // Written before the first rent due was carried: no such row.
    expect(
      welcome({
        startDate: '2026-12-15',
        acceptedOn: '2026-12-04',
        endDate: null,
        rent: 45000,
        dueDay: 5,
        deposit: 0,
      }).details?.map(([label]) => label),
    ).not.toContain('First rent due');
    const older = welcome();
    expect(older.details).toBeUndefined();
    expect(older.preview).toBe('Welcome home: your request was accepted.');
  });
});
