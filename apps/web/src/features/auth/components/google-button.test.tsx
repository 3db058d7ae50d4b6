import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { siteConfig } from '../../../test/site-config';
import { GoogleButton } from './google-button';

function renderWithSite(googleSignIn: boolean) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json(siteConfig({ googleSignIn }))),
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
      name: 'Google sign-in is not configured',
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
