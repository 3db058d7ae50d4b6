import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from './confirm-dialog';

/**
 * Asks before a form's changes that are not saved are left behind: a move to another page of the
 * app opens "Leave without saving?" (Stay, or Leave), and closing or reloading the tab gets the
 * browser's own question. `what` names the changes ("your email settings"). Saving, or undoing
 * the changes, clears `unsaved` and lets the person go.
 */
export function LeaveGuard({ unsaved, what }: { unsaved: boolean; what: string }) {
  // A change of the page only: the same page with another query or hash keeps the form.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsaved && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!unsaved) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    addEventListener('beforeunload', ask);
    return () => removeEventListener('beforeunload', ask);
  }, [unsaved]);

  // Saved meanwhile (a save that was running as the person clicked away): nothing to ask.
  useEffect(() => {
    if (blocker.state === 'blocked' && !unsaved) blocker.proceed();
  }, [blocker, unsaved]);

  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title="Leave without saving?"
      confirmLabel="Leave"
      dismissLabel="Stay"
      onConfirm={() => blocker.proceed?.()}
      onClose={() => blocker.reset?.()}
    >
      Your changes to {what} are not saved. Leave, and they are lost.
    </ConfirmDialog>
  );
}
