import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GoogleButton } from './google-button';

function renderWithSite(googleSignIn: boolean) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      Response.json({
        mapAddress: 'x',
        mapEmbedUrl: 'https://maps.example/x',
        googleSignIn,
        lease: { startDate: '2025-02-01', endDate: '2026-01-31', parkingSpot: '12' },
      }),
    ),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <GoogleButton returnTo="/apartment/42?x=1" />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('GoogleButton', () => {
  it('says sign-in with Google is not configured when the server has no Google client', async () => {
    renderWithSite(false);
    const button = await screen.findByRole('button', {
      name: 'Sign-in with Google is not configured',
    });
    expect(button).toBeDisabled();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('starts the server flow, asking to come back to the same page', async () => {
    renderWithSite(true);
    const link = await screen.findByRole('link', { name: 'Continue with Google' });
    expect(link).toHaveAttribute(
      'href',
      '/api/auth/google/start?returnTo=%2Fapartment%2F42%3Fx%3D1',
    );
  });
});
