import { RecordDepositResponseSchema, type RecordDepositRequest } from '@structomate/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-client';
import { rentQueryKeys } from '../../../lib/rent-query-keys';

/** A lease's deposit received from the tenant, or given back. */
export const postDepositEntry = (userId: string, body: RecordDepositRequest) =>
  postJson(`/tenants/${encodeURIComponent(userId)}/deposits`, RecordDepositResponseSchema, body);

export function useRecordDeposit(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RecordDepositRequest) => postDepositEntry(userId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rentQueryKeys.account(userId) }),
  });
}
