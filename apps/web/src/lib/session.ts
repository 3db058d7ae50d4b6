/**
 * Who is signed in. Accounts do not exist yet, so nobody is; the accounts work replaces this
 * with the server-backed session (spec §4: `loading` starts true, then the user or null).
 */
export interface Session {
  user: null;
  loading: boolean;
}

export function useSession(): Session {
  return { user: null, loading: false };
}
