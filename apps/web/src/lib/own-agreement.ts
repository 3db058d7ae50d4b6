import { useQuery } from '@tanstack/react-query';
import { postJson } from './api-client';

// Loaded with the first call (lib/api-client.ts, SchemaSource): the account menu reads it.
export const agreementLookup = async () =>
  (await import('@structomate/contract/leases')).AgreementLookupResponseSchema;

export const ownAgreementKey = ['own-agreement'] as const;

export const getOwnAgreement = () =>
  postJson('/users/agreements/', agreementLookup).then((response) => response.result);

/**
 * Spec §7 /users/agreements/: the caller's latest agreement request, or null. Read by the
 * announcements summary, the profile and the agreement page (a pending request blocks another).
 */
export function useOwnAgreement(enabled = true) {
  return useQuery({ queryKey: ownAgreementKey, queryFn: getOwnAgreement, staleTime: 0, enabled });
}
