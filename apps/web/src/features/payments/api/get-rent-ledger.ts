import { RentLedgerSchema } from '@structomate/contract';
import { useQuery } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-client';
import { rentQueryKeys } from '../../../lib/rent-query-keys';

export const getRentLedger = () => postJson('/rent/ledger', RentLedgerSchema);

/** What the signed-in person owes and paid, month by month (members, and former tenants). */
export function useRentLedger(enabled = true) {
  return useQuery({
    queryKey: rentQueryKeys.ledger(),
    queryFn: getRentLedger,
    staleTime: 0,
    enabled,
  });
}
