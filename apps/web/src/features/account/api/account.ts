import {
  AccountSchema,
  AccountSessionsSchema,
  MailPreferencesSchema,
  OkResponseSchema,
  SignedOutSchema,
  EmailChangeRequestedSchema,
  EmailConfirmedSchema,
  type ChangeEmail,
  type ChangePassword,
  type DeleteAccount,
  type MailPreferences,
  type UpdateProfile,
} from '@structomate/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, postJson, sendJson } from '../../../lib/api-client';
import { SESSION_QUERY_KEY, useSession } from '../../../lib/session';

export const accountQueryKeys = {
  all: ['account'] as const,
  account: () => [...accountQueryKeys.all, 'me'] as const,
  sessions: () => [...accountQueryKeys.all, 'sessions'] as const,
  notifications: () => [...accountQueryKeys.all, 'notifications'] as const,
};

export const getAccount = () => apiRequest('/account', AccountSchema);

export function useAccount() {
  return useQuery({ queryKey: accountQueryKeys.account(), queryFn: getAccount, staleTime: 0 });
}

export const updateProfile = (body: UpdateProfile) =>
  sendJson('PUT', '/account/profile', AccountSchema, body);

/** Saves name and photo; the header's avatar and name follow at once. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  const { refresh } = useSession();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (account) => {
      queryClient.setQueryData(accountQueryKeys.account(), account);
      await refresh();
    },
  });
}

export const changePassword = (body: ChangePassword) =>
  postJson('/account/password', OkResponseSchema, body);

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountQueryKeys.all }),
  });
}

export const getSessions = () => apiRequest('/account/sessions', AccountSessionsSchema);

export function useSessions() {
  return useQuery({ queryKey: accountQueryKeys.sessions(), queryFn: getSessions, staleTime: 0 });
}

export const signOutOthers = () =>
  apiRequest('/account/sessions', SignedOutSchema, { method: 'DELETE' });

export function useSignOutOthers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutOthers,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountQueryKeys.sessions() }),
  });
}

export const getMailPreferences = () => apiRequest('/account/notifications', MailPreferencesSchema);

export function useMailPreferences() {
  return useQuery({
    queryKey: accountQueryKeys.notifications(),
    queryFn: getMailPreferences,
    staleTime: 0,
  });
}

export const saveMailPreferences = (body: MailPreferences) =>
  sendJson('PUT', '/account/notifications', MailPreferencesSchema, body);

export function useSaveMailPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMailPreferences,
    onSuccess: (saved) => queryClient.setQueryData(accountQueryKeys.notifications(), saved),
  });
}

export const requestEmailChange = (body: ChangeEmail) =>
  postJson('/account/email', EmailChangeRequestedSchema, body);

export function useRequestEmailChange() {
  return useMutation({ mutationFn: requestEmailChange });
}

export const confirmEmailChange = (token: string) =>
  postJson('/account/email/confirm', EmailConfirmedSchema, { token });

/** The link from the new mailbox; whoever is signed in here sees the new address at once. */
export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmailChange,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

/** Where "Download my data" points: the browser saves the JSON file the server names. */
export const ACCOUNT_EXPORT_URL = '/api/account/export';

export const deleteAccount = (body: DeleteAccount) =>
  sendJson('DELETE', '/account', OkResponseSchema, body);

/**
 * Deletes the account. The server ends the session; `forget` makes this browser forget it too.
 * The deletion marks the session as left on purpose, so the dashboard sends the person home
 * whichever comes first, the page's own move or a call that notices the session gone.
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const { markLeftOnPurpose } = useSession();
  const mutation = useMutation({
    mutationFn: deleteAccount,
    // Before the page's own callbacks: a call that notices the session gone meanwhile leads home.
    onSuccess: markLeftOnPurpose,
  });
  const forget = async () => {
    // A session check already on its way would bring the person back.
    await queryClient.cancelQueries({ queryKey: SESSION_QUERY_KEY, exact: true });
    queryClient.setQueryData(SESSION_QUERY_KEY, { user: null });
    // Whatever was loaded as this person goes; the session (now nobody) stays observed.
    queryClient.removeQueries({
      predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0],
    });
  };
  return { ...mutation, forget };
}
