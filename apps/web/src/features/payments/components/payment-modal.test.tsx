import type { PaymentIntentResponse } from '@structomate/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

/** The modal over a server that answers every request with `answer`, or as `answer` says. */
function renderModal(
  answer: PaymentIntentResponse | ((body: unknown) => Response | Promise<Response>),
) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) =>
      typeof answer === 'function'
        ? answer(JSON.parse(typeof init?.body === 'string' ? init.body : '{}'))
        : Response.json(answer),
    ),
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

  it('takes a verdict away once it no longer holds: the card’s when a coupon changes the amount, a refused code’s on Pay', async () => {
    const user = userEvent.setup();
    // The server: a payment without a coupon, 10 % off with SAVE10, any other code refused; an
    // answer waits while `held` is pending.
    let held: Promise<void> = Promise.resolve();
    renderModal(async (body) => {
      await held;
      const { coupon } = body as { coupon?: string };
      if (coupon === 'NOPE') {
        return Response.json(
          { error: { code: 'NOT_FOUND', message: 'This coupon code does not exist.' } },
          { status: 404 },
        );
      }
      return Response.json(
        coupon === 'SAVE10'
          ? intent({
              coupon: { code: 'SAVE10', percentage: 10 },
              discount: 4_800,
              amount: 43_200,
              amountInMinorUnits: 4_320_000,
            })
          : intent(),
      );
    });
    const dialog = screen.getByRole('dialog');
    const pay = await within(dialog).findByRole('button', { name: 'Pay 48,000 BDT' });
    const code = within(dialog).getByLabelText('Coupon code (optional)');
    const cardError = 'Your card number is incomplete.';
    const refused = 'This coupon code does not exist.';

    await user.click(pay);
    expect(await within(dialog).findByText(cardError)).toBeInTheDocument();
    // A refused code changes no amount: the card's verdict stays.
    await user.type(code, 'nope');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await within(dialog).findByText(refused)).toBeInTheDocument();
    expect(within(dialog).getByText(cardError)).toBeInTheDocument();
    // Paying goes ahead without the refused code: it leaves the box with its verdict.
    await user.click(pay);
    await waitFor(() => expect(within(dialog).queryByText(refused)).toBeNull());
    expect(code).toHaveValue('');
    expect(await within(dialog).findByText(cardError)).toBeInTheDocument();

    // A code that applies changes the amount: the card's verdict goes.
    await user.type(code, 'save10');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    const discounted = await within(dialog).findByRole('button', { name: 'Pay 43,200 BDT' });
    expect(within(dialog).queryByText(cardError)).toBeNull();
    await user.click(discounted);
    expect(await within(dialog).findByText(cardError)).toBeInTheDocument();
    // Applying the same code again changes nothing: the verdict stays.
    // While the server answers, Apply waits (aria-disabled) with the focus; then it is ready again.
    const apply = within(dialog).getByRole('button', { name: 'Apply' });
    let release = () => undefined as void;
    held = new Promise((resolve) => (release = resolve));
    await user.click(apply);
    await waitFor(() => expect(apply).toHaveAttribute('aria-disabled', 'true'));
    expect(apply).toHaveFocus();
    release();
    await waitFor(() => expect(apply).not.toHaveAttribute('aria-disabled'));
    expect(within(dialog).getByText(cardError)).toBeInTheDocument();
    // So does removing it.
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await within(dialog).findByRole('button', { name: 'Pay 48,000 BDT' });
    expect(within(dialog).queryByText(cardError)).toBeNull();
  });
});
