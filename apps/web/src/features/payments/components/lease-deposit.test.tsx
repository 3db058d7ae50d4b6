import type { DepositEntry, LeaseDeposit as Deposit } from '@structomate/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { LeaseDeposit } from './lease-deposit';

const entry = (
  id: string,
  kind: DepositEntry['kind'],
  amount: number,
  date: string,
  undo?: { undoes: string; reason: string },
): DepositEntry => ({
  _id: id,
  agreementId: 'lease',
  kind,
  amount,
  method: 'bkash',
  reference: undo ? null : `BK ${id}`,
  date,
  recordedBy: 'admin',
  recordedAt: `${date}T05:00:00.000Z`,
  undoes: undo?.undoes ?? null,
  reason: undo?.reason ?? null,
});

function drawn(entries: DepositEntry[], held: number) {
  const deposit: Deposit = { agreementId: 'lease', agreed: 48_000, held, entries, rentPaid: [] };
  render(
    <QueryClientProvider client={new QueryClient()}>
      <LeaseDeposit
        userId="p1"
        tenant="Tanvir Hossain"
        deposit={deposit}
        leaseName="Apartment B-402"
        today="2026-12-06"
        onUndone={() => undefined}
      />
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

describe('LeaseDeposit', () => {
  it('offers Undo on each receipt and refund not undone yet, never on an undo', () => {
    const lines = drawn(
      [
        entry('r1', 'received', 48_000, '2026-11-02'),
        entry('f1', 'refunded', 5_000, '2026-12-05'),
        entry('u1', 'refund_undone', 5_000, '2026-12-06', {
          undoes: 'f1',
          reason: 'Typed on the wrong tenant',
        }),
        entry('r2', 'received', 2_000, '2026-12-06'),
        entry('u2', 'receipt_undone', 2_000, '2026-12-06', { undoes: 'r2', reason: 'Never came' }),
      ],
      48_000,
    );
    expect(lines).toEqual([
      'Received 2 Nov 2026bKash · ref BK r1+48,000 BDTUndo',
      'Refunded 5 Dec 2026bKash · ref BK f1 · undone 6 Dec 2026−5,000 BDT',
      'Refund undone 6 Dec 2026Recorded by mistake: Typed on the wrong tenant+5,000 BDT',
      'Received 6 Dec 2026bKash · ref BK r2 · undone 6 Dec 2026+2,000 BDT',
      'Receipt undone 6 Dec 2026Recorded by mistake: Never came−2,000 BDT',
    ]);
    expect(screen.getAllByRole('button', { name: /^Undo/ }).map((b) => b.ariaLabel)).toEqual([
      'Undo “Received 2 Nov 2026”, 48,000 BDT',
    ]);
  });

  it('says why a receipt whose money went out cannot be undone, asking no reason', () => {
    drawn(
      [entry('r1', 'received', 10_000, '2026-11-02'), entry('f1', 'refunded', 6_000, '2026-12-05')],
      4_000,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Undo “Received 2 Nov 2026”, 10,000 BDT' }));
    const dialog = screen.getByRole('dialog', { name: 'This receipt cannot be undone yet' });
    expect(dialog.textContent).toContain(
      '“Received 2 Nov 2026”: 10,000 BDT by bKash, ref BK r1. Only 4,000 BDT of the deposit is held now: undo what was given back or paid as rent from it first.',
    );
    expect(within(dialog).queryByLabelText('Reason')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Undo receipt' })).toBeNull();
    expect(within(dialog).getAllByRole('button', { name: 'Close' })).not.toHaveLength(0);
  });
});
