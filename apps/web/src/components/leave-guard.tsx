import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { anyUnsaved, useAnyUnsaved } from '../lib/unsaved-changes';
import { ConfirmDialog } from './confirm-dialog';

/**
 * Asks before changes that are not saved are left behind (`useUnsavedChanges`): a move to another
 * page of the app opens "Leave without saving?" (Stay, or Leave), and closing or reloading the
 * tab gets the browser's own question. Mounted once, around the pages that have such forms.
 */
export function LeaveGuard() {
  const unsaved = useAnyUnsaved();
  // A change of the page only: the same page with another query or hash keeps the forms.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      anyUnsaved() && currentLocation.pathname !== nextLocation.pathname,
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
      Changes on this page are not saved. Leave, and they are lost.
    </ConfirmDialog>
  );
}
