import { dehydrate, hydrate, QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient } from './query-client';
import { SESSION_QUERY_KEY } from './session';
import { takingOverWith, tookOver, type SsrState } from './ssr-state';

describe('createQueryClient', () => {
  it.each([401, 403])('asks who we are again after a %i', async (status) => {
    const client = createQueryClient();
    const whoAmI = vi.fn().mockResolvedValue({ user: null });
    await client.fetchQuery({ queryKey: SESSION_QUERY_KEY, queryFn: whoAmI, staleTime: 0 });
    const session = client.getQueryCache().find({ queryKey: SESSION_QUERY_KEY });
    expect(session?.state.isInvalidated).toBe(false);

    await expect(
      client.fetchQuery({
        queryKey: ['payments'],
        queryFn: () => Promise.reject(new ApiError(status, 'no')),
        retry: false,
      }),
    ).rejects.toThrow('no');
    expect(session?.state.isInvalidated).toBe(true);
  });

  it('leaves the session alone after other failures', async () => {
    const client = createQueryClient();
    await client.fetchQuery({ queryKey: SESSION_QUERY_KEY, queryFn: () => ({ user: null }) });
    await expect(
      client.fetchQuery({
        queryKey: ['payments'],
        queryFn: () => Promise.reject(new ApiError(409, 'taken')),
        retry: false,
      }),
    ).rejects.toThrow('taken');
    expect(client.getQueryCache().find({ queryKey: SESSION_QUERY_KEY })?.state.isInvalidated).toBe(
      false,
    );
  });
});

describe('data a drawn page came with', () => {
  afterEach(() => tookOver());

  /** A browser's client holding what the server drew the page with: the session, signed out. */
  function takingOverPage() {
    const server = new QueryClient();
    server.setQueryData(SESSION_QUERY_KEY, { user: null });
    const state = { drawnAt: 0, queries: dehydrate(server), router: {} } satisfies SsrState;
    const client = createQueryClient();
    hydrate(client, state.queries);
    takingOverWith(state);
    return client;
  }

  /** Mounts a screen that reads the session, asked again on every visit (`staleTime: 0`). */
  function mountSession(client: QueryClient, queryFn: () => Promise<unknown>) {
    const observer = new QueryObserver(client, {
      queryKey: SESSION_QUERY_KEY,
      queryFn,
      staleTime: 0,
    });
    return observer.subscribe(() => undefined);
  }

  it('is not asked for again while the app takes the page over', () => {
    const client = takingOverPage();
    const whoAmI = vi.fn().mockResolvedValue({ user: null });
    mountSession(client, whoAmI)();
    mountSession(client, whoAmI)();
    expect(whoAmI).not.toHaveBeenCalled();
  });

  it('is asked for again by the usual rules once the app has the page', () => {
    const client = takingOverPage();
    const whoAmI = vi.fn().mockResolvedValue({ user: null });
    tookOver();
    mountSession(client, whoAmI)();
    expect(whoAmI).toHaveBeenCalledOnce();
  });

  it('leaves data the page did not come with to its own rules', () => {
    const client = takingOverPage();
    client.setQueryData(['payments'], []);
    const payments = vi.fn().mockResolvedValue([]);
    new QueryObserver(client, {
      queryKey: ['payments'],
      queryFn: payments,
      staleTime: 0,
    }).subscribe(() => undefined)();
    expect(payments).toHaveBeenCalledOnce();
  });
});
