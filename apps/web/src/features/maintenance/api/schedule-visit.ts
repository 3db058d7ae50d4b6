import { MaintenanceRequestSchema, type MaintenanceVisitRequest } from '@structomate/contract';
import { sendJson } from '../../../lib/api-client';
import { useRequestChange } from './request-change';

export const scheduleVisit = (id: string, body: MaintenanceVisitRequest) =>
  sendJson(
    'PUT',
    `/admin/maintenance/${encodeURIComponent(id)}/visit`,
    MaintenanceRequestSchema,
    body,
  );

/** A visit's day and time window; the request becomes "Visit scheduled" and the tenant is told. */
export const useScheduleVisit = (id: string) =>
  useRequestChange(id, (body: MaintenanceVisitRequest) => scheduleVisit(id, body));
