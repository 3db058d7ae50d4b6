import {
  POSTED_ANNOUNCEMENTS_PER_PAGE,
  PostedAnnouncementsPageSchema,
} from '@structomate/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest, toQueryString } from '../../../lib/api-client';
import { announcementQueryKeys, type PostedAnnouncementFilters } from './query-keys';

export const getPostedAnnouncements = ({ page, type, q }: PostedAnnouncementFilters) =>
  apiRequest(
    `/announcements${toQueryString({
      page,
      limit: POSTED_ANNOUNCEMENTS_PER_PAGE,
      type: type || undefined,
      q: q || undefined,
    })}`,
    PostedAnnouncementsPageSchema,
  );

/** The admin's "Posted announcements": every audience, newest first, a page at a time. */
export function usePostedAnnouncements(filters: PostedAnnouncementFilters) {
  return useQuery({
    queryKey: announcementQueryKeys.postedPage(filters),
    queryFn: () => getPostedAnnouncements(filters),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
