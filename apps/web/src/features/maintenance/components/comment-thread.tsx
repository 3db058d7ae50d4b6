import {
  finishedThread,
  isFinished,
  MAINTENANCE_LIMITS,
  MAINTENANCE_MESSAGES,
  MaintenanceCommentRequestSchema,
  type MaintenanceComment,
  type MaintenancePhoto,
  type MaintenanceRequest,
} from '@structomate/contract';
import { useCallback, useId, useState } from 'react';
import { LuLock } from 'react-icons/lu';
import { toast } from '../../../lib/toast';
import { Avatar } from '../../../components/avatar';
import { messageOf } from '../../../lib/api-client';
import { dismissErrorToast, errorToast } from '../../../lib/error-toast';
import { formatDateTime } from '../../../lib/format';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { useAddComment } from '../api/add-comment';
import { PhotoGallery } from './photo-gallery';
import { PhotoPicker } from './photo-picker';
import { BusyButton } from '../../../components/busy-button';

/**
 * The conversation between the tenant and the building: text kept as typed (plain text, line
 * breaks kept) with photos. Admins also see, and may write, internal notes the tenant never sees.
 */
export function CommentThread({
  request,
  isAdmin,
  formerTenant,
}: {
  request: MaintenanceRequest;
  isAdmin: boolean;
  formerTenant: boolean;
}) {
  const closed = isFinished(request.status);
  return (
    <section
      aria-labelledby="comments-heading"
      className="space-y-4 rounded-box border border-base-300 bg-base-100 p-4 shadow-xs sm:p-6"
    >
      <h2 id="comments-heading" className="text-xl font-semibold">
        Conversation
      </h2>
      {request.comments.length === 0 ? (
        <p className="text-sm text-base-content/75">
          {!request.can.comment
            ? 'No comment was written.'
            : isAdmin
              ? 'No comment yet. Write to the tenant, or leave an internal note for the office.'
              : 'No comment yet. Add a detail, with a photo if it helps, or ask the building a question.'}
        </p>
      ) : (
        <ol className="space-y-3" aria-label="Comments">
          {request.comments.map((comment) => (
            <Comment key={comment._id} comment={comment} />
          ))}
        </ol>
      )}
      {request.can.comment ? (
        <CommentForm request={request} isAdmin={isAdmin} />
      ) : (
        <p className="rounded-field bg-base-200/70 px-4 py-3 text-sm text-base-content/80">
          {closed || !formerTenant
            ? finishedThread(request.status)
            : MAINTENANCE_MESSAGES.formerTenant}
        </p>
      )}
    </section>
  );
}

function Comment({ comment }: { comment: MaintenanceComment }) {
  const tone = comment.internal
    ? 'border-warning/60 bg-warning/10'
    : comment.fromBuilding
      ? 'border-primary/25 bg-primary/5'
      : 'border-base-300 bg-base-100';
  return (
    <li className={`rounded-field border p-3 sm:p-4 ${tone}`}>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <Avatar name={comment.authorName} photoURL={comment.authorPhotoURL} size={28} />
        <p className="text-sm font-semibold">{comment.authorName}</p>
        {comment.internal ? (
          <span className="chip chip-warning gap-1">
            <LuLock aria-hidden="true" className="size-3" />
            Internal note
          </span>
        ) : (
          comment.fromBuilding && <span className="chip chip-info">The building</span>
        )}
        <time dateTime={comment.at} className="text-xs text-base-content/70 sm:ml-auto">
          {formatDateTime(comment.at)}
        </time>
      </div>
      <p className="mt-2 text-sm whitespace-pre-wrap [overflow-wrap:anywhere]">{comment.body}</p>
      {comment.photos.length > 0 && (
        <div className="mt-3">
          <PhotoGallery
            photos={comment.photos}
            label={`Photos of ${comment.authorName}'s comment`}
            size="sm"
          />
        </div>
      )}
    </li>
  );
}

function CommentForm({ request, isAdmin }: { request: MaintenanceRequest; isAdmin: boolean }) {
  const id = useId();
  const adding = useAddComment(request._id);
  const [body, setBody] = useState('');
  const [internal, setInternal] = useState(false);
  const [photos, setPhotos] = useState<MaintenancePhoto[]>([]);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const onBusyChange = useCallback((busy: boolean) => setUploading(busy), []);
  // A comment being written, its photos (uploaded or on their way) included, is not dropped
  // without a word; sent, the form is empty again.
  useUnsavedChanges(uploading || photos.length > 0 || body.trim() !== '');

  async function submit() {
    const parsed = MaintenanceCommentRequestSchema.safeParse({
      body,
      photoIds: photos.map((photo) => photo._id),
      internal: isAdmin && internal,
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    try {
      await adding.mutateAsync(parsed.data);
      dismissErrorToast('maintenance-comment');
      toast.success(
        parsed.data.internal ? MAINTENANCE_MESSAGES.noted : MAINTENANCE_MESSAGES.commented,
      );
      setBody('');
      setPhotos([]);
      setInternal(false);
    } catch (failure) {
      const message = messageOf(failure, 'The comment could not be sent. Try again.');
      setError(message);
      errorToast('maintenance-comment', message);
    }
  }

  const busy = adding.isPending || uploading;
  return (
    <form
      noValidate
      aria-label="Add a comment"
      className={`space-y-3 border-t border-base-300 pt-4 ${internal ? 'rounded-field' : ''}`}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className="space-y-1.5">
        <label htmlFor={`${id}-body`} className="block text-sm font-medium">
          {internal ? 'Internal note' : 'Comment'}
        </label>
        <textarea
          id={`${id}-body`}
          value={body}
          onChange={(event) => setBody(event.target.value)}
          rows={3}
          maxLength={MAINTENANCE_LIMITS.comment}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={`textarea w-full ${internal ? 'bg-warning/5' : ''}`}
        />
        <div className="flex flex-wrap items-start justify-between gap-2">
          {error ? (
            <p id={`${id}-error`} role="alert" className="text-sm text-error">
              {error}
            </p>
          ) : (
            <span />
          )}
          <p className="text-xs text-base-content/70">
            {body.length.toLocaleString('en-US')} /{' '}
            {MAINTENANCE_LIMITS.comment.toLocaleString('en-US')}
          </p>
        </div>
      </div>
      <PhotoPicker
        photos={photos}
        onChange={setPhotos}
        onBusyChange={onBusyChange}
        legend="Attach photos (optional)"
        hint={`Up to ${MAINTENANCE_LIMITS.photos} photos.`}
        compact
      />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        {isAdmin ? (
          <label className="flex cursor-pointer items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="checkbox checkbox-warning checkbox-sm"
              checked={internal}
              onChange={(event) => setInternal(event.target.checked)}
            />
            Internal note (the tenant never sees it)
          </label>
        ) : (
          <span />
        )}
        <BusyButton busy={busy} type="submit" className="btn btn-primary">
          {internal ? 'Save note' : 'Send comment'}
        </BusyButton>
      </div>
    </form>
  );
}
