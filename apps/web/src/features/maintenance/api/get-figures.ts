import { MaintenanceFiguresSchema } from '@structomate/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { maintenanceQueryKeys } from './query-keys';

export const getFigures = () => apiRequest('/admin/maintenance-figures', MaintenanceFiguresSchema);

/** Open requests by urgency, response and resolution times, requests by month (admin). */
export function useMaintenanceFigures() {
  return useQuery({ queryKey: maintenanceQueryKeys.figures(), queryFn: getFigures, staleTime: 0 });
}
