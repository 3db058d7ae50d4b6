import { AgreementLookupResponseSchema } from '@structomate/contract';
import { useQuery } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-client';

export const getOwnAgreement = () =>
  postJson('/users/agreements/', AgreementLookupResponseSchema).then((response) => response.result);

/** Spec §7 /users/agreements/: the caller's latest agreement request, or null. */
export function useOwnAgreement() {
  return useQuery({ queryKey: ['own-agreement'], queryFn: getOwnAgreement, staleTime: 0 });
}
