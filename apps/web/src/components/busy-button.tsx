import type { ButtonHTMLAttributes, MouseEvent } from 'react';

type BusyButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  /** The button's own request is running: it refuses presses and shows a spinner. */
  busy: boolean;
  /**
   * Nothing to do for now (nothing changed since the last save): it refuses presses as while
   * busy, without the spinner, and so keeps the focus it has when its save succeeds.
   */
  unavailable?: boolean;
};

/**
 * A button that waits for its own request. While `busy` it is `aria-disabled`, not `disabled`:
 * a disabled button loses the keyboard focus (the browser moves it to the page's body), so a
 * keyboard user who pressed Save would have to find their place again after every answer, an
 * error included. Busy, it keeps the focus, looks disabled (daisyUI draws `aria-disabled` as it
 * draws `disabled`), is announced as unavailable, and a press, Enter in one of its form's fields
 * (which presses the form's submit button) included, does nothing. `disabled` stays for a button
 * that must not take the focus or a press at all (the page not yet taken over by the app, whose
 * form would otherwise be sent by the browser itself; a photo still uploading).
 */
export function BusyButton({
  busy,
  unavailable = false,
  onClick,
  children,
  ...rest
}: BusyButtonProps) {
  const small = /\bbtn-(xs|sm)\b/.test(rest.className ?? '');
  return (
    <button
      type="button"
      {...rest}
      aria-disabled={busy || unavailable || undefined}
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        if (busy || unavailable) {
          // A submit button's press would submit its form: that is refused too.
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
    >
      {busy && (
        <span
          className={`loading loading-spinner ${small ? 'loading-xs' : 'loading-sm'}`}
          aria-hidden="true"
        />
      )}
      {children}
    </button>
  );
}
