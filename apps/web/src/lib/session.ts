import { AUTH_MESSAGES, type SessionUser } from '@structomate/contract';
import { createContext, useContext } from 'react';
import { apiRequest, postJson } from './api-client';

/**
 * Spec §3/§4 session state: `loading` starts true, then the user from the server or null. The
 * browser holds the session in an HttpOnly cookie; no token is kept in script-readable storage.
 */
export interface Session {
  user: SessionUser | null;
  loading: boolean;
  /** Reads the user again from the server (after registration or sign-in). */
  refresh(): Promise<void>;
  /** True while a sign-out call runs: Logout buttons show it and wait. */
  signingOut: boolean;
  /**
   * Ends the session on the server, then here, and runs `onSignedOut`. If the call fails the
   * person stays signed in here too (the cookie may still work) and a toast says so, with Retry.
   */
  logout(onSignedOut?: () => void): Promise<void>;
  /**
   * True from the moment the person ends their session here (Logout, or deleting their account)
   * until the app is off the dashboard: the dashboard page they were on then sends them home, not
   * to the login page that a session ended any other way leads to.
   */
  leftOnPurpose: boolean;
  /** Says the session is ending here by the person's choice (see `leftOnPurpose`). */
  markLeftOnPurpose(): void;
  /** Ends `leftOnPurpose`, once the app is off the dashboard (app/left-on-purpose.ts). */
  clearLeftOnPurpose(): void;
}

export const SESSION_QUERY_KEY = ['session'] as const;
/** Spec §9: 5 attempts, 1 s apart. */
export const SESSION_ATTEMPTS = 5;
export const SESSION_RETRY_DELAY_MS = 1000;
export const SESSION_FETCH_FAILED = AUTH_MESSAGES.userFetchFailed;
/** Ours: spec §8 only logs a failed logout, which leaves a shared computer signed in. */
export const LOGOUT_FAILED = 'Logout failed. You may still be signed in on this device.';

// Loaded with the first call (lib/api-client.ts, SchemaSource): every page reads the session.
const accounts = () => import('@structomate/contract/accounts');
export const getSession = () =>
  apiRequest('/session', async () => (await accounts()).SessionResponseSchema);
export const postLogout = () =>
  postJson('/logout', async () => (await accounts()).OkResponseSchema);

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession needs a SessionProvider above it');
  return session;
}
