import { QUERY_FRESH_MS } from '@structomate/contract';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { SESSION_QUERY_KEY } from './session';
import { askAgainOnMount } from './ssr-state';

export function createQueryClient(): QueryClient {
  // A 401 or 403 means the server sees this person differently than the page does (signed
  // out elsewhere, role changed): ask who we are again, and the screens follow.
  const recheckSession = (error: unknown) => {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
      void client.invalidateQueries({ queryKey: SESSION_QUERY_KEY, exact: true });
    }
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: recheckSession }),
    mutationCache: new MutationCache({ onError: recheckSession }),
    defaultOptions: {
      queries: {
        staleTime: QUERY_FRESH_MS,
        retry: 1,
        refetchOnWindowFocus: false,
        refetchOnMount: askAgainOnMount,
      },
    },
  });
  return client;
}
