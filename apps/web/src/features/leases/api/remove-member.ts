import { ChangeRoleResponseSchema, type Member } from '@structomate/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson, type ListPage } from '../../../lib/api-client';
import { rentQueryKeys } from '../../../lib/rent-query-keys';
import { membersQueryKey } from './get-members';

/** Spec §7 /change/role: the member becomes a user, their lease ends, the flat is free. */
export const removeMember = (member: Member) =>
  postJson('/change/role', ChangeRoleResponseSchema, { id: member._id });

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSuccess: (_result, member) => {
      // The row disappears at once; the list is then confirmed by the server.
      queryClient.setQueriesData<ListPage<Member[]>>(
        { queryKey: membersQueryKey },
        (page) =>
          page && {
            ...page,
            items: page.items.filter((candidate) => candidate._id !== member._id),
          },
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: membersQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['admin-stats'] }),
        queryClient.invalidateQueries({ queryKey: ['apartments'] }),
        // Their unpaid rent moves to the former tenants' balances.
        queryClient.invalidateQueries({ queryKey: rentQueryKeys.all }),
      ]);
    },
  });
}
