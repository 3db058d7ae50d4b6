import {
  LeaseResponseSchema,
  type EndLeaseRequest,
  type RenewLeaseRequest,
} from '@structomate/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, postJson, sendJson } from '../../../lib/api-client';
import { rentQueryKeys } from '../../../lib/rent-query-keys';

const leasePath = (leaseId: string) => `/admin/leases/${encodeURIComponent(leaseId)}`;
const leaseQueryKey = rentQueryKeys.lease;

/**
 * A running lease with its terms, end by notice and rent changes, for the admin, and the last
 * month paid under it.
 */
export function useLease(leaseId: string) {
  return useQuery({
    queryKey: leaseQueryKey(leaseId),
    queryFn: () => apiRequest(leasePath(leaseId), LeaseResponseSchema),
    staleTime: 0,
  });
}

export type LeaseChangeRequest =
  | { kind: 'renew'; body: RenewLeaseRequest }
  | { kind: 'end'; body: EndLeaseRequest }
  | { kind: 'withdraw' };

const send = (leaseId: string, change: LeaseChangeRequest) => {
  const schema = LeaseResponseSchema;
  if (change.kind === 'withdraw')
    return sendJson('DELETE', `${leasePath(leaseId)}/end`, schema, {});
  return postJson(`${leasePath(leaseId)}/${change.kind}`, schema, change.body);
};

/**
 * Renews a lease, ends it on a day or withdraws that end. What it changes shows everywhere: the
 * lease, the person's rent, the members and the apartments.
 */
export function useChangeLease(leaseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: LeaseChangeRequest) => send(leaseId, change),
    onSuccess: (answer) => {
      queryClient.setQueryData(leaseQueryKey(leaseId), answer);
      const lease = leaseQueryKey(leaseId);
      return Promise.all(
        [rentQueryKeys.all, ['members'], ['admin-stats'], ['apartments'], ['admin-apartments']].map(
          (queryKey) =>
            queryClient.invalidateQueries({
              queryKey,
              // The lease itself is the answer just set: not asked for again.
              predicate: (query) => !lease.every((part, index) => query.queryKey[index] === part),
            }),
        ),
      );
    },
  });
}
