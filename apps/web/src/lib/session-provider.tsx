import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { toast } from './toast';
import { dismissErrorToast, errorToast } from './error-toast';
import { discardUnsaved } from './unsaved-changes';
import {
  getSession,
  LOGOUT_FAILED,
  postLogout,
  SESSION_ATTEMPTS,
  SESSION_FETCH_FAILED,
  SESSION_QUERY_KEY,
  SESSION_RETRY_DELAY_MS,
  SessionContext,
  type Session,
  useSession,
} from './session';

const LOGOUT_TOAST = 'logout';

/** The failed-logout toast: what it means, and a Retry that shows its own progress. */
function LogoutFailed({ onRetry }: { onRetry: () => void }) {
  const { signingOut } = useSession();
  return (
    <div className="flex flex-col items-start gap-2">
      <p>{LOGOUT_FAILED}</p>
      <button
        type="button"
        className="btn btn-sm btn-outline"
        aria-disabled={signingOut}
        onClick={() => {
          if (!signingOut) onRetry();
        }}
      >
        {signingOut && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
        Retry
      </button>
    </div>
  );
}

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

  const user = query.data?.user ?? null;
  const [leftOnPurpose, setLeftOnPurpose] = useState(false);
  const markLeftOnPurpose = useCallback(() => setLeftOnPurpose(true), []);
  const clearLeftOnPurpose = useCallback(() => setLeftOnPurpose(false), []);

  const [signingOut, setSigningOut] = useState(false);
  const logoutRunning = useRef(false);
  const logout = useCallback(
    async function signOut(onSignedOut?: () => void): Promise<void> {
      if (logoutRunning.current) return;
      logoutRunning.current = true;
      setSigningOut(true);
      try {
        await postLogout();
      } catch (error) {
        // The cookie may still open the session: showing the person as signed out would be a lie
        // that a reload undoes (a risk on a shared computer).
        console.warn('The logout call failed; still signed in here', error);
        errorToast(LOGOUT_TOAST, <LogoutFailed onRetry={() => void signOut(onSignedOut)} />, {
          autoClose: false,
          closeOnClick: false,
        });
        return;
      } finally {
        logoutRunning.current = false;
        setSigningOut(false);
      }
      dismissErrorToast(LOGOUT_TOAST);
      // Signed out, nothing on the page can be saved any more: the way out is not asked about.
      discardUnsaved();
      // A dashboard page goes home, as the menu does, not to the login page.
      setLeftOnPurpose(true);
      // A session check already on its way would bring the person back.
      await queryClient.cancelQueries({ queryKey: SESSION_QUERY_KEY, exact: true });
      // Nothing of the previous person's data may stay on screen.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_QUERY_KEY[0] });
      queryClient.setQueryData(SESSION_QUERY_KEY, { user: null });
      onSignedOut?.();
    },
    [queryClient],
  );

  const session = useMemo<Session>(
    () => ({
      user,
      loading: query.isPending,
      refresh,
      signingOut,
      logout,
      leftOnPurpose,
      markLeftOnPurpose,
      clearLeftOnPurpose,
    }),
    [
      user,
      query.isPending,
      refresh,
      signingOut,
      logout,
      leftOnPurpose,
      markLeftOnPurpose,
      clearLeftOnPurpose,
    ],
  );
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
