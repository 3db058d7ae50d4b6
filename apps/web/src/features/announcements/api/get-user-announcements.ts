import { useInfiniteQuery } from '@tanstack/react-query';
import { announcementPaging, fetchAnnouncementPage } from './announcement-pages';

export const getUserAnnouncements = (before?: string) =>
  fetchAnnouncementPage('/get/userAnnouncement', before);

/** Spec §7 /get/userAnnouncement: the `user` and `all` announcements, newest first. */
export function useUserAnnouncements() {
  return useInfiniteQuery({
    queryKey: ['announcements', 'user'],
    queryFn: ({ pageParam }) => getUserAnnouncements(pageParam),
    ...announcementPaging,
  });
}
