import type * as ReactToastify from 'react-toastify';
import type { Id, ToastContent, ToastOptions, TypeOptions, UpdateOptions } from 'react-toastify';

/**
 * The app's toasts: react-toastify's `toast`, loaded the first time a toast is shown rather than
 * with the page (it is 8.5 KB of script, brotli, that no page needs before something has
 * happened). A toast is given its id here, so the id is known at once, as react-toastify's own
 * calls return it. Until react-toastify has arrived and its container is on the page
 * (`ToastHost`, lib/toast-host.tsx, mounts it and then calls `containerReady`), toasts wait here.
 */
type Toastify = typeof ReactToastify;

/** The module, once fetched: `ToastHost` then mounts its container. */
let arrived: Toastify | undefined;
/** The module, once its container is on the page: toasts go straight to it. */
let ready: Toastify | undefined;
let loading: Promise<void> | undefined;
const onArrival = new Set<() => void>();
/**
 * Toasts asked for before the container was ready, by id, in the order asked: an update or a
 * dismissal meanwhile changes or drops the waiting toast, as react-toastify would change or close
 * one shown.
 */
const waiting = new Map<Id, { content: ToastContent; options: ToastOptions & { toastId: Id } }>();
let lastId = 0;

/** Fetches react-toastify once; a fetch that fails is tried again by the next toast. */
function loadToasts(): void {
  loading ??= import('react-toastify').then(
    (module) => {
      arrived = module;
      for (const listener of onArrival) listener();
    },
    () => {
      // The script could not be fetched (the network dropped, or a deploy replaced it): the
      // toasts that waited for it are lost, not the next ones.
      loading = undefined;
      waiting.clear();
    },
  );
}

/** The module, once it has arrived (`ToastHost` renders nothing until then). */
export function toastsArrived(): Toastify | undefined {
  return arrived;
}

/** Calls `listener` once the module has arrived; returns the unsubscribe. */
export function onToastsArrived(listener: () => void): () => void {
  onArrival.add(listener);
  return () => onArrival.delete(listener);
}

/**
 * The container is on the page and listening (`ToastHost`): the waiting toasts are shown, and
 * the next go straight to it. Not before: a toast handed to react-toastify with no container
 * waits in its queue, and React's development mode mounts a container twice, the first taking the
 * queue with it.
 */
export function containerReady(): void {
  if (!arrived || ready) return;
  ready = arrived;
  for (const { content, options } of waiting.values()) ready.toast(content, options);
  waiting.clear();
}

function show(type: TypeOptions, content: ToastContent, options: ToastOptions = {}): Id {
  const toastId = options.toastId ?? `toast-${++lastId}`;
  if (ready) return ready.toast(content, { ...options, type, toastId });
  waiting.set(toastId, { content, options: { ...options, type, toastId } });
  loadToasts();
  return toastId;
}

export const toast = Object.assign(
  (content: ToastContent, options?: ToastOptions) => show('default', content, options),
  {
    success: (content: ToastContent, options?: ToastOptions) => show('success', content, options),
    error: (content: ToastContent, options?: ToastOptions) => show('error', content, options),
    info: (content: ToastContent, options?: ToastOptions) => show('info', content, options),
    isActive: (id: Id): boolean => (ready ? ready.toast.isActive(id) : waiting.has(id)),
    update: (id: Id, { render, ...options }: UpdateOptions): void => {
      if (ready) {
        ready.toast.update(id, { render, ...options });
        return;
      }
      const toast = waiting.get(id);
      if (!toast) return;
      toast.content = render ?? toast.content;
      Object.assign(toast.options, options, { toastId: id });
    },
    dismiss: (id?: Id): void => {
      if (ready) ready.toast.dismiss(id);
      else if (id === undefined) waiting.clear();
      else waiting.delete(id);
    },
  },
);

export type { Id, ToastContent, ToastOptions };
