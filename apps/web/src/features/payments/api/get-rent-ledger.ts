import { RentLedgerSchema } from '@structomate/contract';
import { useQuery } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-client';

export const rentLedgerQueryKey = ['rent-ledger'] as const;

export const getRentLedger = () => postJson('/rent/ledger', RentLedgerSchema);

export function useRentLedger() {
  return useQuery({ queryKey: rentLedgerQueryKey, queryFn: getRentLedger, staleTime: 0 });
}
