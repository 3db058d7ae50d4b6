import {
  RecordPaymentResponseSchema,
  UndoPaymentResponseSchema,
  type RecordPaymentRequest,
  type UndoPaymentRequest,
} from '@structomate/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-client';
import { rentQueryKeys } from '../../../lib/rent-query-keys';

/** Rent the admin received by hand, for months of one lease: a receipt per month. */
export const postOfflinePayment = (userId: string, body: RecordPaymentRequest) =>
  postJson(`/tenants/${encodeURIComponent(userId)}/payments`, RecordPaymentResponseSchema, body);

/** Every figure of what is owed or paid refreshes afterwards (the account, ledgers, histories). */
export function useRecordPayment(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RecordPaymentRequest) => postOfflinePayment(userId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rentQueryKeys.all }),
  });
}

/**
 * Undoes a payment the admin recorded by mistake: the month is unpaid again, the tenant is told why,
 * and every figure refreshes as after recording.
 */
export function useUndoPayment(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ paymentId, reason }: { paymentId: string; reason: string }) =>
      postJson(
        `/tenants/${encodeURIComponent(userId)}/payments/${encodeURIComponent(paymentId)}/undo`,
        UndoPaymentResponseSchema,
        { reason } satisfies UndoPaymentRequest,
      ),
    // Refused too: a 404 is most often another admin's undo, which the list should show.
    onSettled: () => queryClient.invalidateQueries({ queryKey: rentQueryKeys.all }),
  });
}
