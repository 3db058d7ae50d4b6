import { TOASTS } from '@structomate/contract';
import { useSyncExternalStore } from 'react';
import { onToastsLoaded, toastsLoaded } from '../lib/toast';

/**
 * The toasts' container, put on the page once the first toast has loaded react-toastify
 * (lib/toast.ts); until then, and on the server, nothing. The toasts asked for meanwhile wait in
 * react-toastify's queue and show as the container mounts.
 */
export function ToastHost() {
  const toastify = useSyncExternalStore(onToastsLoaded, toastsLoaded, () => undefined);
  if (!toastify) return null;
  const { ToastContainer, Slide } = toastify;
  return (
    <ToastContainer
      position="top-right"
      autoClose={TOASTS.autoCloseMs}
      limit={TOASTS.maxVisible}
      newestOnTop
      theme="light"
      transition={Slide}
    />
  );
}
