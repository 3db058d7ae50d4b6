import { createBrowserRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { keyHistoryEntry } from './history-entry-key';

describe('keyHistoryEntry', () => {
  beforeEach(() => window.history.replaceState(null, '', '/authentiction'));

  it('gives an entry opened by its address a key, which the router then uses', () => {
    keyHistoryEntry(window.history, () => 'entry-1');
    const router = createBrowserRouter([{ path: '*', element: null }]);
    // Without it, every such entry is "default" and shares one saved scroll position.
    expect(router.state.location.key).toBe('entry-1');
    expect(router.state.location.pathname).toBe('/authentiction');
    router.dispose();
  });

  it('keeps the key an entry already has, and the rest of its state', () => {
    window.history.replaceState({ usr: { from: '/apartment' }, key: 'kept', idx: 3 }, '');
    keyHistoryEntry(window.history, () => 'new');
    expect(window.history.state).toEqual({ usr: { from: '/apartment' }, key: 'kept', idx: 3 });

    window.history.replaceState({ idx: 0 }, '');
    keyHistoryEntry(window.history, () => 'new');
    expect(window.history.state).toEqual({ idx: 0, key: 'new' });
  });
});
