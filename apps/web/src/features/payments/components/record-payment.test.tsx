import type { TenantAccount } from '@structomate/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RecordPayment } from './record-payment';

type Lease = TenantAccount['ledger']['leases'][number];
type Month = TenantAccount['ledger']['months'][number];

const lease = (id: string, apartmentNo: string, status: Lease['status']): Lease => ({
  _id: id,
  status,
  apartmentNo,
  blockName: apartmentNo.slice(0, 1),
  floorNo: 6,
  rent: 45_500,
  firstMonth: '2026-01',
  lastMonth: null,
  endedAt: null,
  endsOn: null,
  endedBeforeStart: false,
});

const month = (agreementId: string, billingMonth: string, label: string, paid: boolean): Month => ({
  billingMonth,
  month: label,
  status: paid ? 'paid' : 'due',
  rent: 45_500,
  dueDate: `${billingMonth}-01`,
  agreementId,
  paidAt: paid ? `${billingMonth}-02T04:00:00.000Z` : null,
  amount: paid ? 45_500 : null,
  transactionId: paid ? 'OFF-1' : null,
});

/** A tenant who owes the last month of an ended lease (`september`) and December of the new. */
const account = (septemberPaid: boolean): TenantAccount => ({
  person: {
    _id: 'p1',
    displayName: 'Rahim Uddin',
    email: 'rahim@example.com',
    role: 'member',
    deleted: false,
  },
  ledger: {
    today: '2026-12-04',
    currentMonth: '2026-12',
    dueDay: 1,
    graceDays: 5,
    rent: 45_500,
    leaseStart: '2026-01',
    leases: [lease('old', 'A-603', 'ended'), lease('new', 'B-402', 'accepted')],
    months: [
      month('old', '2026-09', 'September 2026', septemberPaid),
      month('new', '2026-12', 'December 2026', false),
    ],
    owedMonths: septemberPaid ? 1 : 2,
    owedAmount: septemberPaid ? 45_500 : 91_000,
    overdueMonths: 0,
  },
  transactions: [],
  deposits: [],
  charges: [],
});

describe('RecordPayment', () => {
  it('moves to the next lease that owes once the chosen one is paid off', async () => {
    const client = new QueryClient();
    const form = (septemberPaid: boolean) => (
      <QueryClientProvider client={client}>
        <RecordPayment account={account(septemberPaid)} />
      </QueryClientProvider>
    );
    const { rerender } = render(form(false));
    expect(screen.getByRole('combobox', { name: 'Lease' })).toHaveValue('old');
    expect(screen.getByRole('checkbox', { name: /September 2026/ })).toBeInTheDocument();

    // September recorded (here, or by another admin): the ended lease owes nothing any more.
    rerender(form(true));
    expect(await screen.findByRole('checkbox', { name: /December 2026/ })).not.toBeChecked();
    expect(screen.queryByRole('combobox', { name: 'Lease' })).not.toBeInTheDocument();
  });
});
