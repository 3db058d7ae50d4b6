import { RecordPaymentResponseSchema, type RecordPaymentRequest } from '@structomate/contract';
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
