import type { Charge } from '@structomate/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { TenantCharges } from './tenant-charges';

const charge = (id: string, amount: number, state: Partial<Charge> = {}): Charge => ({
  _id: id,
  description: `Repair #${id} — Parts: Basin`,
  amount,
  createdAt: '2026-12-01T12:00:00.000Z',
  apartmentNo: 'B-402',
  requestId: null,
  paid: null,
  cancelled: null,
  ...state,
});

const lease = (id: string, apartmentNo: string, status: 'accepted' | 'ended') => ({
  _id: id,
  status,
  apartmentNo,
  blockName: apartmentNo.slice(0, 1),
  floorNo: 4,
  rent: 48_000,
  firstMonth: '2026-01',
  lastMonth: null,
  endedAt: null,
  endsOn: null,
  endedBeforeStart: false,
});

function drawn(charges: Charge[], leases = [lease('l1', 'B-402', 'accepted')], deleted = false) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <TenantCharges
          charges={charges}
          today="2026-12-06"
          tenant="Tanvir Hossain"
          userId="p1"
          leases={leases}
          deleted={deleted}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return charges.length === 0
    ? []
    : within(screen.getByRole('list'))
        .getAllByRole('listitem')
        .map((item) => item.textContent);
}

beforeAll(() => {
  // jsdom has no modal dialogs: open is enough here.
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
});

describe('TenantCharges', () => {
  it('offers Cancel charge on owed charges only, and counts no cancelled one as owed', () => {
    const lines = drawn([
      charge('12', 1_250),
      charge('11', 12_500, {
        cancelled: { at: '2026-12-02T12:00:00.000Z', reason: 'Typed 12,500 for 1,250' },
      }),
      charge('10', 900, {
        paid: {
          method: 'cash',
          reference: null,
          receivedOn: '2026-12-03',
          paidAt: '2026-12-03T06:00:00.000Z',
        },
      }),
    ]);
    expect(screen.getByText('Owes 1,250 BDT')).toBeTruthy();
    expect(lines).toEqual([
      'Repair #12 — Parts: BasinCharged 01 Dec, 2026 · apartment B-402Owed1,250 BDTStatementCancel chargeRecord payment',
      'Repair #11 — Parts: BasinCancelled 02 Dec, 2026 · Typed 12,500 for 1,250Cancelled12,500 BDTStatement',
      'Repair #10 — Parts: BasinPaid by cash · received 3 Dec 2026Paid900 BDTReceiptUndo',
    ]);
    expect(
      screen.getAllByRole('button', { name: /^Cancel charge / }).map((b) => b.ariaLabel),
    ).toEqual(['Cancel charge Repair #12 — Parts: Basin']);
  });

  it('asks why, in the cancel’s own words, before cancelling', () => {
    drawn([charge('12', 1_250)]);
    fireEvent.click(
      screen.getByRole('button', { name: 'Cancel charge Repair #12 — Parts: Basin' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Cancel this charge?' });
    expect(dialog.textContent).toContain(
      '“Repair #12 — Parts: Basin”: 1,250 BDT, charged 01 Dec, 2026. Cancelled, it is not owed, for good.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel charge' }));
    expect(within(dialog).getByText('Say why the charge is cancelled')).toBeTruthy();
    expect(within(dialog).getByLabelText('Reason').getAttribute('aria-invalid')).toBe('true');
  });

  it('adds a charge on the running lease, or the one chosen, and checks it before sending', async () => {
    drawn([], [lease('l0', 'A-603', 'ended'), lease('l1', 'B-402', 'accepted')]);
    expect(screen.getByText(/^Nothing charged besides rent/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add a charge' }));
    const form = screen.getByRole('form', { name: 'Add a charge' });
    const leaseField = within(form).getByLabelText<HTMLSelectElement>('Lease');
    expect(leaseField.value).toBe('l1');
    // Focus moves into the form: the button that opened it is gone.
    expect(document.activeElement).toBe(leaseField);
    expect(Array.from(leaseField.options).map((option) => option.textContent)).toEqual([
      'Apartment A-603, from January 2026 (ended)',
      'Apartment B-402, from January 2026 (running)',
    ]);
    fireEvent.click(within(form).getByRole('button', { name: 'Add charge' }));
    expect(await within(form).findByText('Description is required')).toBeTruthy();
    expect(within(form).getByText('Enter the amount in BDT')).toBeTruthy();
    expect(within(form).getByLabelText('What it is for').getAttribute('aria-invalid')).toBe('true');
  });

  it('asks no lease when the tenant has one, and offers nothing without a lease', () => {
    drawn([]);
    fireEvent.click(screen.getByRole('button', { name: 'Add a charge' }));
    expect(screen.queryByLabelText('Lease')).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText('What it is for'));
    cleanup();
    drawn([], []);
    expect(screen.queryByRole('heading', { name: 'Other charges' })).toBeNull();
  });

  it('of a deleted account, lists what was charged with nothing to add, record or undo', () => {
    const lines = drawn(
      [
        charge('12', 1_250, {
          paid: {
            method: 'cash',
            reference: null,
            receivedOn: '2026-12-03',
            paidAt: '2026-12-03T06:00:00.000Z',
          },
        }),
      ],
      [lease('l1', 'B-402', 'ended')],
      true,
    );
    expect(lines).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Add a charge' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Undo the payment/ })).toBeNull();
    cleanup();
    // With nothing charged, that is said, not the hint at charges added here (the page says once
    // why nothing more can be).
    drawn([], [lease('l1', 'B-402', 'ended')], true);
    expect(screen.getByText('Nothing was charged besides rent.')).toBeInTheDocument();
    expect(screen.queryByText(/added here/)).toBeNull();
  });
});
