import type { ButtonHTMLAttributes, MouseEvent } from 'react';

type BusyButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  /** The button's own request is running: it refuses presses and shows a spinner. */
  busy: boolean;
};

/**
 * A button that waits for its own request. While `busy` it is `aria-disabled`, not `disabled`:
 * a disabled button loses the keyboard focus (the browser moves it to the page's body), so a
 * keyboard user who pressed Save would have to find their place again after every answer, an
 * error included. Busy, it keeps the focus, looks disabled (daisyUI draws `aria-disabled` as it
 * draws `disabled`), is announced as unavailable, and a press, Enter in one of its form's fields
 * (which presses the form's submit button) included, does nothing. `disabled` stays for a button
 * that cannot be used for another reason (nothing to save, a form not filled in).
 */
export function BusyButton({ busy, onClick, children, ...rest }: BusyButtonProps) {
  return (
    <button
      type="button"
      {...rest}
      aria-disabled={busy || undefined}
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        if (busy) {
          // A submit button's press would submit its form: that is refused too.
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
    >
      {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
      {children}
    </button>
  );
}
