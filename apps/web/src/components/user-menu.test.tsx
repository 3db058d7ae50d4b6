import type { SessionUser } from '@structomate/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { UserMenu } from './user-menu';

const ada: SessionUser = {
  _id: 'u1',
  email: 'ada@example.com',
  displayName: 'Ada Lovelace',
  photoURL: null,
  role: 'user',
  formerTenant: false,
};

function renderMenu(signingOut: boolean, onLogout: () => Promise<void>) {
  const view = render(
    <MemoryRouter>
      <UserMenu user={ada} signingOut={signingOut} onLogout={onLogout} />
    </MemoryRouter>,
  );
  return (busy: boolean) =>
    view.rerender(
      <MemoryRouter>
        <UserMenu user={ada} signingOut={busy} onLogout={onLogout} />
      </MemoryRouter>,
    );
}

describe('UserMenu Logout', () => {
  it('stays open and busy while the call runs, then closes and returns the focus', async () => {
    let finish: () => void = () => undefined;
    const onLogout = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    const setBusy = renderMenu(false, onLogout);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Account menu for Ada Lovelace' }));
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));
    setBusy(true);

    const logout = screen.getByRole('menuitem', { name: 'Logout' });
    expect(logout).toHaveAttribute('aria-disabled', 'true');
    expect(logout.querySelector('.loading-spinner')).not.toBeNull();
    // A second press while busy sends nothing.
    await user.click(logout);
    expect(onLogout).toHaveBeenCalledTimes(1);

    // Still signed in (the call failed): the menu closes, the focus goes back to its button.
    setBusy(false);
    finish();
    await vi.waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(screen.getByRole('button', { name: 'Account menu for Ada Lovelace' })).toHaveFocus();
  });
});
