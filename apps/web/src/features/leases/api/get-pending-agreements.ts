import {
  PendingAgreementListResponseSchema,
  PENDING_REQUESTS_PAGE_SIZE,
} from '@structomate/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { postJsonPage } from '../../../lib/api-client';

export const pendingAgreementsQueryKey = ['pending-agreements'] as const;
export const REQUESTS_PER_PAGE = PENDING_REQUESTS_PAGE_SIZE;

export const getPendingAgreements = (page: number) =>
  postJsonPage('/pending/agreements', PendingAgreementListResponseSchema, page, REQUESTS_PER_PAGE);

/** Spec §7 /pending/agreements, a page at a time (oldest first). */
export function usePendingAgreements(page: number) {
  return useQuery({
    queryKey: [...pendingAgreementsQueryKey, page],
    queryFn: () => getPendingAgreements(page),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
