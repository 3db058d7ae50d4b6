import type { MaintenanceRequest } from '@structomate/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { rentQueryKeys } from '../../../lib/rent-query-keys';
import { maintenanceQueryKeys } from './query-keys';

/**
 * A change to one request that answers with the request as it now is: the page shows the answer
 * at once and the lists refresh. A 409 (someone changed it meanwhile) reloads the request, so the
 * screen catches up while the message says what happened; so does a failure with no answer. `money` also refreshes what the tenant
 * owes (a cost charged to them).
 */
export function useRequestChange<TBody>(
  id: string,
  send: (body: TBody) => Promise<MaintenanceRequest>,
  { money = false }: { money?: boolean } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async (request) => {
      queryClient.setQueryData(maintenanceQueryKeys.request(id), request);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: maintenanceQueryKeys.mine() }),
        queryClient.invalidateQueries({ queryKey: maintenanceQueryKeys.inboxes() }),
        queryClient.invalidateQueries({ queryKey: maintenanceQueryKeys.figures() }),
        queryClient.invalidateQueries({ queryKey: maintenanceQueryKeys.contacts() }),
        money ? queryClient.invalidateQueries({ queryKey: rentQueryKeys.all }) : undefined,
      ]);
    },
    onError: (error) => {
      // A 409 or 404: someone changed it meanwhile. No answer, or a fault: the change may have
      // been made. Either way the screen reads the request again.
      const status = error instanceof ApiError ? error.status : 0;
      if (status === 0 || status >= 500 || status === 409 || status === 404) {
        void queryClient.invalidateQueries({ queryKey: maintenanceQueryKeys.request(id) });
      }
    },
  });
}
