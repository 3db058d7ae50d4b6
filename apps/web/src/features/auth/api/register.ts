import { InsertedResponseSchema, type RegistrationRequest } from '@structomate/contract';
import { useMutation } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-client';

export const postRegistration = (registration: RegistrationRequest) =>
  postJson('/users', InsertedResponseSchema, registration);

export function useRegister() {
  return useMutation({ mutationFn: postRegistration });
}
