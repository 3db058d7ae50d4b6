import {
  ANNOUNCEMENT_MESSAGES,
  DATE_FORMATS,
  type Announcement,
  type AnnouncementType,
} from '@structomate/contract';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { EmptyState } from '../../../components/page-header';
import { LoadingSpinner } from '../../../components/loading-spinner';
import type { AnnouncementPage } from '../api/announcement-pages';
import { LoadError } from '../../../components/load-error';
import { ApiError } from '../../../lib/api-client';
import { formatWhen } from '../../../lib/format';
import { BusyButton } from '../../../components/busy-button';

// Each readable at AA contrast on the card.
const audienceBadge: Record<AnnouncementType, string> = {
  user: 'badge-soft badge-secondary',
  member: 'badge-soft badge-primary',
  all: 'badge-outline',
};

const specDateTime = (iso: string) => formatWhen(iso, DATE_FORMATS.timeDashDate);

/**
 * Spec §2 announcement card: title, type, date and details as the author wrote them; ours: when
 * it was edited. The admin's list adds its author and its actions.
 */
export function AnnouncementCard({
  announcement,
  headingLevel = 'h2',
  byline,
  actions,
}: {
  announcement: Announcement;
  headingLevel?: 'h2' | 'h3';
  byline?: ReactNode;
  /** Buttons at the foot of the card, given the id of the heading that names the card. */
  actions?: (headingId: string) => ReactNode;
}) {
  const headingId = `announcement-${announcement._id}`;
  const Heading = headingLevel;
  return (
    <article
      aria-labelledby={headingId}
      className="rounded-box border border-base-300 bg-base-100 p-5 shadow-sm sm:p-6"
    >
      {/* The badge keeps the top right corner whatever the title's length. */}
      <div className="flex items-start justify-between gap-4">
        <Heading id={headingId} className="min-w-0 flex-1 text-xl font-semibold break-words">
          {announcement.title}
        </Heading>
        <span className={`badge ${audienceBadge[announcement.type]} shrink-0`}>
          <span className="sr-only">Type: </span>
          {announcement.type}
        </span>
      </div>
      <p className="mt-1 flex flex-wrap gap-x-3 gap-y-0.5 text-sm text-base-content/70">
        <time dateTime={announcement.date}>{specDateTime(announcement.date)}</time>
        {announcement.editedAt && (
          <span>
            Edited{' '}
            <time dateTime={announcement.editedAt}>{specDateTime(announcement.editedAt)}</time>
          </span>
        )}
        {byline}
      </p>
      {/* Text only (React escapes it); the author's line breaks are kept. */}
      <p className="mt-4 whitespace-pre-line break-words text-base-content/90">
        {announcement.details}
      </p>
      {actions && (
        <div className="mt-4 flex flex-wrap justify-end gap-2 border-t border-base-300 pt-3">
          {actions(headingId)}
        </div>
      )}
    </article>
  );
}

/** The announcement cards of one audience, newest first, with "Load more" for older ones. */
export function AnnouncementList({
  query,
}: {
  query: UseInfiniteQueryResult<InfiniteData<AnnouncementPage>>;
}) {
  const { data, isPending, isError, error, refetch, hasNextPage, fetchNextPage } = query;
  const { isFetchingNextPage, isFetchNextPageError } = query;

  useEffect(() => {
    // Spec §8: a failed load is logged; the page also offers to try again.
    if (error) console.warn('Announcements could not be loaded', error);
  }, [error]);

  // The last announcement shown marks where the next page starts; once the admin deletes it or
  // moves it to another audience, the server no longer knows it (404). The pages are then
  // fetched again from the top, each with a cursor that exists, and "Load more" works again.
  const cursorGone = isFetchNextPageError && error instanceof ApiError && error.status === 404;
  useEffect(() => {
    if (cursorGone) void refetch();
  }, [cursorGone, refetch]);

  if (isPending) return <LoadingSpinner label="Loading announcements" />;
  if (isError && !data) {
    return <LoadError onRetry={refetch}>The announcements could not be loaded.</LoadError>;
  }
  const announcements = data.pages.flatMap((page) => page.items);
  if (announcements.length === 0) return <EmptyState>{ANNOUNCEMENT_MESSAGES.empty}</EmptyState>;
  return (
    <div className="space-y-4">
      <ul className="space-y-4" aria-label="Announcements">
        {announcements.map((announcement) => (
          <li key={announcement._id}>
            <AnnouncementCard announcement={announcement} />
          </li>
        ))}
      </ul>
      {isFetchNextPageError && (
        <p role="alert" className="text-center text-sm text-error">
          Older announcements could not be loaded. Try again.
        </p>
      )}
      {hasNextPage && (
        <div className="flex justify-center pt-2">
          <BusyButton
            busy={isFetchingNextPage}
            type="button"
            className="btn btn-outline"
            onClick={() => void fetchNextPage()}
          >
            Load more
          </BusyButton>
        </div>
      )}
    </div>
  );
}
