import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient } from './query-client';
import { SESSION_QUERY_KEY } from './session';

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
