import {
  LoginResponseSchema,
  PasswordResetCheckResponseSchema,
  PasswordResetRequestedSchema,
  type PasswordReset,
  type PasswordResetRequest,
} from '@structomate/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-client';
import { SESSION_QUERY_KEY } from '../../../lib/session';

export const requestPasswordReset = (body: PasswordResetRequest) =>
  postJson('/password-reset', PasswordResetRequestedSchema, body);

/** "Forgot password?": the server answers the same whether or not the address has an account. */
export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

export const checkResetLink = (token: string) =>
  postJson('/password-reset/check', PasswordResetCheckResponseSchema, { token });

/** Whose password a mailed link would change; an error when it expired or was used. */
export function useResetLink(token: string) {
  return useQuery({
    queryKey: ['password-reset', token],
    queryFn: () => checkResetLink(token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });
}

export const resetPassword = (body: PasswordReset) =>
  postJson('/password-reset/confirm', LoginResponseSchema, body);

/** Sets the new password; the server signs this browser in and every other session out. */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    onSuccess: ({ user }) => queryClient.setQueryData(SESSION_QUERY_KEY, { user }),
  });
}
