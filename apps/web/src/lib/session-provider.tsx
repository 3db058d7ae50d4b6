import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, type ReactNode } from 'react';
import { toast } from 'react-toastify';
import {
  getSession,
  postLogout,
  SESSION_ATTEMPTS,
  SESSION_FETCH_FAILED,
  SESSION_QUERY_KEY,
  SESSION_RETRY_DELAY_MS,
  SessionContext,
  type Session,
} from './session';

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: getSession,
    // TanStack Query counts earlier failures from 0: retrying while below 4 makes 5 attempts.
    retry: (earlierFailures, error) => {
      const attempt = earlierFailures + 1;
      console.warn(`Loading the user failed (attempt ${attempt} of ${SESSION_ATTEMPTS})`, error);
      return attempt < SESSION_ATTEMPTS;
    },
    retryDelay: SESSION_RETRY_DELAY_MS,
    // Roles change elsewhere (the admin accepts a request, removes a member): a tab that comes
    // back into view asks again, so its menu and pages follow without a reload.
    staleTime: 0,
    refetchOnWindowFocus: true,
  });

  useEffect(() => {
    if (query.isError) toast.error(SESSION_FETCH_FAILED, { toastId: 'session-fetch-failed' });
  }, [query.isError]);

  const refresh = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY, exact: true });
  }, [queryClient]);

  const logout = useCallback(async () => {
    try {
      await postLogout();
    } catch (error) {
      console.warn('The logout call failed; signing out here anyway', error);
    } finally {
      // Nothing of the previous person's data may stay on screen.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_QUERY_KEY[0] });
      queryClient.setQueryData(SESSION_QUERY_KEY, { user: null });
    }
  }, [queryClient]);

  const session = useMemo<Session>(
    () => ({
      user: query.data?.user ?? null,
      loading: query.isPending,
      refresh,
      logout,
    }),
    [query.data, query.isPending, refresh, logout],
  );
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
