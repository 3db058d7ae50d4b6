import { MaintenanceContactsSchema } from '@structomate/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { maintenanceQueryKeys } from './query-keys';

export const getContacts = () =>
  apiRequest('/admin/maintenance-contacts', MaintenanceContactsSchema);

/** The staff and vendors requests are assigned to (admin). */
export function useContacts(enabled = true) {
  return useQuery({
    queryKey: maintenanceQueryKeys.contacts(),
    queryFn: getContacts,
    staleTime: 0,
    enabled,
  });
}
