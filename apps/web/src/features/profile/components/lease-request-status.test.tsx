import { TZDate } from '@date-fns/tz';
import type { Agreement } from '@structomate/contract';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setReaderClock } from '../../../lib/now';
import { LeaseRequestStatus } from './lease-request-status';

const terms = {
  startDate: '2025-03-01',
  endDate: '2026-02-28',
  termMonths: 12,
  rent: 45500,
  deposit: 45500,
  depositMonths: 1,
  noticeDays: 30,
  rentDueDay: 1,
  graceDays: 0,
  parking: 'Parking spot 12 is assigned to the tenant.',
};

const endedLease = (ended: string): Agreement => ({
  _id: 'a1',
  tenant_id: 'u1',
  tenant: 'Karim Ahmed',
  tenantEmail: 'former@structo.com',
  tenantRole: 'user',
  type: 'user',
  tenantImage: null,
  status: 'ended',
  agreementSigningDate: '2025-03-01T04:00:00.000Z',
  agreementCheckedDate: '2025-03-05T04:00:00.000Z',
  agreementEndDate: ended,
  apartmentDetails: {
    _id: 'p1',
    apartmentNo: 'A-603',
    floorNo: 6,
    blockName: 'A',
    rent: 45500,
    details: '',
    apartmentImage: '/images/a-603.webp',
  },
  terms,
  endsOn: null,
  rentChanges: [],
});

const panel = (agreement: Agreement) => {
  render(
    <MemoryRouter>
      <LeaseRequestStatus agreement={agreement} />
    </MemoryRouter>,
  );
  return screen.getByRole('region', { name: 'Your last lease' });
};

describe('a former tenant’s last lease on their profile', () => {
  // Instants are shown on the reader's clock: this reader is in the building's zone.
  beforeAll(() =>
    setReaderClock({
      zone: () => 'Asia/Dhaka',
      view: (instant) => new TZDate(instant.getTime(), 'Asia/Dhaka'),
    }),
  );
  afterAll(() => setReaderClock({ zone: () => undefined, view: (instant) => instant }));

  it('says it ran on month to month when it ended after its fixed term', () => {
    const text = panel(endedLease('2026-10-20T06:00:00.000Z')).textContent;
    expect(text).toContain('Lease from 01 Mar, 2025 to 28 Feb, 2026, deposit 45,500 BDT.');
    expect(text).toContain(
      'After its fixed term it ran on month to month, and ended on 20 Oct, 2026.',
    );
  });

  it('counts the day it ended on the reader’s clock, as the sentence shows it', () => {
    // 21:00 UTC on the term's last day is 03:00 on 1 March in Dhaka.
    expect(panel(endedLease('2026-02-28T21:00:00.000Z')).textContent).toContain(
      'After its fixed term it ran on month to month, and ended on 01 Mar, 2026.',
    );
  });

  it('says only when it ended when that was within its term', () => {
    const text = panel(endedLease('2025-11-30T06:00:00.000Z')).textContent;
    expect(text).toContain('Your lease ended on 30 Nov, 2025.');
    expect(text).not.toContain('month to month');
  });
});
