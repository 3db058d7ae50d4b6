import { TOASTS } from '@structomate/contract';
import { useEffect, useSyncExternalStore } from 'react';
import { containerReady, onToastsArrived, toastsArrived } from './toast';

/**
 * The toasts' container, put on the page once the first toast has fetched react-toastify
 * (lib/toast.ts); until then, and on the server, nothing. The toasts asked for meanwhile wait in
 * lib/toast.ts and are handed over once the container listens.
 */
export function ToastHost() {
  const toastify = useSyncExternalStore(onToastsArrived, toastsArrived, () => undefined);
  useEffect(() => {
    if (!toastify) return;
    // After the container has subscribed: in development React mounts its effects twice, and a
    // toast handed over in between would leave with the first subscription.
    const timer = setTimeout(containerReady, 0);
    return () => clearTimeout(timer);
  }, [toastify]);
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
