import type { PaymentIntentResponse } from '@structomate/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { siteConfig } from '../../../test/site-config';
import { PaymentModal } from './payment-modal';

const intent = (overrides: Partial<PaymentIntentResponse> = {}): PaymentIntentResponse => ({
  clientSecret: 'pi_sbx_1_secret_2',
  paymentIntentId: 'pi_sbx_1',
  provider: 'sandbox',
  billingMonth: '2026-11',
  monthLabel: 'November 2026',
  rent: 48_000,
  discount: 0,
  amount: 48_000,
  coupon: null,
  currency: 'bdt',
  amountInMinorUnits: 4_800_000,
  rate: null,
  ...overrides,
});

function renderModal(answer: PaymentIntentResponse) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json(answer)),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PaymentModal
        month={{ billingMonth: '2026-11', month: 'November 2026', rent: 48_000 }}
        email="member@structo.com"
        payments={siteConfig().payments}
        onClose={() => undefined}
      />
    </QueryClientProvider>,
  );
}

beforeAll(() => {
  // jsdom draws no modal dialogs; opening one is all the modal needs here.
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
});
afterEach(() => vi.unstubAllGlobals());

describe('PaymentModal', () => {
  it('shows the rent in taka and, charging taka, no second currency', async () => {
    renderModal(intent());
    const dialog = screen.getByRole('dialog', { name: 'Payment of November 2026 48,000 BDT' });
    expect(await within(dialog).findByTestId('amount-to-pay')).toHaveTextContent('48,000 BDT');
    expect(within(dialog).queryByTestId('card-charge')).toBeNull();
  });

  it('charging another currency, shows what the card is charged and at what rate', async () => {
    renderModal(intent({ currency: 'usd', amountInMinorUnits: 39_506, rate: '121.5' }));
    const dialog = screen.getByRole('dialog');
    expect(await within(dialog).findByTestId('card-charge')).toHaveTextContent('USD 395.06');
    expect(dialog).toHaveTextContent('at 121.5 BDT per USD');
    expect(within(dialog).getByTestId('amount-to-pay')).toHaveTextContent('48,000 BDT');
    expect(within(dialog).getByRole('button', { name: 'Pay 48,000 BDT' })).toBeInTheDocument();
  });
});
