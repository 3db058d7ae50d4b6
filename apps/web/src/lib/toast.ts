import type * as ReactToastify from 'react-toastify';
import type { Id, ToastContent, ToastOptions, TypeOptions, UpdateOptions } from 'react-toastify';

/**
 * The app's toasts: react-toastify's `toast`, loaded the first time a toast is shown rather than
 * with the page (it is 8.5 KB of script, brotli, that no page needs before something has
 * happened). A toast is given its id here, so the id is known at once, as react-toastify's own
 * calls return it; react-toastify queues a toast shown before its container is on the page and
 * shows it once the container is (`ToastHost`, root-layout.tsx, mounts it when the module
 * arrives).
 */
type Toastify = typeof ReactToastify;

let loaded: Toastify | undefined;
let loading: Promise<Toastify> | undefined;
const onLoad = new Set<() => void>();
/**
 * Toasts asked for before the module arrived, by id, in the order asked: an update or a dismissal
 * meanwhile changes or drops the waiting toast, as react-toastify would change or close one shown.
 */
const waiting = new Map<Id, { content: ToastContent; options: ToastOptions & { toastId: Id } }>();
let lastId = 0;

/** Loads react-toastify once, then shows the toasts that waited for it. */
export function loadToasts(): Promise<Toastify> {
  loading ??= import('react-toastify').then((module) => {
    loaded = module;
    for (const { content, options } of waiting.values()) module.toast(content, options);
    waiting.clear();
    for (const listener of onLoad) listener();
    return module;
  });
  return loading;
}

/** The module, once it has arrived (`ToastHost` renders nothing until then). */
export function toastsLoaded(): Toastify | undefined {
  return loaded;
}

/** Calls `listener` once the module has arrived; returns the unsubscribe. */
export function onToastsLoaded(listener: () => void): () => void {
  onLoad.add(listener);
  return () => onLoad.delete(listener);
}

function show(type: TypeOptions, content: ToastContent, options: ToastOptions = {}): Id {
  const toastId = options.toastId ?? `toast-${++lastId}`;
  if (loaded) return loaded.toast(content, { ...options, type, toastId });
  waiting.set(toastId, { content, options: { ...options, type, toastId } });
  loadToasts().catch(() => {
    // The script could not be fetched (the network dropped): the toast is lost, not the page.
  });
  return toastId;
}

export const toast = Object.assign(
  (content: ToastContent, options?: ToastOptions) => show('default', content, options),
  {
    success: (content: ToastContent, options?: ToastOptions) => show('success', content, options),
    error: (content: ToastContent, options?: ToastOptions) => show('error', content, options),
    info: (content: ToastContent, options?: ToastOptions) => show('info', content, options),
    isActive: (id: Id): boolean => (loaded ? loaded.toast.isActive(id) : waiting.has(id)),
    update: (id: Id, { render, ...options }: UpdateOptions): void => {
      if (loaded) {
        loaded.toast.update(id, { render, ...options });
        return;
      }
      const toast = waiting.get(id);
      if (!toast) return;
      toast.content = render ?? toast.content;
      Object.assign(toast.options, options, { toastId: id });
    },
    dismiss: (id?: Id): void => {
      if (loaded) loaded.toast.dismiss(id);
      else if (id === undefined) waiting.clear();
      else waiting.delete(id);
    },
  },
);

export type { Id, ToastContent, ToastOptions };
