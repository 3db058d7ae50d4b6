import { zodResolver } from '@hookform/resolvers/zod';
import {
  ANNOUNCEMENT_MESSAGES,
  AnnouncementFormSchema,
  type AnnouncementForm,
  type AnnouncementFormInput,
} from '@structomate/contract';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import { PageHeader } from '../../../components/page-header';
import { messageOf } from '../../../lib/api-client';
import { useMakeAnnouncement } from '../api/make-announcement';
import { AnnouncementFields, DetailsCount } from './announcement-fields';
import { PostedAnnouncements } from './posted-announcements';
import { BusyButton } from '../../../components/busy-button';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';

const empty: AnnouncementFormInput = { title: '', type: '', details: '' };

/**
 * Spec §2 Make Announcement (admin): title, audience type and details, all required. Below it,
 * ours: the announcements posted so far, to find, edit and delete.
 */
export function MakeAnnouncement() {
  const announcement = useMakeAnnouncement();
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<AnnouncementFormInput, unknown, AnnouncementForm>({
    resolver: zodResolver(AnnouncementFormSchema),
    defaultValues: empty,
  });
  useUnsavedChanges(isDirty);
  const detailsLength = useWatch({ control, name: 'details' }).length;

  const submit = handleSubmit(async (values) => {
    try {
      const { insertedId } = await announcement.mutateAsync(values);
      if (!insertedId) throw new Error('No insertedId in the answer');
      toast.success(ANNOUNCEMENT_MESSAGES.posted(values.type));
      reset(empty);
    } catch (error) {
      console.warn('Announcement not posted', error);
      // A refusal the admin can act on names its reason; anything else is the spec's toast.
      const reason = messageOf(error, '');
      toast.error(
        reason ? `${ANNOUNCEMENT_MESSAGES.notPosted} ${reason}` : ANNOUNCEMENT_MESSAGES.notPosted,
      );
    }
  });

  const busy = isSubmitting || announcement.isPending;
  return (
    <div className="space-y-10">
      <div className="space-y-6">
        <PageHeader
          title="Make Announcement"
          description="Tell users, members or everyone in the building what is happening."
        />
        <form
          onSubmit={submit}
          noValidate
          aria-label="New announcement"
          className="space-y-5 rounded-box border border-base-300 bg-base-100 p-5 shadow-sm sm:p-8"
        >
          <AnnouncementFields idPrefix="announcement" register={register} errors={errors} />
          <div className="flex flex-col items-stretch gap-3 sm:flex-row sm:items-center sm:justify-between">
            <DetailsCount length={detailsLength} />
            <BusyButton busy={busy} type="submit" className="btn btn-primary">
              Make Announcement
            </BusyButton>
          </div>
        </form>
      </div>
      <PostedAnnouncements />
    </div>
  );
}
