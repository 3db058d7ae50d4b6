import { toast, type Id, type ToastContent, type ToastOptions } from './toast';

/** The toast each slot (a form, an action) shows now. */
const shown = new Map<string, Id>();

/**
 * An error toast that replaces the one its slot showed last instead of stacking another: five
 * wrong passwords make one toast, and the server's throttle message takes its place rather than
 * waiting behind the toast limit. Updating restarts the toast's timer.
 */
export function errorToast(slot: string, content: ToastContent, options: ToastOptions = {}): Id {
  const previous = shown.get(slot);
  if (previous !== undefined && toast.isActive(previous)) {
    toast.update(previous, { ...options, render: content, type: 'error' });
    return previous;
  }
  // A toast on its way out cannot be updated; a new one (with a new id) follows it.
  const id = toast.error(content, options);
  shown.set(slot, id);
  return id;
}

/** Closes the slot's error toast, once what it said no longer holds. */
export function dismissErrorToast(slot: string): void {
  const id = shown.get(slot);
  if (id !== undefined) toast.dismiss(id);
  shown.delete(slot);
}
