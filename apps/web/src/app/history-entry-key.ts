const newKey = () => Math.random().toString(36).slice(2, 10);

/**
 * Gives the browser's current history entry a key of its own when it has none, before the router
 * reads it.
 *
 * `<ScrollRestoration />` keeps scroll positions by `location.key`, which React Router reads
 * from `history.state.key`. An entry the router did not create (a page opened by typing its
 * address or by a link from elsewhere, or a reload of one) has none and reads "default", so all
 * such pages in a tab shared one saved position: the login form, opened by its address, opened
 * where the home page had been scrolled to. The key the router would have written gives the entry
 * its own position; kept in the entry, it still finds it after a reload or a Back from another site.
 */
export function keyHistoryEntry(history: History = window.history, createKey = newKey): void {
  const state: unknown = history.state;
  const current = state !== null && typeof state === 'object' ? state : {};
  if ('key' in current && typeof current.key === 'string' && current.key !== '') return;
  history.replaceState({ ...current, key: createKey() }, '');
}
