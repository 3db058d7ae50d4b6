import { MaintenanceRequestSchema, type MaintenanceReopenRequest } from '@structomate/contract';
import { postJson } from '../../../lib/api-client';
import { useRequestChange } from './request-change';

export const reopenRequest = (id: string, body: MaintenanceReopenRequest) =>
  postJson(
    `/maintenance/requests/${encodeURIComponent(id)}/reopen`,
    MaintenanceRequestSchema,
    body,
  );

/** The tenant says a resolved request is not fixed after all, with why. */
export const useReopenRequest = (id: string) =>
  useRequestChange(id, (body: MaintenanceReopenRequest) => reopenRequest(id, body));
