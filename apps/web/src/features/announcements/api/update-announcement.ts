import { PostedAnnouncementSchema, type UpdateAnnouncementRequest } from '@structomate/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-client';
import { announcementQueryKeys } from './query-keys';

export const updateAnnouncement = ({ id, ...body }: UpdateAnnouncementRequest & { id: string }) =>
  sendJson('PUT', `/announcements/${id}`, PostedAnnouncementSchema, body);

/**
 * Saves an edit over the version the form was filled from. Every list is fetched again, also
 * after a refusal: a 409 or 404 means the list no longer shows what is stored.
 */
export function useUpdateAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAnnouncement,
    onSettled: () => queryClient.invalidateQueries({ queryKey: announcementQueryKeys.all }),
  });
}
