import { InsertedResponseSchema, type AnnouncementForm } from '@structomate/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-client';
import { announcementQueryKeys } from './query-keys';

/** Spec §7 body; the server sets the date itself, so none is sent. */
export const postAnnouncement = (newAnnouncement: AnnouncementForm) =>
  postJson('/makeAnnouncement', InsertedResponseSchema, { newAnnouncement });

export function useMakeAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postAnnouncement,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementQueryKeys.all }),
  });
}
