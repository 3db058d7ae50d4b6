import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

describe('a toast whose script cannot be fetched', () => {
  it('is lost alone: the next toast fetches it again and shows', async () => {
    vi.doMock('react-toastify', () => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    const { toast, toastsArrived } = await import('./toast');
    const { ToastHost } = await import('./toast-host');
    render(<ToastHost />);
    const lost = toast.error('Logout failed.');
    expect(toast.isActive(lost)).toBe(true);
    // The fetch fails: the toast that waited for it is dropped, not kept as active for ever.
    await waitFor(() => expect(toast.isActive(lost)).toBe(false));
    expect(toastsArrived()).toBeUndefined();

    vi.doUnmock('react-toastify');
    toast.error('Invalid email/password');
    expect(await screen.findByText('Invalid email/password')).toBeTruthy();
    expect(screen.queryByText('Logout failed.')).toBeNull();
  });
});
