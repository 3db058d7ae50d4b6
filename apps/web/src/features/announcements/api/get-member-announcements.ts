import { useInfiniteQuery } from '@tanstack/react-query';
import { announcementPaging, fetchAnnouncementPage } from './announcement-pages';
import { announcementQueryKeys } from './query-keys';

export const getMemberAnnouncements = (before?: string) =>
  fetchAnnouncementPage('/get/memberAnnouncement', before);

/** Spec §7 /get/memberAnnouncement: the `member` and `all` announcements, newest first. */
export function useMemberAnnouncements() {
  return useInfiniteQuery({
    queryKey: announcementQueryKeys.readers('member'),
    queryFn: ({ pageParam }) => getMemberAnnouncements(pageParam),
    ...announcementPaging,
  });
}
