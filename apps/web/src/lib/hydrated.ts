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

/**
 * The props of a control drawn disabled only because the app is not running yet (a form sent
 * without it would go as a plain GET, a password in the address). The page's first script, which
 * holds a press until the app runs and then has the app do it (lib/first-use.ts), enables every
 * control so marked (`data-needs-app`): without scripts it stays disabled.
 */
export const untilApp = (hydrated: boolean) =>
  hydrated ? {} : { disabled: true, 'data-needs-app': '' };
