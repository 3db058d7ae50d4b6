import { useEffect, useId, useRef, type ReactNode } from 'react';
import { BusyButton } from './busy-button';

/**
 * Asks before something that cannot be undone: a modal with the question, what will happen, and
 * Cancel or the action; or, when the action cannot be taken, why and a way on (`tone="primary"`),
 * or why alone (no `confirmLabel`: the dismiss button only). Open while `open`; Escape, Cancel or
 * the backdrop call `onClose`.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  dismissLabel = 'Cancel',
  busy = false,
  tone = 'danger',
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  /** The action's button; none when the action cannot be taken (then `onConfirm` is not called). */
  confirmLabel?: string;
  /** The button that changes nothing, when "Cancel" would be ambiguous. */
  dismissLabel?: string;
  /** While the action runs: its button shows a spinner and waits. */
  busy?: boolean;
  /** `danger` for an action that takes something away (red); `primary` for a way on. */
  tone?: 'danger' | 'primary';
  onConfirm?: () => void;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return (
    <dialog
      ref={dialog}
      className="modal"
      aria-labelledby={titleId}
      aria-busy={busy || undefined}
      onClose={onClose}
      // While the action runs, Escape does not close it: its outcome is told here.
      onCancel={(event) => {
        if (busy) event.preventDefault();
      }}
    >
      <div className="modal-box">
        <h2 id={titleId} className="text-lg font-semibold">
          {keepHyphenatedWhole(title)}
        </h2>
        <div className="mt-2 text-base-content/75">{children}</div>
        <div className="modal-action">
          <form method="dialog">
            <button type="submit" className="btn btn-ghost" disabled={busy}>
              {dismissLabel}
            </button>
          </form>
          {confirmLabel && (
            <BusyButton
              busy={busy}
              type="button"
              className={`btn ${tone === 'danger' ? 'btn-error' : 'btn-primary'}`}
              onClick={onConfirm}
            >
              {confirmLabel}
            </BusyButton>
          )}
        </div>
      </div>
      <form method="dialog" className="modal-backdrop">
        <button type="submit" tabIndex={-1} disabled={busy}>
          Close
        </button>
      </form>
    </dialog>
  );
}

/**
 * A short word with a hyphen (an apartment number, "C-801?") is kept on one line, not broken
 * after it; a longer one (a title someone typed) may still break, or it would widen the dialog.
 */
function keepHyphenatedWhole(title: string): ReactNode {
  return title.split(/(\S+-\S+)/).map((part, index) =>
    index % 2 === 1 && part.length <= 12 ? (
      <span key={index} className="whitespace-nowrap">
        {part}
      </span>
    ) : (
      part
    ),
  );
}
