import { MaintenanceRequestSchema, type MaintenanceCostRequest } from '@structomate/contract';
import { postJson } from '../../../lib/api-client';
import { useRequestChange } from './request-change';

export const addCost = (id: string, body: MaintenanceCostRequest) =>
  postJson(`/admin/maintenance/${encodeURIComponent(id)}/costs`, MaintenanceRequestSchema, body);

/** Labour or parts; one charged to the tenant becomes a charge in their ledger. */
export const useAddCost = (id: string) =>
  useRequestChange(id, (body: MaintenanceCostRequest) => addCost(id, body), { money: true });
