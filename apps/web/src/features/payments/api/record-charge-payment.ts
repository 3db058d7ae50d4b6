import {
  ChargeReceiptSchema,
  type CancelCharge,
  type NewChargeRequest,
  type RecordChargePayment,
  type UndoPaymentRequest,
} from '@structomate/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, postJson } from '../../../lib/api-client';
import { rentQueryKeys } from '../../../lib/rent-query-keys';

export const recordChargePayment = (id: string, body: RecordChargePayment) =>
  postJson(`/admin/charges/${encodeURIComponent(id)}/payment`, ChargeReceiptSchema, body);

/** The admin records a charge paid by hand; every figure of what is owed refreshes. */
export function useRecordChargePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: RecordChargePayment }) =>
      recordChargePayment(id, body),
    // Also after a refusal: a 409 means it was paid meanwhile, and the list should say so.
    onSettled: () => queryClient.invalidateQueries({ queryKey: rentQueryKeys.all }),
  });
}

/** The admin undoes a charge's payment recorded by mistake: it is owed again. */
export function useUndoChargePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      postJson(`/admin/charges/${encodeURIComponent(id)}/payment/undo`, ChargeReceiptSchema, {
        reason,
      } satisfies UndoPaymentRequest),
    // Refused too: a 409 is most often another admin's undo, which the list should show.
    onSettled: () => queryClient.invalidateQueries({ queryKey: rentQueryKeys.all }),
  });
}

/** The admin cancels a charge made by mistake (unpaid): it is owed by no one. */
export function useCancelCharge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      postJson(`/admin/charges/${encodeURIComponent(id)}/cancel`, ChargeReceiptSchema, {
        reason,
      } satisfies CancelCharge),
    // Refused too: a 409 means it was paid or cancelled meanwhile, which the list should show.
    onSettled: () => queryClient.invalidateQueries({ queryKey: rentQueryKeys.all }),
  });
}

/** The admin charges a tenant something besides rent; their account and every figure refresh. */
export function useAddCharge(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewChargeRequest) =>
      postJson(`/tenants/${encodeURIComponent(userId)}/charges`, ChargeReceiptSchema, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rentQueryKeys.all }),
    onError: (error) => {
      // No answer, or a fault: it may have been added; refused for what changed since (the key
      // used meanwhile, the account deleted): show what the server holds.
      const status = error instanceof ApiError ? error.status : 0;
      if (status === 0 || status === 409 || status >= 500) {
        void queryClient.invalidateQueries({ queryKey: rentQueryKeys.all });
      }
    },
  });
}
