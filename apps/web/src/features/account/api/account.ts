import {
  AccountSchema,
  AccountSessionsSchema,
  MailPreferencesSchema,
  OkResponseSchema,
  SignedOutSchema,
  type ChangePassword,
  type MailPreferences,
  type UpdateProfile,
} from '@structomate/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, postJson, sendJson } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

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
