import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CouponBanner } from './coupon-banner';

function renderWith(answer: (input: RequestInfo | URL) => Promise<Response>) {
  vi.stubGlobal('fetch', vi.fn(answer));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CouponBanner />
    </QueryClientProvider>,
  );
}

/** A day the launch offer (valid until February 5, 2025) still runs. */
const whileTheLaunchOfferRuns = () =>
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(2025, 1, 1, 10, 0) });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('CouponBanner', () => {
  it('shows the launch offer of the spec when no coupon is featured', async () => {
    whileTheLaunchOfferRuns();
    renderWith(async () => Response.json({ result: null }));
    const copy = screen.getByRole('button', { name: 'Copy coupon code STRUCTO25' });
    await waitFor(() => expect(copy).toBeEnabled());
    const banner = screen.getByRole('complementary', { name: 'Special Offer!' });
    expect(banner).toHaveTextContent('25% OFF on first month rent');
    expect(banner).toHaveTextContent('Valid until February 5, 2025');
    expect(banner).toHaveAttribute('aria-busy', 'false');
  });

  it.each([
    { at: new Date(2025, 1, 5, 23, 0), ended: false },
    { at: new Date(2025, 1, 6, 0, 30), ended: true },
  ])('marks the launch offer "Ended" only after its last day ($at)', async ({ at, ended }) => {
    vi.useFakeTimers({ toFake: ['Date'], now: at });
    try {
      renderWith(async () => Response.json({ result: null }));
      const banner = await screen.findByRole('complementary', { name: 'Special Offer!' });
      await waitFor(() => expect(banner).toHaveAttribute('aria-busy', 'false'));
      expect(banner).toHaveTextContent('Valid until February 5, 2025');
      expect(banner.textContent?.includes('Ended')).toBe(ended);
      expect(banner.textContent?.includes('This offer has ended')).toBe(ended);
      expect(banner.textContent?.includes('Use the code when you pay your first rent')).toBe(
        !ended,
      );
      // An ended code is not offered for copying.
      expect(screen.queryByRole('button', { name: 'Copy coupon code STRUCTO25' }) !== null).toBe(
        !ended,
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the featured coupon with its own code, percentage and validity', async () => {
    renderWith(async () =>
      Response.json({
        result: {
          heading: 'Winter Deal',
          description: 'Cosy months, lower rent',
          code: 'WINTER15',
          percentage: 15,
          validity: '2026-12-31',
        },
      }),
    );
    await screen.findByRole('button', { name: 'Copy coupon code WINTER15' });
    const banner = screen.getByRole('complementary', { name: 'Winter Deal' });
    expect(banner).toHaveTextContent('15% OFF · Cosy months, lower rent');
    expect(banner).toHaveTextContent('Valid until December 31, 2026');
    expect(banner).not.toHaveTextContent('STRUCTO25');
  });

  it('keeps its size while loading and falls back to the launch offer when the load fails', async () => {
    whileTheLaunchOfferRuns();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let fail: (error: Error) => void = () => undefined;
    // Only the featured coupon's request hangs, then fails (the building's name answers at once).
    renderWith((input) =>
      String(input).includes('/coupons/featured')
        ? new Promise<Response>((_, reject) => (fail = reject))
        : Promise.resolve(Response.json({}, { status: 404 })),
    );
    const banner = screen.getByRole('complementary');
    expect(banner).toHaveAttribute('aria-busy', 'true');
    // The launch text holds the space under the skeleton; Copy waits for the real code.
    expect(screen.getByRole('button', { name: 'Copy coupon code STRUCTO25' })).toBeDisabled();
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    fail(new Error('offline'));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Copy coupon code STRUCTO25' })).toBeEnabled(),
    );
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
