import { RENT_ACCOUNT_MESSAGES, type TenantAccount as Account } from '@structomate/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TenantAccount } from './tenant-account';

const state = vi.hoisted(() => ({ account: undefined as unknown }));
vi.mock('../api/get-tenant-account', () => ({
  useTenantAccount: () => ({ isPending: false, isError: false, data: state.account }),
}));

/**
 * A former tenant with a bit of everything that can be undone: a month's rent recorded in cash,
 * a charge paid at the office and a deposit received and given back.
 */
const account = (deleted: boolean): Account => ({
  person: {
    _id: 'p1',
    displayName: deleted ? 'Deleted account' : 'Rahim Uddin',
    email: deleted ? 'deleted-p1@deleted.invalid' : 'rahim@example.com',
    role: 'user',
    deleted,
  },
  ledger: {
    today: '2026-12-06',
    currentMonth: '2026-12',
    dueDay: 1,
    graceDays: 5,
    rent: 45_500,
    leaseStart: '2026-01',
    leases: [
      {
        _id: 'lease',
        status: 'ended',
        apartmentNo: 'A-603',
        blockName: 'A',
        floorNo: 6,
        rent: 45_500,
        firstMonth: '2026-11',
        lastMonth: '2026-11',
        endedAt: '2026-11-30T10:00:00.000Z',
        endsOn: null,
        endedBeforeStart: false,
      },
    ],
    months: [
      {
        billingMonth: '2026-11',
        month: 'November 2026',
        status: 'paid',
        rent: 45_500,
        dueDate: '2026-11-01',
        agreementId: 'lease',
        paidAt: '2026-11-02T04:00:00.000Z',
        amount: 45_500,
        transactionId: 'OFF-1',
      },
    ],
    owedMonths: 0,
    owedAmount: 0,
    overdueMonths: 0,
  },
  transactions: [
    {
      _id: 'pay1',
      transactionId: 'OFF-1',
      userId: 'p1',
      date: '2026-11-02T04:00:00.000Z',
      billingMonth: '2026-11',
      month: 'November 2026',
      rent: 45_500,
      discount: 0,
      amount: 45_500,
      couponCode: null,
      currency: 'BDT',
      amountInMinorUnits: 4_550_000,
      rate: null,
      provider: 'offline',
      method: 'cash',
      reference: null,
      receivedOn: '2026-11-02',
      email: 'rahim@example.com',
      tenant: 'Rahim Uddin',
      floor: 6,
      blockName: 'A',
      apartmentNo: 'A-603',
    },
  ],
  deposits: [
    {
      agreementId: 'lease',
      agreed: 45_500,
      held: 0,
      entries: (['received', 'refunded'] as const).map((kind, index) => ({
        _id: `entry-${kind}`,
        agreementId: 'lease',
        kind,
        amount: 45_500,
        method: 'bank',
        reference: null,
        date: `2026-11-0${index + 1}`,
        recordedBy: 'admin',
        recordedAt: `2026-11-0${index + 1}T05:00:00.000Z`,
        undoes: null,
        reason: null,
      })),
      rentPaid: [],
    },
  ],
  charges: [
    {
      _id: 'charge1',
      description: 'Lost key',
      amount: 500,
      createdAt: '2026-11-20T12:00:00.000Z',
      apartmentNo: 'A-603',
      requestId: null,
      paid: {
        method: 'cash',
        reference: null,
        receivedOn: '2026-11-21',
        paidAt: '2026-11-21T06:00:00.000Z',
      },
      cancelled: null,
    },
  ],
});

function drawn(deleted: boolean) {
  state.account = account(deleted);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/dashboard/manage-members/p1']}>
        <Routes>
          <Route path="/dashboard/manage-members/:userId" element={<TenantAccount />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('TenantAccount (the admin’s rent account of a person)', () => {
  beforeEach(() => {
    state.account = undefined;
  });

  it('offers Undo on money recorded by hand, a new deposit entry and a new charge', () => {
    drawn(false);
    expect(screen.getByText('rahim@example.com · Former tenant')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Undo/ })).toHaveLength(4);
    expect(screen.getByRole('button', { name: 'Add a charge' })).toBeInTheDocument();
    expect(
      screen.getByRole('form', { name: 'Record a deposit entry for Apartment A-603' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(RENT_ACCOUNT_MESSAGES.deleted)).toBeNull();
  });

  it('of a deleted account, shows it all as it stands and says once why nothing can be done', () => {
    drawn(true);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Deleted account: rent account',
    );
    // Its made-up address is not news to anyone.
    expect(screen.queryByText(/deleted\.invalid/)).toBeNull();
    expect(screen.getAllByText(RENT_ACCOUNT_MESSAGES.deleted)).toHaveLength(1);
    // Everything is still listed.
    expect(screen.getByText('November 2026 · 45,500 BDT')).toBeInTheDocument();
    expect(screen.getByText('Lost key')).toBeInTheDocument();
    expect(screen.getAllByText(/^(Received|Refunded) /)).toHaveLength(2);
    // But nothing offers what the server refuses.
    expect(screen.queryAllByRole('button', { name: /^Undo/ })).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Add a charge' })).toBeNull();
    expect(screen.queryByRole('form', { name: /Record a deposit entry/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Receipt for November 2026' })).toBeInTheDocument();
  });
});
