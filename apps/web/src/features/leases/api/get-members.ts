import { MEMBERS_PAGE_SIZE, MemberListResponseSchema } from '@structomate/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { postJsonPage } from '../../../lib/api-client';

export const membersQueryKey = ['members'] as const;
export const MEMBERS_PER_PAGE = MEMBERS_PAGE_SIZE;

export const getMembers = (page: number) =>
  postJsonPage('/manageMembers', MemberListResponseSchema, page, MEMBERS_PER_PAGE);

/** Spec §7 /manageMembers, a page at a time (by name). */
export function useMembers(page: number) {
  return useQuery({
    queryKey: [...membersQueryKey, page],
    queryFn: () => getMembers(page),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
