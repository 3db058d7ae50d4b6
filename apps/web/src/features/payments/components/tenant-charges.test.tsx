import type { Charge } from '@structomate/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { TenantCharges } from './tenant-charges';

const charge = (id: string, amount: number, state: Partial<Charge> = {}): Charge => ({
  _id: id,
  description: `Repair #${id} — Parts: Basin`,
  amount,
  createdAt: '2026-12-01T05:00:00.000Z',
  apartmentNo: 'B-402',
  requestId: null,
  paid: null,
  cancelled: null,
  ...state,
});

function drawn(charges: Charge[]) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <TenantCharges charges={charges} today="2026-12-06" tenant="Tanvir Hossain" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return within(screen.getByRole('list'))
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
        cancelled: { at: '2026-12-02T06:00:00.000Z', reason: 'Typed 12,500 for 1,250' },
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
      screen.getAllByRole('button', { name: /^Cancel the charge/ }).map((b) => b.ariaLabel),
    ).toEqual(['Cancel the charge Repair #12 — Parts: Basin']);
  });

  it('asks why, in the cancel’s own words, before cancelling', () => {
    drawn([charge('12', 1_250)]);
    fireEvent.click(
      screen.getByRole('button', { name: 'Cancel the charge Repair #12 — Parts: Basin' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Cancel this charge?' });
    expect(dialog.textContent).toContain(
      '“Repair #12 — Parts: Basin”: 1,250 BDT, charged 01 Dec, 2026. Cancelled, it is not owed, for good.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel charge' }));
    expect(within(dialog).getByText('Say why the charge is cancelled')).toBeTruthy();
    expect(within(dialog).getByLabelText('Reason').getAttribute('aria-invalid')).toBe('true');
  });
});
