import { LoginResponseSchema, type LoginRequest } from '@structomate/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-client';
import { SESSION_QUERY_KEY } from '../../../lib/session';

export const postLogin = (credentials: LoginRequest) =>
  postJson('/login', LoginResponseSchema, credentials);

/** Signs in; the server sets the session cookie, and the session now knows the user. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postLogin,
    onSuccess: ({ user }) => queryClient.setQueryData(SESSION_QUERY_KEY, { user }),
  });
}
