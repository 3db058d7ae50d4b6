import {
  AUTH_MESSAGES,
  OkResponseSchema,
  SessionResponseSchema,
  type SessionUser,
} from '@structomate/contract';
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
  /** Ends the session; the user is cleared even if the server cannot be reached. */
  logout(): Promise<void>;
}

export const SESSION_QUERY_KEY = ['session'] as const;
/** Spec §9: 5 attempts, 1 s apart. */
export const SESSION_ATTEMPTS = 5;
export const SESSION_RETRY_DELAY_MS = 1000;
export const SESSION_FETCH_FAILED = AUTH_MESSAGES.userFetchFailed;

export const getSession = () => apiRequest('/session', SessionResponseSchema);
export const postLogout = () => postJson('/logout', OkResponseSchema);

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession needs a SessionProvider above it');
  return session;
}
