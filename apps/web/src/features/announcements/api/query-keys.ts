import type { AnnouncementType } from '@structomate/contract';

export interface PostedAnnouncementFilters {
  page: number;
  type: AnnouncementType | '';
  q: string;
}

/**
 * Query keys of every announcement list: the readers' pages and the admin's list. A post, edit
 * or deletion refreshes all of them through the common prefix.
 */
export const announcementQueryKeys = {
  all: ['announcements'] as const,
  readers: (readers: 'user' | 'member') =>
    [...announcementQueryKeys.all, 'readers', readers] as const,
  posted: () => [...announcementQueryKeys.all, 'posted'] as const,
  postedPage: (filters: PostedAnnouncementFilters) =>
    [...announcementQueryKeys.posted(), filters] as const,
};
