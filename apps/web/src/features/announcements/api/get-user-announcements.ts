import { useInfiniteQuery } from '@tanstack/react-query';
import { announcementPaging, fetchAnnouncementPage } from './announcement-pages';
import { announcementQueryKeys } from './query-keys';

export const getUserAnnouncements = (before?: string) =>
  fetchAnnouncementPage('/get/userAnnouncement', before);

/** Spec §7 /get/userAnnouncement: the `user` and `all` announcements, newest first. */
export function useUserAnnouncements() {
  return useInfiniteQuery({
    queryKey: announcementQueryKeys.readers('user'),
    queryFn: ({ pageParam }) => getUserAnnouncements(pageParam),
    ...announcementPaging,
  });
}
