import { zodResolver } from '@hookform/resolvers/zod';
import {
  APARTMENT_LIMITS,
  APARTMENT_MESSAGES,
  ApartmentFormSchema,
  type ApartmentForm,
  type ApartmentFormInput,
  type ManagedApartment,
} from '@structomate/contract';
import { useCallback, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from '../../../lib/toast';
import { FormField } from '../../../components/form-field';
import { LoadError } from '../../../components/load-error';
import { LoadingSpinner } from '../../../components/loading-spinner';
import { PageHeader } from '../../../components/page-header';
import { ApiError, messageOf } from '../../../lib/api-client';
import { describedBy } from '../../../lib/described-by';
import { showFieldIssues } from '../../../lib/field-issues';
import { discardUnsaved, useUnsavedChanges } from '../../../lib/unsaved-changes';
import { useBackToList } from '../../../lib/use-page';
import { useManagedApartment } from '../api/get-managed-apartment';
import { useSaveApartment } from '../api/save-apartment';
import { ApartmentStatusBadge } from './apartment-status-badge';
import { ApartmentStatusPanel } from './apartment-status-panel';
import { PhotoManager } from './photo-manager';
import { BusyButton } from '../../../components/busy-button';

/** The way back to the list, with the view the apartment was opened from. */
function Back() {
  return (
    <Link to={useBackToList('..')} relative="path" className="btn btn-ghost btn-sm">
      ← Apartments
    </Link>
  );
}

/** Add an apartment (`/dashboard/apartments/new`) or edit one (`…/apartments/:id`). */
export function ApartmentEditor() {
  const { apartmentId = 'new' } = useParams();
  const isNew = apartmentId === 'new';
  const apartment = useManagedApartment(isNew ? undefined : apartmentId);
  if (isNew) {
    return (
      <div className="space-y-6">
        <Back />
        <PageHeader
          title="Add an apartment"
          description="It appears on the listing as soon as it is saved, unless you keep it unlisted."
        />
        <ApartmentFormCard />
      </div>
    );
  }
  if (apartment.isPending) return <LoadingSpinner label="Loading the apartment" />;
  if (apartment.isError) {
    const missing =
      apartment.error instanceof ApiError && [400, 404].includes(apartment.error.status);
    return (
      <div className="space-y-4">
        <Back />
        {missing ? (
          <div role="alert" className="space-y-2 py-8 text-center">
            <h1 className="text-2xl font-semibold">No such apartment</h1>
            <p className="text-base-content/75">It may have been deleted, or the link mistyped.</p>
          </div>
        ) : (
          <LoadError onRetry={apartment.refetch}>The apartment could not be loaded.</LoadError>
        )}
      </div>
    );
  }
  const current = apartment.data;
  return (
    <div className="space-y-6">
      <Back />
      <PageHeader
        title={`Apartment ${current.apartmentNo}`}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <ApartmentStatusBadge status={current.status} />
            <span>
              Block {current.blockName} · Floor {current.floorNo}
            </span>
          </span>
        }
      />
      <ApartmentStatusPanel apartment={current} />
      {/* A new version (saved here or reloaded) starts the form afresh from it. */}
      <ApartmentFormCard
        key={current.version}
        apartment={current}
        onReload={() => void apartment.refetch()}
      />
    </div>
  );
}

const formValues = (apartment?: ManagedApartment): ApartmentFormInput => ({
  apartmentNo: apartment?.apartmentNo ?? '',
  blockName: apartment?.blockName ?? '',
  floorNo: apartment ? String(apartment.floorNo) : '',
  rent: apartment ? String(apartment.rent) : '',
  details: apartment?.details ?? '',
});

