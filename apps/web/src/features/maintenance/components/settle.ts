/**
 * Follows a mutation to its end even when the form that started it is replaced meanwhile: the
 * request page re-keys its forms on each new version of the request, which arrives before the
 * mutation's own `mutate(…, { onSuccess })` callbacks would run (TanStack Query drops those once
 * the component that called them is gone), so the toast would never show.
 */
export async function settle<T>(
  running: Promise<T>,
  handlers: {
    onSuccess?: (value: T) => void;
    onError?: (error: unknown) => void;
    onSettled?: () => void;
  },
): Promise<void> {
  try {
    handlers.onSuccess?.(await running);
  } catch (error) {
    handlers.onError?.(error);
  } finally {
    handlers.onSettled?.();
  }
}
