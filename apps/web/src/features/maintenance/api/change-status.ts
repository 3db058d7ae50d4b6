import { MaintenanceRequestSchema, type MaintenanceStatusRequest } from '@structomate/contract';
import { postJson } from '../../../lib/api-client';
import { useRequestChange } from './request-change';

export const changeStatus = (id: string, body: MaintenanceStatusRequest) =>
  postJson(`/admin/maintenance/${encodeURIComponent(id)}/status`, MaintenanceRequestSchema, body);

/** The admin moves a request along (one of `can.moves`), with an optional note for the tenant. */
export const useChangeStatus = (id: string) =>
  useRequestChange(id, (body: MaintenanceStatusRequest) => changeStatus(id, body));
