import {
  ANNOUNCEMENTS_PER_PAGE,
  AnnouncementListResponseSchema,
  type Announcement,
} from '@structomate/contract';
import { postJson } from '../../../lib/api-client';

export interface AnnouncementPage {
  items: Announcement[];
  /** The cursor for "Load more", or undefined on the last page. */
  next: string | undefined;
}

/**
 * One page of an announcement endpoint. Asks for one more than it shows: the extra one says
 * whether there is another page without a second request or a count.
 */
export async function fetchAnnouncementPage(
  path: string,
  before: string | undefined,
): Promise<AnnouncementPage> {
  const found = await postJson(path, AnnouncementListResponseSchema, {
    limit: ANNOUNCEMENTS_PER_PAGE + 1,
    ...(before ? { before } : {}),
  });
  const items = found.slice(0, ANNOUNCEMENTS_PER_PAGE);
  return { items, next: found.length > items.length ? items.at(-1)?._id : undefined };
}

export const announcementPaging = {
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last: AnnouncementPage) => last.next,
};
