import {
  ANNOUNCEMENT_AUDIENCES,
  ANNOUNCEMENT_MESSAGES,
  AnnouncementTypeSchema,
  type PostedAnnouncement,
  LIST_SEARCH_MAX,
} from '@structomate/contract';
import { useState } from 'react';
import { LuPencil, LuTrash2 } from 'react-icons/lu';
import { toast } from '../../../lib/toast';
import { z } from 'zod';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LoadError } from '../../../components/load-error';
import { LoadingSpinner } from '../../../components/loading-spinner';
import { EmptyState } from '../../../components/page-header';
import { Pager } from '../../../components/pager';
import { messageOf } from '../../../lib/api-client';
import {
  choiceParam,
  PageParam,
  TextParam,
  useKeepListPageInRange,
  useListParams,
  useSearchText,
} from '../../../lib/use-page';
import { useDeleteAnnouncement } from '../api/delete-announcement';
import { usePostedAnnouncements } from '../api/get-posted-announcements';
import { AnnouncementCard } from './announcement-list';
import { EditAnnouncementDialog } from './edit-announcement-dialog';

const audienceFilter = { user: 'Users', member: 'Members', all: 'Everyone (all)' } as const;
const HEADING_ID = 'posted-announcements';

/** The list's view in the address. */
const PostedParams = z.object({
  page: PageParam,
  type: choiceParam(ANNOUNCEMENT_AUDIENCES),
  q: TextParam,
});

/** Ours, below Make Announcement: every announcement, searched and paged, to edit or delete. */
export function PostedAnnouncements() {
  const [filters, setFilters] = useListParams(PostedParams);
  const [search, setSearch] = useSearchText(filters.q);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<PostedAnnouncement | null>(null);
  const posted = usePostedAnnouncements(filters);
  const removal = useDeleteAnnouncement();
  const setPage = (page: number) => setFilters((current) => ({ ...current, page }));
  useKeepListPageInRange(filters, setFilters, posted.data?.pageCount);
  const editing = posted.data?.result.find((announcement) => announcement._id === editingId);
  const reloadEditing = async () =>
    (await posted.refetch()).data?.result.find((announcement) => announcement._id === editingId);

  const remove = (announcement: PostedAnnouncement) =>
    removal.mutate(announcement._id, {
      onSuccess: () => toast.success(ANNOUNCEMENT_MESSAGES.deleted),
      onError: (failure) => {
        console.warn('Announcement not deleted', failure);
        toast.error(messageOf(failure, "Couldn't delete the announcement. Try again."));
      },
    });

  return (
    <section aria-labelledby={HEADING_ID} className="space-y-5">
      <div>
        <h2 id={HEADING_ID} className="text-xl font-semibold sm:text-2xl">
          Posted announcements
        </h2>
        <p className="mt-1 text-base-content/75">
          Everything posted so far, newest first. Readers see when one was edited.
        </p>
      </div>
      <form
        role="search"
        aria-label="Find announcements"
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          setFilters((current) => ({ ...current, page: 1, q: search.trim() }));
        }}
      >
        <div className="flex flex-col gap-1.5 sm:w-48">
          <label htmlFor="posted-audience" className="text-sm font-medium">
            Audience
          </label>
          <select
            id="posted-audience"
            className="select w-full"
            value={filters.type}
            onChange={(event) => {
              const parsed = AnnouncementTypeSchema.safeParse(event.target.value);
              setFilters((current) => ({
                ...current,
                page: 1,
                type: parsed.success ? parsed.data : '',
              }));
            }}
          >
            <option value="">Every audience</option>
            {ANNOUNCEMENT_AUDIENCES.map((type) => (
              <option key={type} value={type}>
                {audienceFilter[type]}
              </option>
            ))}
          </select>
        </div>
        <div className="flex min-w-0 grow flex-col gap-1.5">
          <label htmlFor="posted-search" className="text-sm font-medium">
            Search the text
          </label>
          <input
            id="posted-search"
            type="search"
            className="input w-full"
            value={search}
            maxLength={LIST_SEARCH_MAX}
            placeholder="A word from the title or details"
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <button type="submit" className="btn btn-primary">
          Search
        </button>
      </form>
      {posted.isPending ? (
        <LoadingSpinner label="Loading the posted announcements" />
      ) : posted.isError ? (
        <LoadError onRetry={posted.refetch}>
          The posted announcements could not be loaded.
        </LoadError>
      ) : posted.data.total === 0 ? (
        <EmptyState>
          {filters.q || filters.type ? 'No announcement matches.' : ANNOUNCEMENT_MESSAGES.empty}
        </EmptyState>
      ) : (
        <>
          <p className="text-sm text-base-content/75" aria-live="polite">
            {posted.data.total.toLocaleString('en-US')}{' '}
            {posted.data.total === 1 ? 'announcement' : 'announcements'}
          </p>
          <ul className="space-y-4" aria-label="Posted announcements">
            {posted.data.result.map((announcement) => {
              const busy = removal.isPending && removal.variables === announcement._id;
              return (
                <li key={announcement._id}>
                  <AnnouncementCard
                    announcement={announcement}
                    headingLevel="h3"
                    byline={announcement.authorName && <span>by {announcement.authorName}</span>}
                    actions={(headingId) => (
                      <>
                        <button
                          type="button"
                          className="btn btn-outline btn-sm"
                          aria-describedby={headingId}
                          onClick={() => setEditingId(announcement._id)}
                          disabled={busy}
                        >
                          <LuPencil aria-hidden="true" className="size-4" />
                          Edit
                        </button>
                        <button
                          type="button"
                          className="btn btn-outline btn-error btn-sm"
                          aria-describedby={headingId}
                          onClick={() => setConfirming(announcement)}
                          disabled={busy}
                        >
                          <LuTrash2 aria-hidden="true" className="size-4" />
                          Delete
                        </button>
                      </>
                    )}
                  />
                </li>
              );
            })}
          </ul>
          {posted.data.pageCount > 1 && (
            <Pager page={filters.page} pageCount={posted.data.pageCount} onPage={setPage} />
          )}
        </>
      )}
      {editing && (
        <EditAnnouncementDialog
          key={editing._id}
          announcement={editing}
          reload={reloadEditing}
          onClose={() => setEditingId(null)}
        />
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={`Delete "${confirming?.title ?? ''}"?`}
        confirmLabel="Delete"
        onConfirm={() => {
          if (confirming) remove(confirming);
          setConfirming(null);
        }}
        onClose={() => setConfirming(null)}
      >
        <p>Readers no longer see it. The audit log keeps what it said. This cannot be undone.</p>
      </ConfirmDialog>
    </section>
  );
}
