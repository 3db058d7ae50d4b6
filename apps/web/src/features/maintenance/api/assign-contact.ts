import { MaintenanceRequestSchema, type MaintenanceAssignRequest } from '@structomate/contract';
import { sendJson } from '../../../lib/api-client';
import { useRequestChange } from './request-change';

export const assignContact = (id: string, body: MaintenanceAssignRequest) =>
  sendJson(
    'PUT',
    `/admin/maintenance/${encodeURIComponent(id)}/assignee`,
    MaintenanceRequestSchema,
    body,
  );

/** Who will fix it: one of the contacts, or nobody. */
export const useAssignContact = (id: string) =>
  useRequestChange(id, (body: MaintenanceAssignRequest) => assignContact(id, body));
