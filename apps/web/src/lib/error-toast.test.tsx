import { act, render, screen, waitFor } from '@testing-library/react';
import { ToastHost } from './toast-host';
import { describe, expect, it } from 'vitest';
import { dismissErrorToast, errorToast } from './error-toast';

const toasts = () => screen.queryAllByRole('alert');

describe('errorToast', () => {
  it('replaces the slot’s toast instead of stacking one per failure', async () => {
    render(<ToastHost />);
    act(() => {
      for (let i = 0; i < 5; i += 1) errorToast('login', 'Invalid email/password');
    });
    await waitFor(() => expect(toasts()).toHaveLength(1));
    act(() => {
      errorToast('login', 'Too many failed logins. Try again in 15 minutes.');
    });
    await waitFor(() =>
      expect(toasts().map((toast) => toast.textContent)).toEqual([
        'Too many failed logins. Try again in 15 minutes.',
      ]),
    );
  });

  it('keeps other slots’ toasts, and dismisses its own', async () => {
    render(<ToastHost />);
    act(() => {
      errorToast('register', "Can't Register");
      errorToast('logout', 'Logout failed.');
    });
    await waitFor(() => expect(toasts()).toHaveLength(2));
    act(() => dismissErrorToast('register'));
    await waitFor(() =>
      expect(toasts().map((toast) => toast.textContent)).toEqual(['Logout failed.']),
    );
  });
});
