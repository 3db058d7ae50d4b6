import { zodResolver } from '@hookform/resolvers/zod';
import {
  MAINTENANCE_CATEGORIES,
  MAINTENANCE_CATEGORY_LABELS,
  MAINTENANCE_LIMITS,
  MAINTENANCE_MESSAGES,
  MAINTENANCE_URGENCIES,
  MAINTENANCE_URGENCY_LABELS,
  NewMaintenanceRequestSchema,
  type MaintenancePhoto,
  type NewMaintenanceRequest,
  type NewMaintenanceRequestInput,
} from '@structomate/contract';
import { useCallback, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { LuPhone, LuSiren } from 'react-icons/lu';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { FormField } from '../../../components/form-field';
import { LoadError } from '../../../components/load-error';
import { LoadingSpinner } from '../../../components/loading-spinner';
import { PageHeader } from '../../../components/page-header';
import { messageOf } from '../../../lib/api-client';
import { describedBy } from '../../../lib/described-by';
import { dismissErrorToast, errorToast } from '../../../lib/error-toast';
import { showFieldIssues } from '../../../lib/field-issues';
import { useSession } from '../../../lib/session';
import { discardUnsaved, isAnswered, useUnsavedChanges } from '../../../lib/unsaved-changes';
import { useCreateRequest } from '../api/create-request';
import { useMyRequests } from '../api/get-my-requests';
import { telHref } from './format';
import { PhotoPicker } from './photo-picker';
import { BusyButton } from '../../../components/busy-button';

const FIELDS = [
  'category',
  'title',
  'description',
  'location',
  'urgency',
  'entryPermission',
  'preferredTimes',
] as const;
type Field = (typeof FIELDS)[number];
const isField = (name: string): name is Field => (FIELDS as readonly string[]).includes(name);

const DESCRIPTION_HINT = 'What happened, since when, what you already tried. Line breaks are kept.';

/** The tenant's "Report a problem" page. */
export function NewRequestPage() {
  const { user } = useSession();
  const mine = useMyRequests(user?.role !== 'admin');
  const back = (
    <Link to="/dashboard/maintenance" className="btn btn-ghost btn-sm">
      ← Maintenance
    </Link>
  );
  if (user?.role === 'admin') {
    return (
      <div className="space-y-4">
        {back}
        <div
          role="alert"
          className="rounded-box border border-info/30 bg-info/10 px-4 py-3 text-sm"
        >
          <span>{MAINTENANCE_MESSAGES.notTenant}</span>
        </div>
      </div>
    );
  }
  return (
    <div className="space-y-6">
      {back}
      <PageHeader
        title="Report a problem"
        description="Tell the building what needs fixing. You can follow it and talk with the building on its page."
      />
      {mine.isPending ? (
        <LoadingSpinner label="Loading the form" />
      ) : mine.isError ? (
        <LoadError onRetry={mine.refetch}>The form could not be loaded.</LoadError>
      ) : !mine.data.canFile ? (
        <div
          role="alert"
          className="rounded-box border border-info/30 bg-info/10 px-4 py-3 text-sm"
        >
          <span>
            {user?.role === 'user' && mine.data.result.length > 0
              ? MAINTENANCE_MESSAGES.formerTenant
              : MAINTENANCE_MESSAGES.notTenant}
          </span>
        </div>
      ) : (
        <NewRequestForm emergencyPhone={mine.data.emergencyPhone} />
      )}
    </div>
  );
}

/** What to do now in an emergency: call the building (a tap on a phone) before sending. */
function EmergencyCall({ phone }: { phone: string | null }) {
  if (!phone) {
    return (
      <div role="alert" className="alert alert-error">
        <LuSiren aria-hidden="true" className="size-6 shrink-0" />
        <span className="font-medium">{MAINTENANCE_MESSAGES.emergencyNoPhone}</span>
      </div>
    );
  }
  const [before = '', after = ''] = MAINTENANCE_MESSAGES.emergencyCall(phone).split(phone);
  return (
    <div
      role="alert"
      className="alert alert-error flex flex-col items-start gap-3 sm:flex-row sm:items-center"
    >
      <LuSiren aria-hidden="true" className="hidden size-6 shrink-0 sm:block" />
      <p className="font-medium">
        {before}
        <a href={telHref(phone)} className="font-bold whitespace-nowrap underline">
          {phone}
        </a>
        {after}
      </p>
      <a href={telHref(phone)} className="btn btn-sm border-0 bg-base-100 text-error sm:ml-auto">
        <LuPhone aria-hidden="true" />
        Call now
      </a>
    </div>
  );
}

function NewRequestForm({ emergencyPhone }: { emergencyPhone: string | null }) {
  const navigate = useNavigate();
  const creating = useCreateRequest();
  const [photos, setPhotos] = useState<MaintenancePhoto[]>([]);
  const [photosError, setPhotosError] = useState<string | undefined>();
  const [uploading, setUploading] = useState(false);
  const onBusyChange = useCallback((busy: boolean) => setUploading(busy), []);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<NewMaintenanceRequestInput, unknown, NewMaintenanceRequest>({
    resolver: zodResolver(NewMaintenanceRequestSchema),
    defaultValues: {
      title: '',
      description: '',
      location: '',
      preferredTimes: '',
      photoIds: [],
    },
  });
  // Anything answered counts (isAnswered; the kind of problem has no default).
  const answers = useWatch({ control });
  // A photo still uploading counts too: leaving drops it as surely as one uploaded.
  useUnsavedChanges(uploading || photos.length > 0 || Object.values(answers).some(isAnswered));
  const urgency = useWatch({ control, name: 'urgency' });
  const description = useWatch({ control, name: 'description' }) ?? '';

  const submit = handleSubmit(async (values) => {
    setPhotosError(undefined);
    try {
      const request = await creating.mutateAsync({
        ...values,
        photoIds: photos.map((photo) => photo._id),
      });
      dismissErrorToast('maintenance-new');
      toast.success(MAINTENANCE_MESSAGES.filed);
      // Sent: what was typed is now the request the next page shows.
      discardUnsaved();
      await navigate(`/dashboard/maintenance/${request._id}`);
    } catch (error) {
      let atPhotos = false;
      const atField = showFieldIssues(error, setError, (issue) => {
        const field = issue.path.split('.')[0] ?? '';
        if (field === 'photoIds') {
          setPhotosError(issue.message);
          atPhotos = true;
          return undefined;
        }
        return isField(field) ? field : undefined;
      });
      errorToast(
        'maintenance-new',
        atField || atPhotos
          ? 'Some answers need another look.'
          : messageOf(error, 'The request could not be sent. Try again.'),
      );
    }
  });

  const busy = isSubmitting || creating.isPending;
  const descriptionError = errors.description?.message;
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Report a problem"
      className="space-y-6 rounded-box border border-base-300 bg-base-100 p-5 shadow-sm sm:p-8"
    >
      <fieldset
        className="space-y-3"
        aria-describedby={errors.urgency?.message ? 'request-urgency-error' : undefined}
      >
        <legend className="mb-1.5 text-sm font-medium">How urgent is it?</legend>
        <div className="grid gap-3 md:grid-cols-3">
          {MAINTENANCE_URGENCIES.map((value) => {
            const { label, description: meaning } = MAINTENANCE_URGENCY_LABELS[value];
            const checked = urgency === value;
            return (
              <label
                key={value}
                className={`flex cursor-pointer gap-3 rounded-field border p-4 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary ${
                  checked
                    ? value === 'emergency'
                      ? 'border-error bg-error/5'
                      : 'border-primary bg-primary/5'
                    : 'border-base-300 hover:border-base-content/30'
                }`}
              >
                <input
                  {...register('urgency')}
                  type="radio"
                  value={value}
                  className={`radio radio-sm mt-0.5 ${value === 'emergency' ? 'radio-error' : 'radio-primary'}`}
                  aria-invalid={errors.urgency ? true : undefined}
                  aria-describedby={`request-urgency-${value}-meaning`}
                />
                <span className="min-w-0">
                  <span className="block font-semibold">{label}</span>
                  <span
                    id={`request-urgency-${value}-meaning`}
                    className="block text-sm text-base-content/75"
                  >
                    {meaning}
                  </span>
                </span>
              </label>
            );
          })}
        </div>
        {errors.urgency?.message && (
          <p id="request-urgency-error" role="alert" className="text-sm text-error">
            {errors.urgency.message}
          </p>
        )}
        {urgency === 'emergency' && <EmergencyCall phone={emergencyPhone} />}
      </fieldset>

      <div className="grid gap-5 md:grid-cols-2">
        <FormField
          id="request-category"
          label="What kind of problem"
          error={errors.category?.message}
        >
          <select
            {...register('category')}
            {...describedBy('request-category', errors.category?.message)}
            defaultValue=""
            className="select w-full"
          >
            <option value="" disabled>
              Choose one
            </option>
            {MAINTENANCE_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {MAINTENANCE_CATEGORY_LABELS[category]}
              </option>
            ))}
          </select>
        </FormField>
        <FormField
          id="request-location"
          label="Where"
          hint="The room in your apartment, or which common area."
          error={errors.location?.message}
        >
          <input
            {...register('location')}
            {...describedBy(
              'request-location',
              errors.location?.message,
              'The room in your apartment, or which common area.',
            )}
            maxLength={MAINTENANCE_LIMITS.location}
            placeholder="Kitchen, under the sink"
            className="input w-full"
          />
        </FormField>
      </div>

      <FormField id="request-title" label="Title" error={errors.title?.message}>
        <input
          {...register('title')}
          {...describedBy('request-title', errors.title?.message)}
          maxLength={MAINTENANCE_LIMITS.title}
          placeholder="Kitchen tap leaking"
          className="input w-full"
        />
      </FormField>

      <div className="space-y-1">
        <FormField
          id="request-description"
          label="Description"
          hint={DESCRIPTION_HINT}
          error={descriptionError}
        >
          <textarea
            {...register('description')}
            {...describedBy('request-description', descriptionError, DESCRIPTION_HINT)}
            rows={6}
            maxLength={MAINTENANCE_LIMITS.description}
            className="textarea w-full"
          />
        </FormField>
        <p className="text-right text-xs text-base-content/70">
          {description.length.toLocaleString('en-US')} /{' '}
          {MAINTENANCE_LIMITS.description.toLocaleString('en-US')} characters
        </p>
      </div>

      <div className="grid gap-5 md:grid-cols-2">
        <Controller
          control={control}
          name="entryPermission"
          render={({ field }) => (
            <fieldset
              className="space-y-2"
              aria-describedby={
                errors.entryPermission?.message ? 'request-entry-error' : 'request-entry-hint'
              }
            >
              <legend className="mb-1.5 text-sm font-medium">
                May the building enter when you are out?
              </legend>
              <div className="flex flex-wrap gap-3">
                {(
                  [
                    [true, 'Yes, they may enter'],
                    [false, 'No, only when I am in'],
                  ] as const
                ).map(([value, label], index) => (
                  <label
                    key={label}
                    className={`flex cursor-pointer items-center gap-2 rounded-field border px-3 py-2 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary ${
                      field.value === value ? 'border-primary bg-primary/5' : 'border-base-300'
                    }`}
                  >
                    <input
                      // A refusal here takes the focus to the first choice.
                      ref={index === 0 ? field.ref : undefined}
                      type="radio"
                      name={field.name}
                      className="radio radio-primary radio-sm"
                      checked={field.value === value}
                      onChange={() => field.onChange(value)}
                      onBlur={field.onBlur}
                      aria-invalid={errors.entryPermission ? true : undefined}
                    />
                    {label}
                  </label>
                ))}
              </div>
              {errors.entryPermission?.message ? (
                <p id="request-entry-error" role="alert" className="text-sm text-error">
                  {errors.entryPermission.message}
                </p>
              ) : (
                <p id="request-entry-hint" className="text-xs text-base-content/70">
                  With your permission a repair need not wait for you to be home.
                </p>
              )}
            </fieldset>
          )}
        />
        <FormField
          id="request-times"
          label="Preferred times (optional)"
          hint="When a visit suits you best."
          error={errors.preferredTimes?.message}
        >
          <input
            {...register('preferredTimes')}
            {...describedBy(
              'request-times',
              errors.preferredTimes?.message,
              'When a visit suits you best.',
            )}
            maxLength={MAINTENANCE_LIMITS.preferredTimes}
            placeholder="Weekdays after 5 pm"
            className="input w-full"
          />
        </FormField>
      </div>

      <PhotoPicker
        photos={photos}
        onChange={setPhotos}
        onBusyChange={onBusyChange}
        error={photosError}
      />

      <div className="flex flex-col-reverse gap-3 border-t border-base-300 pt-5 sm:flex-row sm:items-center sm:justify-end">
        <Link to="/dashboard/maintenance" className="btn btn-ghost">
          Cancel
        </Link>
        <BusyButton
          busy={busy || uploading}
          type="submit"
          className={`btn ${urgency === 'emergency' ? 'btn-error' : 'btn-primary'}`}
        >
          {uploading ? 'Uploading photos…' : 'Send request'}
        </BusyButton>
      </div>
    </form>
  );
}
