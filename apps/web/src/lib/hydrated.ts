import { useSyncExternalStore } from 'react';

const nothingToWatch = () => () => {};

/**
 * False on the server and while the browser takes over a page the server drew; true once the
 * page's handlers are attached (at once for a page the browser draws itself). A control whose
 * work needs the script waits for it: a form sent before then would go without the script's
 * checks, as a plain GET with its fields (a password) in the address.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    nothingToWatch,
    () => true,
    () => false,
  );
