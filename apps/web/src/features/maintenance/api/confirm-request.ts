import { MaintenanceRequestSchema } from '@structomate/contract';
import { postJson } from '../../../lib/api-client';
import { useRequestChange } from './request-change';

export const confirmRequest = (id: string, version: number) =>
  postJson(`/maintenance/requests/${encodeURIComponent(id)}/confirm`, MaintenanceRequestSchema, {
    version,
  });

/** The tenant confirms a resolved request fixed, which closes it. */
export const useConfirmRequest = (id: string) =>
  useRequestChange(id, (version: number) => confirmRequest(id, version));
