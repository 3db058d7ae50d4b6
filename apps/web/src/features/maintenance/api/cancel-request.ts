import { MaintenanceRequestSchema } from '@structomate/contract';
import { postJson } from '../../../lib/api-client';
import { useRequestChange } from './request-change';

export const cancelRequest = (id: string, version: number) =>
  postJson(`/maintenance/requests/${encodeURIComponent(id)}/cancel`, MaintenanceRequestSchema, {
    version,
  });

/** The tenant cancels a request not yet started. */
export const useCancelRequest = (id: string) =>
  useRequestChange(id, (version: number) => cancelRequest(id, version));
