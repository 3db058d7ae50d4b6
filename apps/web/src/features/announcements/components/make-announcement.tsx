import { zodResolver } from '@hookform/resolvers/zod';
import {
  ANNOUNCEMENT_AUDIENCES,
  ANNOUNCEMENT_LIMITS,
  ANNOUNCEMENT_MESSAGES,
  AnnouncementFormSchema,
  type AnnouncementForm,
  type AnnouncementFormInput,
  type AnnouncementType,
} from '@structomate/contract';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'react-toastify';
import { FormField } from '../../../components/form-field';
import { PageHeader } from '../../../components/page-header';
import { messageOf } from '../../../lib/api-client';
import { describedBy } from '../../../lib/described-by';
import { useMakeAnnouncement } from '../api/make-announcement';

const audienceOption: Record<AnnouncementType, string> = {
  user: 'user: people without a lease',
  member: 'member: tenants',
  all: 'all: everyone',
};

const empty: AnnouncementFormInput = { title: '', type: '', details: '' };
const DETAILS_HINT = 'Line breaks are kept as you type them.';

/** Spec §2 Make Announcement (admin): title, audience type and details, all required. */
export function MakeAnnouncement() {
  const announcement = useMakeAnnouncement();
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors, isSubmitting },
  } = useForm<AnnouncementFormInput, unknown, AnnouncementForm>({
    resolver: zodResolver(AnnouncementFormSchema),
    defaultValues: empty,
  });
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
        <div className="grid gap-5 md:grid-cols-[1fr_16rem]">
          <FormField id="announcement-title" label="Title" error={errors.title?.message}>
            <input
              {...register('title')}
              {...describedBy('announcement-title', errors.title?.message)}
              maxLength={ANNOUNCEMENT_LIMITS.title}
              placeholder="Water tank cleaning on Sunday"
              className="input w-full"
            />
          </FormField>
          <FormField id="announcement-type" label="Audience type" error={errors.type?.message}>
            <select
              {...register('type')}
              {...describedBy('announcement-type', errors.type?.message)}
              className="select w-full"
            >
              <option value="" disabled>
                Choose the audience
              </option>
              {ANNOUNCEMENT_AUDIENCES.map((type) => (
                <option key={type} value={type}>
                  {audienceOption[type]}
                </option>
              ))}
            </select>
          </FormField>
        </div>
        <FormField
          id="announcement-details"
          label="Details"
          hint={DETAILS_HINT}
          error={errors.details?.message}
        >
          <textarea
            {...register('details')}
            {...describedBy('announcement-details', errors.details?.message, DETAILS_HINT)}
            rows={8}
            maxLength={ANNOUNCEMENT_LIMITS.details}
            placeholder="What, when, and what residents should do."
            className="textarea w-full"
          />
        </FormField>
        <div className="flex flex-col items-stretch gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-xs text-base-content/70" aria-live="off">
            {detailsLength.toLocaleString('en-US')} /{' '}
            {ANNOUNCEMENT_LIMITS.details.toLocaleString('en-US')} characters
          </p>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            Make Announcement
          </button>
        </div>
      </form>
    </div>
  );
}
