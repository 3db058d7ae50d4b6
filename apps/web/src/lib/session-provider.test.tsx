import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastHost } from './toast-host';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOGOUT_FAILED, useSession } from './session';
import { SessionProvider } from './session-provider';

const ada = {
  _id: 'u1',
  email: 'ada@example.com',
  displayName: 'Ada Lovelace',
  photoURL: null,
  role: 'user',
  formerTenant: false,
};

/** How each POST /api/logout ends: a network failure, or the server's answer. */
let logoutOutcomes: (() => Promise<Response>)[] = [];
let releaseLogout: () => void = () => undefined;

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      if (input === '/api/session') return Response.json({ user: ada });
      if (input === '/api/logout' && init?.method === 'POST') {
        const outcome = logoutOutcomes.shift();
        if (outcome) return outcome();
      }
      throw new Error(`unexpected ${input}`);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const unreachable = () => Promise.reject(new TypeError('Failed to fetch'));
/** An answer that waits until the test releases it. */
const held = () =>
  new Promise<Response>((resolve) => {
    releaseLogout = () => resolve(Response.json({ ok: true }));
  });

function Who({ onSignedOut }: { onSignedOut: () => void }) {
  const { user, logout, signingOut } = useSession();
  return (
    <>
      <p>{user ? `Signed in as ${user.displayName}` : 'Signed out'}</p>
      <button type="button" onClick={() => void logout(onSignedOut)}>
        Logout{signingOut ? ' (busy)' : ''}
      </button>
    </>
  );
}

function renderSession(onSignedOut = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SessionProvider>
        <Who onSignedOut={onSignedOut} />
        <ToastHost />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return onSignedOut;
}

const toast = () => document.querySelector('.Toastify [role="alert"]');

describe('SessionProvider logout', () => {
  it('stays signed in when the server cannot be reached, says so, and Retry signs out', async () => {
    logoutOutcomes = [unreachable, held];
    const onSignedOut = renderSession();
    const user = userEvent.setup();
    await screen.findByText('Signed in as Ada Lovelace');

    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(toast()).toHaveTextContent(LOGOUT_FAILED));
    // The cookie may still work: the page must not pretend otherwise.
    expect(screen.getByText('Signed in as Ada Lovelace')).toBeInTheDocument();
    expect(onSignedOut).not.toHaveBeenCalled();

    const retry = screen.getByRole('button', { name: 'Retry' });
    await user.click(retry);
    // Busy while the second call runs.
    await screen.findByRole('button', { name: 'Logout (busy)' });
    expect(retry).toHaveAttribute('aria-disabled', 'true');
    releaseLogout();
    await screen.findByText('Signed out');
    expect(onSignedOut).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(toast()).toBeNull());
  });

  it('signs out on the server’s answer, once however often Logout is pressed', async () => {
    logoutOutcomes = [held];
    const onSignedOut = renderSession();
    const user = userEvent.setup();
    await screen.findByText('Signed in as Ada Lovelace');
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await user.click(screen.getByRole('button', { name: 'Logout (busy)' }));
    releaseLogout();
    await screen.findByText('Signed out');
    expect(onSignedOut).toHaveBeenCalledTimes(1);
    expect(vi.mocked(fetch).mock.calls.filter(([path]) => path === '/api/logout')).toHaveLength(1);
    expect(toast()).toBeNull();
  });

  it('keeps one failure toast however often the call fails', async () => {
    logoutOutcomes = [unreachable, () => Promise.resolve(Response.json({}, { status: 503 }))];
    renderSession();
    const user = userEvent.setup();
    await screen.findByText('Signed in as Ada Lovelace');
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(toast()).toHaveTextContent(LOGOUT_FAILED));
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalledTimes(3));
    await waitFor(() => expect(toast()).toHaveTextContent(LOGOUT_FAILED));
    expect(document.querySelectorAll('.Toastify [role="alert"]')).toHaveLength(1);
    expect(screen.getByText('Signed in as Ada Lovelace')).toBeInTheDocument();
  });
});
