import { MaintenanceRequestSchema, type MaintenanceCommentRequest } from '@structomate/contract';
import { postJson } from '../../../lib/api-client';
import { useRequestChange } from './request-change';

export const addComment = (id: string, body: MaintenanceCommentRequest) =>
  postJson(
    `/maintenance/requests/${encodeURIComponent(id)}/comments`,
    MaintenanceRequestSchema,
    body,
  );

/** A comment on the thread (an admin's may be an internal note). */
export const useAddComment = (id: string) =>
  useRequestChange(id, (body: MaintenanceCommentRequest) => addComment(id, body));