function ApartmentFormCard({
  apartment,
  onReload,
}: {
  apartment?: ManagedApartment;
  /** Loads the apartment again (after someone else changed it). */
  onReload?: () => void;
}) {
  const navigate = useNavigate();
  const save = useSaveApartment();
  const [savedPhotos] = useState(() => apartment?.photos.map((photo) => photo.url) ?? []);
  const [photos, setPhotos] = useState(savedPhotos);
  const [photoError, setPhotoError] = useState<string>();
  const [uploading, setUploading] = useState(false);
  const [listed, setListed] = useState(true);
  const [stale, setStale] = useState(false);
  const onBusyChange = useCallback((busy: boolean) => setUploading(busy), []);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ApartmentFormInput, unknown, ApartmentForm>({
    resolver: zodResolver(ApartmentFormSchema),
    defaultValues: formValues(apartment),
  });
  // A saved edit starts the form afresh (a new version, a new key): what is left is not saved, a
  // photo still uploading included.
  useUnsavedChanges(
    isDirty || !listed || uploading || photos.join('\n') !== savedPhotos.join('\n'),
  );

  const submit = handleSubmit(async (values) => {
    setPhotoError(undefined);
    try {
      if (apartment) {
        const saved = await save.mutateAsync({
          id: apartment._id,
          body: { ...values, photos, version: apartment.version },
        });
        toast.success(APARTMENT_MESSAGES.saved(saved.apartmentNo));
      } else {
        const created = await save.mutateAsync({
          body: { ...values, photos, status: listed ? 'listed' : 'unlisted' },
        });
        toast.success(APARTMENT_MESSAGES.created(created.apartmentNo));
        discardUnsaved();
        await navigate('/dashboard/apartments');
      }
    } catch (error) {
      if (
        error instanceof ApiError &&
        error.status === 409 &&
        error.message === APARTMENT_MESSAGES.changedMeanwhile
      ) {
        setStale(true);
        return;
      }
      let atFields = showFieldIssues(error, setError, (issue) => {
        const field = issue.path.split('.')[0];
        return field === 'apartmentNo' ||
          field === 'blockName' ||
          field === 'floorNo' ||
          field === 'rent' ||
          field === 'details'
          ? field
          : undefined;
      });
      if (error instanceof ApiError && error.issues.some((i) => i.path.startsWith('photos'))) {
        setPhotoError(error.message);
        atFields = true;
      }
      if (!atFields) toast.error(messageOf(error, 'The apartment could not be saved. Try again.'));
    }
  });

  const busy = isSubmitting || save.isPending;
  const rentHint = apartment
    ? 'A new rent applies to leases signed from now on; current leases and waiting requests keep theirs.'
    : 'Whole taka per month.';
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={apartment ? `Edit apartment ${apartment.apartmentNo}` : 'New apartment'}
      className="space-y-6 rounded-box border border-base-300 bg-base-100 p-5 shadow-sm sm:p-8"
    >
      {stale && (
        <div role="alert" className="alert alert-warning alert-soft flex-wrap">
          <span>{APARTMENT_MESSAGES.changedMeanwhile}</span>
          <button type="button" className="btn btn-sm" onClick={onReload}>
            Reload
          </button>
        </div>
      )}
      <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        <FormField id="apartment-no" label="Apartment number" error={errors.apartmentNo?.message}>
          <input
            {...register('apartmentNo')}
            {...describedBy('apartment-no', errors.apartmentNo?.message)}
            maxLength={APARTMENT_LIMITS.apartmentNo}
            className="input w-full"
          />
        </FormField>
        <FormField id="apartment-block" label="Block" error={errors.blockName?.message}>
          <input
            {...register('blockName')}
            {...describedBy('apartment-block', errors.blockName?.message)}
            maxLength={APARTMENT_LIMITS.blockName}
            className="input w-full"
          />
        </FormField>
        <FormField id="apartment-floor" label="Floor" error={errors.floorNo?.message}>
          <input
            {...register('floorNo')}
            {...describedBy('apartment-floor', errors.floorNo?.message)}
            inputMode="numeric"
            className="input w-full"
          />
        </FormField>
        <FormField
          id="apartment-rent"
          label="Rent (BDT per month)"
          hint={rentHint}
          error={errors.rent?.message}
        >
          <input
            {...register('rent')}
            {...describedBy('apartment-rent', errors.rent?.message, rentHint)}
            inputMode="numeric"
            className="input w-full"
          />
        </FormField>
      </div>
      <FormField id="apartment-details" label="Details" error={errors.details?.message}>
        <textarea
          {...register('details')}
          {...describedBy('apartment-details', errors.details?.message)}
          maxLength={APARTMENT_LIMITS.details}
          rows={4}
          className="textarea w-full"
        />
      </FormField>
      <PhotoManager
        photos={photos}
        onChange={setPhotos}
        onBusyChange={onBusyChange}
        error={photoError}
      />
      {!apartment && (
        <label className="flex cursor-pointer items-start gap-3">
          <input
            type="checkbox"
            className="checkbox checkbox-primary mt-0.5"
            checked={listed}
            onChange={(event) => setListed(event.target.checked)}
          />
          <span>
            <span className="block text-sm font-medium">Show it on the listing now</span>
            <span className="block text-xs text-base-content/70">
              Leave this off to keep it unlisted until it is ready to let.
            </span>
          </span>
        </label>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-end">
        {uploading && (
          <p className="text-sm text-base-content/75" aria-live="polite">
            Wait for the photos to finish uploading.
          </p>
        )}
        <BusyButton
          busy={busy}
          type="submit"
          className="btn btn-primary w-full sm:w-auto"
          disabled={uploading}
        >
          {apartment ? 'Save changes' : 'Add apartment'}
        </BusyButton>
      </div>
    </form>
  );
}
