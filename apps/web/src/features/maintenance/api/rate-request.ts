import { MaintenanceRequestSchema, type MaintenanceRatingRequest } from '@structomate/contract';
import { postJson } from '../../../lib/api-client';
import { useRequestChange } from './request-change';

export const rateRequest = (id: string, body: MaintenanceRatingRequest) =>
  postJson(
    `/maintenance/requests/${encodeURIComponent(id)}/rating`,
    MaintenanceRequestSchema,
    body,
  );

/** The tenant's 1–5 stars (and a word) once the request is closed. */
export const useRateRequest = (id: string) =>
  useRequestChange(id, (body: MaintenanceRatingRequest) => rateRequest(id, body));
