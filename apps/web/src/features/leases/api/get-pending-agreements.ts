import { AgreementListResponseSchema } from '@structomate/contract';
import { useQuery } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-client';

export const pendingAgreementsQueryKey = ['pending-agreements'] as const;

export const getPendingAgreements = () =>
  postJson('/pending/agreements', AgreementListResponseSchema);

export function usePendingAgreements() {
  return useQuery({
    queryKey: pendingAgreementsQueryKey,
    queryFn: getPendingAgreements,
    staleTime: 0,
  });
}
