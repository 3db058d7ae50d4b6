import { DeleteAnnouncementResponseSchema } from '@structomate/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { announcementQueryKeys } from './query-keys';

export const deleteAnnouncement = (id: string) =>
  apiRequest(`/announcements/${id}`, DeleteAnnouncementResponseSchema, { method: 'DELETE' });

/** Every list is fetched again after a deletion (also after a failed one: it may be gone). */
export function useDeleteAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAnnouncement,
    onSettled: () => queryClient.invalidateQueries({ queryKey: announcementQueryKeys.all }),
  });
}
