import {
  RecordDepositResponseSchema,
  type RecordDepositRequest,
  type UndoPaymentRequest,
} from '@structomate/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, postJson } from '../../../lib/api-client';
import { rentQueryKeys } from '../../../lib/rent-query-keys';

/** A lease's deposit received from the tenant, or given back. */
export const postDepositEntry = (userId: string, body: RecordDepositRequest) =>
  postJson(`/tenants/${encodeURIComponent(userId)}/deposits`, RecordDepositResponseSchema, body);

export function useRecordDeposit(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RecordDepositRequest) => postDepositEntry(userId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rentQueryKeys.account(userId) }),
    onError: (error) => {
      // No answer, or a fault: the entry may have been recorded; refused for what changed since
      // (held less after another admin's refund, the account deleted): show what the server holds.
      const status = error instanceof ApiError ? error.status : 0;
      if (status === 0 || status === 409 || status >= 500) {
        void queryClient.invalidateQueries({ queryKey: rentQueryKeys.account(userId) });
      }
    },
  });
}

/** A deposit entry recorded by mistake, undone with the office's reason. */
export function useUndoDepositEntry(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ entryId, reason }: { entryId: string; reason: string }) =>
      postJson(
        `/tenants/${encodeURIComponent(userId)}/deposits/${encodeURIComponent(entryId)}/undo`,
        RecordDepositResponseSchema,
        { reason } satisfies UndoPaymentRequest,
      ),
    // Refused too: a 409 is most often another admin's undo, which the entries should show. What
    // is held shows on the rent roll as well.
    onSettled: () => queryClient.invalidateQueries({ queryKey: rentQueryKeys.all }),
  });
}
