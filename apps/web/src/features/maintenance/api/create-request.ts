import { MaintenanceRequestSchema, type NewMaintenanceRequestInput } from '@structomate/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-client';
import { maintenanceQueryKeys } from './query-keys';

export const createRequest = (body: NewMaintenanceRequestInput) =>
  postJson('/maintenance/requests', MaintenanceRequestSchema, body);

/** Files a request; the tenant's list refreshes and the new request is known at once. */
export function useCreateRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRequest,
    onSuccess: (request) => {
      queryClient.setQueryData(maintenanceQueryKeys.request(request._id), request);
      return queryClient.invalidateQueries({ queryKey: maintenanceQueryKeys.mine() });
    },
  });
}
