import { act, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { ToastHost } from './toast-host';
import { toast, toastsArrived } from './toast';

// One module for the file: the first test runs before react-toastify has been loaded.
describe('toast (react-toastify loaded with the first toast)', () => {
  it('holds toasts until the module arrives, then shows those still wanted, as last updated', async () => {
    // As the app runs in development: React mounts the container's subscription twice.
    render(
      <StrictMode>
        <ToastHost />
      </StrictMode>,
    );
    expect(toastsArrived()).toBeUndefined();
    let dropped = '';
    act(() => {
      dropped = String(toast.error('Lease request failed.'));
      const kept = toast.error('Invalid email/password');
      expect(toast.isActive(kept)).toBe(true);
      toast.update(kept, { render: 'Too many failed logins. Try again in 15 minutes.' });
      toast.dismiss(dropped);
    });
    expect(
      await screen.findByText('Too many failed logins. Try again in 15 minutes.'),
    ).toBeTruthy();
    expect(toastsArrived()).toBeDefined();
    expect(toast.isActive(dropped)).toBe(false);
    expect(screen.queryByText('Lease request failed.')).toBeNull();
    expect(screen.queryByText('Invalid email/password')).toBeNull();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('shows a toast at once once the module is here, under the id it returned', async () => {
    render(<ToastHost />);
    let id = '';
    act(() => {
      id = String(toast.success('Announcement posted', { toastId: 'posted' }));
    });
    expect(id).toBe('posted');
    expect(await screen.findByText('Announcement posted')).toBeTruthy();
    expect(toast.isActive('posted')).toBe(true);
  });
});
