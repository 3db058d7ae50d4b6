import { TransactionListResponseSchema } from '@structomate/contract';
import { useQuery } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-client';
import { rentQueryKeys } from '../../../lib/rent-query-keys';

export const getTransactions = () => postJson('/get/transactions', TransactionListResponseSchema);

/** The signed-in person's payments, newest first (spec §7 /get/transactions). */
export function useTransactions() {
  return useQuery({ queryKey: rentQueryKeys.transactions(), queryFn: getTransactions });
}
