import { OkResponseSchema, type RegistrationCheck } from '@structomate/contract';
import { useMutation } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-client';

/**
 * Ours: would registration take these fields now (email free, address not throttled)? Asked
 * before the photo is uploaded, so a refusal spends no upload.
 */
export const postRegistrationCheck = (fields: RegistrationCheck) =>
  postJson('/registration/check', OkResponseSchema, fields);

export function useRegistrationCheck() {
  return useMutation({ mutationFn: postRegistrationCheck });
}
