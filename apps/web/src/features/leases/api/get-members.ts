import { MemberListResponseSchema } from '@structomate/contract';
import { useQuery } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-client';

export const membersQueryKey = ['members'] as const;

export const getMembers = () => postJson('/manageMembers', MemberListResponseSchema);

export function useMembers() {
  return useQuery({ queryKey: membersQueryKey, queryFn: getMembers, staleTime: 0 });
}
