import type { RentRollRow } from '@structomate/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Balance } from './rent-roll';

/** A current lease from 1 January 2027 with nothing owed today. */
const row = (paid: Partial<RentRollRow> = {}): RentRollRow => ({
  leaseId: 'l1',
  tenant: { _id: 'u1', name: 'Selim Chowdhury', email: 'selim@example.com' },
  apartmentNo: 'C-801',
  status: 'current',
  rent: 145_000,
  startDate: '2027-01-01',
  endDate: '2027-12-31',
  endsOn: null,
  paidThrough: null,
  balance: 0,
  overdueMonths: 0,
  lastPayment: null,
  depositHeld: 0,
  chargesOwed: 0,
  ...paid,
});

describe("the rent roll's balance of a lease that starts later", () => {
  it('says it has not started while nothing is paid ahead', () => {
    render(<Balance row={row()} upcoming />);
    expect(screen.getByText('Not started')).toBeInTheDocument();
    expect(screen.queryByText(/paid up/i)).toBeNull();
  });

  it('says paid up once months are paid ahead', () => {
    render(
      <Balance
        row={row({ paidThrough: '2027-02', lastPayment: { at: '2026-12-06', amount: 290_000 } })}
        upcoming
      />,
    );
    expect(screen.getByText('Paid up')).toBeInTheDocument();
  });

  it('says paid up for a lease already running with nothing owed', () => {
    render(<Balance row={row({ startDate: '2026-01-01' })} upcoming={false} />);
    expect(screen.getByText('Paid up')).toBeInTheDocument();
  });
});
