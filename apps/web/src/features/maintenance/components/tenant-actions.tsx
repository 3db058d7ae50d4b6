import {
  MAINTENANCE_LIMITS,
  MAINTENANCE_MESSAGES,
  MaintenanceRatingRequestSchema,
  MaintenanceReopenRequestSchema,
  type MaintenanceRequest,
} from '@structomate/contract';
import { useId, useState } from 'react';
import { LuStar } from 'react-icons/lu';
import { toast } from '../../../lib/toast';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { messageOf } from '../../../lib/api-client';
import { errorToast } from '../../../lib/error-toast';
import { formatDateTime } from '../../../lib/format';
import { useCancelRequest } from '../api/cancel-request';
import { useConfirmRequest } from '../api/confirm-request';
import { useRateRequest } from '../api/rate-request';
import { useReopenRequest } from '../api/reopen-request';
import { numbered } from './format';
import { settle } from './settle';
import { BusyButton } from '../../../components/busy-button';

/** Where the request stands, in a sentence for its tenant. */
function standing(request: MaintenanceRequest): string {
  switch (request.status) {
    case 'new':
      return 'The building has your request and will look at it soon.';
    case 'acknowledged':
      return 'The building has seen your request and is arranging the work.';
    case 'scheduled':
      return 'A visit is scheduled. Let the building know in the conversation if the time does not suit you.';
    case 'in_progress':
      return 'Work on it is under way.';
    case 'waiting':
      return request.waitingOn === 'tenant'
        ? 'The building is waiting for an answer from you: see the conversation.'
        : 'The building is waiting for parts to arrive.';
    case 'resolved':
      return request.reopenUntil
        ? `The building says it is fixed. Confirm it, or reopen it until ${formatDateTime(request.reopenUntil)}.`
        : 'The building says it is fixed.';
    case 'closed':
      return 'This request is closed.';
    case 'cancelled':
      return 'This request was cancelled.';
  }
}

/** The tenant's buttons, as the server allows them (`can`): cancel, confirm, reopen, rate. */
export function TenantActions({ request }: { request: MaintenanceRequest }) {
  const { can } = request;
  return (
    <section
      aria-labelledby="standing-heading"
      className="space-y-4 rounded-box border border-base-300 bg-base-100 p-4 shadow-xs sm:p-5"
    >
      <div>
        <h2 id="standing-heading" className="text-lg font-semibold">
          Where it stands
        </h2>
        <p className="mt-1 text-sm text-base-content/80">{standing(request)}</p>
      </div>
      {(can.confirm || can.reopen) && <ConfirmOrReopen request={request} />}
      {request.rating ? (
        <Rating score={request.rating.score} comment={request.rating.comment} />
      ) : (
        can.rate && <RateForm request={request} />
      )}
      {can.cancel && <CancelButton request={request} />}
    </section>
  );
}

function CancelButton({ request }: { request: MaintenanceRequest }) {
  const [asking, setAsking] = useState(false);
  const cancelling = useCancelRequest(request._id);
  return (
    <div className="border-t border-base-300 pt-4">
      <button
        type="button"
        className="btn btn-outline btn-error btn-sm w-full"
        onClick={() => setAsking(true)}
      >
        Cancel request
      </button>
      <ConfirmDialog
        open={asking}
        title={`Cancel request ${numbered(request)}?`}
        confirmLabel="Cancel request"
        dismissLabel="Keep it"
        busy={cancelling.isPending}
        onClose={() => setAsking(false)}
        onConfirm={() => {
          void settle(cancelling.mutateAsync(request.version), {
            onSuccess: () => toast.success(MAINTENANCE_MESSAGES.cancelled),
            onError: (error) =>
              errorToast(
                'maintenance-action',
                messageOf(error, 'The request could not be cancelled. Try again.'),
              ),
            onSettled: () => setAsking(false),
          });
        }}
      >
        The building will not work on it any more. If the problem comes back, report it again.
      </ConfirmDialog>
    </div>
  );
}

