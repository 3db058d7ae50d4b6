import { MyMaintenanceSchema } from '@structomate/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { maintenanceQueryKeys } from './query-keys';

export const getMyRequests = () => apiRequest('/maintenance/requests', MyMaintenanceSchema);

/**
 * The tenant's requests, newest first, with the building's emergency phone and whether they may
 * file (a former tenant reads only). `enabled` is false for the admin, who has the inbox instead.
 */
export function useMyRequests(enabled = true) {
  return useQuery({
    queryKey: maintenanceQueryKeys.mine(),
    queryFn: getMyRequests,
    staleTime: 0,
    enabled,
  });
}
