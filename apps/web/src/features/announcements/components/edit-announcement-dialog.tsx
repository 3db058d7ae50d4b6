import { zodResolver } from '@hookform/resolvers/zod';
import {
  ANNOUNCEMENT_MESSAGES,
  AnnouncementFormSchema,
  type AnnouncementForm,
  type AnnouncementFormInput,
  type PostedAnnouncement,
} from '@structomate/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import { ApiError, messageOf } from '../../../lib/api-client';
import { showFieldIssues } from '../../../lib/field-issues';
import { useUpdateAnnouncement } from '../api/update-announcement';
import { AnnouncementFields, DetailsCount } from './announcement-fields';
import { BusyButton } from '../../../components/busy-button';

const formValues = (announcement: PostedAnnouncement): AnnouncementFormInput => ({
  title: announcement.title,
  type: announcement.type,
  details: announcement.details,
});

const fieldOf = (path: string) =>
  path === 'title' || path === 'type' || path === 'details' ? path : undefined;

interface Refusal {
  message: string;
  /** A 409: the admin may reload the stored announcement and edit that. */
  stale: boolean;
}

/**
 * Edits one announcement in a modal, over the version it was opened with: a save over a change
 * made meanwhile shows the server's refusal and offers to reload what is stored now.
 */
export function EditAnnouncementDialog({
  announcement,
  reload,
  onClose,
}: {
  announcement: PostedAnnouncement;
  /** The announcement as stored now, or undefined when the list no longer has it. */
  reload: () => Promise<PostedAnnouncement | undefined>;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [base, setBase] = useState(announcement);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [reloading, setReloading] = useState(false);
  const update = useUpdateAnnouncement();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<AnnouncementFormInput, unknown, AnnouncementForm>({
    resolver: zodResolver(AnnouncementFormSchema),
    defaultValues: formValues(announcement),
  });
  const detailsLength = useWatch({ control, name: 'details' }).length;

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  const submit = handleSubmit(async (values) => {
    setRefusal(null);
    try {
      await update.mutateAsync({ id: base._id, ...values, version: base.version });
      toast.success(ANNOUNCEMENT_MESSAGES.updated);
      // Unmounting the open dialog takes it out of the top layer.
      onClose();
    } catch (error) {
      console.warn('Announcement not updated', error);
      if (error instanceof ApiError && (error.status === 409 || error.status === 404)) {
        setRefusal({ message: error.message, stale: error.status === 409 });
        return;
      }
      if (!showFieldIssues(error, setError, (issue) => fieldOf(issue.path))) {
        toast.error(messageOf(error, "Couldn't update the announcement. Try again."));
      }
    }
  });

  const reloadStored = async () => {
    setReloading(true);
    try {
      const stored = await reload();
      if (!stored) {
        setRefusal({
          message: 'It is no longer in the list (it may have been deleted).',
          stale: false,
        });
        return;
      }
      setBase(stored);
      reset(formValues(stored));
      setRefusal(null);
    } finally {
      setReloading(false);
    }
  };

  const busy = isSubmitting || update.isPending;
  return (
    <dialog ref={dialog} className="modal" aria-labelledby={titleId} onClose={onClose}>
      <div className="modal-box w-11/12 max-w-2xl">
        <h2 id={titleId} className="text-lg font-semibold">
          Edit announcement
        </h2>
        <p className="mt-1 text-sm text-base-content/75">
          Readers see the new text at once, marked as edited.
        </p>
        <form onSubmit={submit} noValidate className="mt-5 space-y-5" aria-labelledby={titleId}>
          {refusal && (
            <div role="alert" className="alert alert-warning alert-soft flex-wrap">
              <span>{refusal.message}</span>
              {refusal.stale && (
                <BusyButton
                  busy={reloading}
                  className="btn btn-sm"
                  onClick={() => void reloadStored()}
                >
                  Reload
                </BusyButton>
              )}
            </div>
          )}
          <AnnouncementFields
            idPrefix="edit-announcement"
            register={register}
            errors={errors}
            detailsRows={6}
          />
          <div className="flex flex-col items-stretch gap-3 sm:flex-row sm:items-center sm:justify-between">
            <DetailsCount length={detailsLength} />
            <div className="flex gap-2">
              <button
                type="button"
                className="btn btn-ghost flex-1 sm:flex-none"
                onClick={() => dialog.current?.close()}
              >
                Cancel
              </button>
              <BusyButton
                busy={busy}
                type="submit"
                className="btn btn-primary flex-1 sm:flex-none"
                disabled={reloading}
              >
                Save
              </BusyButton>
            </div>
          </div>
        </form>
      </div>
      <form method="dialog" className="modal-backdrop">
        <button type="submit" tabIndex={-1}>
          Close
        </button>
      </form>
    </dialog>
  );
}
