import { TransactionListResponseSchema } from '@structomate/contract';
import { useQuery } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-client';

export const transactionsQueryKey = ['transactions'] as const;

export const getTransactions = () => postJson('/get/transactions', TransactionListResponseSchema);

/** The member's payments, newest first (spec §7 /get/transactions). */
export function useTransactions() {
  return useQuery({ queryKey: transactionsQueryKey, queryFn: getTransactions });
}