function ConfirmOrReopen({ request }: { request: MaintenanceRequest }) {
  const id = useId();
  const confirming = useConfirmRequest(request._id);
  const reopening = useReopenRequest(request._id);
  const [reopen, setReopen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const fail = (fallback: string) => (failure: unknown) =>
    errorToast('maintenance-action', messageOf(failure, fallback));
  return (
    <div className="space-y-3">
      {!reopen && (
        <div className="flex flex-col gap-2">
          {request.can.confirm && (
            <BusyButton
              busy={confirming.isPending}
              className="btn btn-success"
              onClick={() =>
                void settle(confirming.mutateAsync(request.version), {
                  onSuccess: () => toast.success(MAINTENANCE_MESSAGES.confirmed),
                  onError: fail('The request could not be confirmed. Try again.'),
                })
              }
            >
              Confirm it is fixed
            </BusyButton>
          )}
          {request.can.reopen && (
            <button type="button" className="btn btn-outline" onClick={() => setReopen(true)}>
              Not fixed: reopen
            </button>
          )}
        </div>
      )}
      {reopen && (
        <form
          noValidate
          aria-label="Reopen the request"
          className="space-y-3"
          onSubmit={(event) => {
            event.preventDefault();
            const parsed = MaintenanceReopenRequestSchema.safeParse({
              version: request.version,
              reason,
            });
            if (!parsed.success) {
              setError(parsed.error.issues[0]?.message);
              return;
            }
            setError(undefined);
            void settle(reopening.mutateAsync(parsed.data), {
              onSuccess: () => toast.success(MAINTENANCE_MESSAGES.reopened),
              onError: (failure) => {
                setError(messageOf(failure, 'The request could not be reopened. Try again.'));
              },
            });
          }}
        >
          <div className="space-y-1.5">
            <label htmlFor={`${id}-reason`} className="block text-sm font-medium">
              What is still wrong?
            </label>
            <textarea
              id={`${id}-reason`}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              rows={3}
              maxLength={MAINTENANCE_LIMITS.comment}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              className="textarea w-full"
            />
            {error && (
              <p id={`${id}-error`} role="alert" className="text-sm text-error">
                {error}
              </p>
            )}
          </div>
          <div className="flex gap-2">
            <button
              type="button"
              className="btn btn-ghost flex-1"
              onClick={() => {
                setReopen(false);
                setError(undefined);
              }}
            >
              Back
            </button>
            <BusyButton busy={reopening.isPending} type="submit" className="btn btn-primary flex-1">
              Reopen request
            </BusyButton>
          </div>
        </form>
      )}
    </div>
  );
}

function Stars({ score }: { score: number }) {
  return (
    <span className="inline-flex gap-0.5" role="img" aria-label={`${score} out of 5 stars`}>
      {[1, 2, 3, 4, 5].map((star) => (
        <LuStar
          key={star}
          aria-hidden="true"
          className={`size-5 ${star <= score ? 'fill-warning text-warning' : 'text-base-content/30'}`}
        />
      ))}
    </span>
  );
}

function Rating({ score, comment }: { score: number; comment: string | null }) {
  return (
    <div className="space-y-1 rounded-field bg-base-200/70 px-4 py-3">
      <p className="text-sm font-medium">Your rating</p>
      <Stars score={score} />
      {comment && (
        <p className="text-sm whitespace-pre-wrap text-base-content/80 [overflow-wrap:anywhere]">
          {comment}
        </p>
      )}
    </div>
  );
}

function RateForm({ request }: { request: MaintenanceRequest }) {
  const id = useId();
  const rating = useRateRequest(request._id);
  const [score, setScore] = useState(0);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | undefined>();
  return (
    <form
      noValidate
      aria-label="Rate the repair"
      className="space-y-3 border-t border-base-300 pt-4"
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = MaintenanceRatingRequestSchema.safeParse({ score, comment });
        if (!parsed.success) {
          setError(parsed.error.issues[0]?.message);
          return;
        }
        setError(undefined);
        void settle(rating.mutateAsync(parsed.data), {
          onSuccess: () => toast.success(MAINTENANCE_MESSAGES.rated),
          onError: (failure) =>
            setError(messageOf(failure, 'The rating could not be sent. Try again.')),
        });
      }}
    >
      <fieldset aria-describedby={error ? `${id}-error` : undefined}>
        <legend className="mb-1.5 text-sm font-medium">How did it go?</legend>
        <div className="rating rating-lg gap-1">
          {[1, 2, 3, 4, 5].map((star) => (
            <input
              key={star}
              type="radio"
              name={`${id}-score`}
              className="mask mask-star-2 bg-warning"
              aria-label={`${star} ${star === 1 ? 'star' : 'stars'}`}
              checked={score === star}
              onChange={() => setScore(star)}
            />
          ))}
        </div>
      </fieldset>
      <div className="space-y-1.5">
        <label htmlFor={`${id}-comment`} className="block text-sm font-medium">
          A word about it (optional)
        </label>
        <textarea
          id={`${id}-comment`}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          rows={2}
          maxLength={MAINTENANCE_LIMITS.ratingComment}
          className="textarea w-full"
        />
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-error">
          {error}
        </p>
      )}
      <BusyButton busy={rating.isPending} type="submit" className="btn btn-primary w-full">
        Send rating
      </BusyButton>
    </form>
  );
}
