import { MaintenanceRequestSchema } from '@structomate/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { maintenanceQueryKeys } from './query-keys';

export const getRequest = (id: string) =>
  apiRequest(`/maintenance/requests/${encodeURIComponent(id)}`, MaintenanceRequestSchema);

/** One request as the viewer may see it (the admin's with internal notes and every cost). */
export function useMaintenanceRequest(id: string) {
  return useQuery({
    queryKey: maintenanceQueryKeys.request(id),
    queryFn: () => getRequest(id),
    staleTime: 0,
    retry: false,
  });
}
