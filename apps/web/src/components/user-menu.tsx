import type { SessionUser } from '@structomate/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from './avatar';

/**
 * Spec "Shared chrome": the avatar opens a menu with the name, Home (small screens only),
 * Dashboard and Logout. Escape, a click elsewhere or choosing an item closes it; Logout keeps it
 * open, busy, until the server has answered.
 */
export function UserMenu({
  user,
  signingOut,
  onLogout,
}: {
  user: SessionUser;
  signingOut: boolean;
  onLogout: () => Promise<void>;
}) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    root.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const moveFocus = (event: React.KeyboardEvent<HTMLUListElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const items = [
      ...(root.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []),
    ].filter((item) => item.offsetParent !== null);
    const index = items.indexOf(document.activeElement as HTMLElement);
    const next = event.key === 'ArrowDown' ? index + 1 : index - 1;
    items[(next + items.length) % items.length]?.focus();
  };

  const close = () => setOpen(false);
  const itemClass = 'rounded-field px-3 py-2 text-sm hover:bg-base-200 focus-visible:bg-base-200';

  return (
    <div ref={root} className="relative ml-1">
      <button
        ref={button}
        type="button"
        className="btn btn-ghost btn-circle"
        aria-label={`Account menu for ${user.displayName}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((shown) => !shown)}
      >
        <Avatar name={user.displayName} photoURL={user.photoURL} size={36} />
      </button>
      {open && (
        <div
          id={menuId}
          className="absolute right-0 z-50 mt-2 w-60 rounded-box border border-base-300 bg-base-100 p-2 shadow-lg"
        >
          <div className="border-b border-base-300 px-3 pb-2 pt-1">
            <p className="truncate font-semibold">{user.displayName}</p>
            <p className="truncate text-xs text-base-content/70">{user.email}</p>
          </div>
          <ul role="menu" aria-label="Account" className="mt-1 flex flex-col" onKeyDown={moveFocus}>
            <li role="none" className="sm:hidden">
              <Link role="menuitem" to="/" className={`block ${itemClass}`} onClick={close}>
                Home
              </Link>
            </li>
            <li role="none">
              <Link
                role="menuitem"
                to="/dashboard"
                className={`block ${itemClass}`}
                onClick={close}
              >
                Dashboard
              </Link>
            </li>
            <li role="none">
              {/* aria-disabled, not disabled: the item keeps the focus while the call runs. */}
              <button
                role="menuitem"
                type="button"
                className={`flex w-full items-center gap-2 text-left ${itemClass} ${
                  signingOut ? 'cursor-wait text-base-content/60' : ''
                }`}
                aria-disabled={signingOut}
                onClick={() => {
                  if (signingOut) return;
                  void onLogout().then(() => {
                    // Signed out, the menu is gone; still signed in, a toast says why.
                    close();
                    button.current?.focus();
                  });
                }}
              >
                Logout
                {signingOut && (
                  <span className="loading loading-spinner loading-xs" aria-hidden="true" />
                )}
              </button>
            </li>
          </ul>
        </div>
      )}
    </div>
  );
}
