import { zodResolver } from '@hookform/resolvers/zod';
import {
  BUILDING_MESSAGES,
  BuildingSettingsFormSchema,
  type Building,
  type BuildingSettingsForm,
  type BuildingSettingsFormInput,
} from '@structomate/contract';
import { useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import { LoadError } from '../../../components/load-error';
import { LoadingSpinner } from '../../../components/loading-spinner';
import { PageHeader } from '../../../components/page-header';
import { ApiError, messageOf } from '../../../lib/api-client';
import { useBuilding } from '../../../lib/building';
import { useUpdateBuilding } from '../api/update-building';
import { showFieldIssues } from '../../../lib/field-issues';
import { BuildingProfileFields } from './building-profile-fields';
import { LeaseDefaultFields } from './lease-default-fields';
import { BusyButton } from '../../../components/busy-button';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';

const formValues = (building: Building): BuildingSettingsFormInput => ({
  leaseDefaults: { ...building.leaseDefaults },
  name: building.name,
  address: building.address,
  contactEmail: building.contactEmail ?? '',
  contactPhone: building.contactPhone ?? '',
  emergencyPhone: building.emergencyPhone ?? '',
  socialLinks: { ...building.socialLinks },
});

/** Building settings (admin): the profile every page shows. */
export function BuildingSettings() {
  const building = useBuilding();
  return (
    <div className="space-y-6">
      <PageHeader
        title="Building settings"
        description="What residents and visitors see of the building, and the terms new leases take."
      />
      {building.isPending ? (
        <LoadingSpinner label="Loading the building settings" />
      ) : building.isError ? (
        <LoadError onRetry={() => building.refetch()}>
          The building settings could not be loaded.
        </LoadError>
      ) : (
        // A new version (saved here or reloaded) starts the form afresh from it.
        <SettingsForm key={building.data.version} building={building.data} />
      )}
    </div>
  );
}

function SettingsForm({ building }: { building: Building }) {
  const update = useUpdateBuilding();
  const { refetch } = useBuilding();
  const [stale, setStale] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<BuildingSettingsFormInput, unknown, BuildingSettingsForm>({
    resolver: zodResolver(BuildingSettingsFormSchema),
    defaultValues: formValues(building),
  });

  const submit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ ...values, version: building.version });
      toast.success(BUILDING_MESSAGES.saved);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        setStale(true);
        return;
      }
      const atFields = showFieldIssues(error, setError, (issue) =>
        issue.path === 'version' ? undefined : (issue.path as Path<BuildingSettingsFormInput>),
      );
      if (!atFields) toast.error(messageOf(error, 'The settings could not be saved. Try again.'));
    }
  });

  const busy = isSubmitting || update.isPending;
  useUnsavedChanges(isDirty);
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Building settings"
      className="space-y-6 rounded-box border border-base-300 bg-base-100 p-5 shadow-sm sm:p-8"
    >
      {stale && (
        <div role="alert" className="alert alert-warning alert-soft flex-wrap">
          <span>{BUILDING_MESSAGES.changedMeanwhile}</span>
          <button type="button" className="btn btn-sm" onClick={() => void refetch()}>
            Reload
          </button>
        </div>
      )}
      <BuildingProfileFields register={register} errors={errors} prefix="" />
      <LeaseDefaultFields register={register} errors={errors.leaseDefaults} />
      <div className="flex justify-end">
        <BusyButton
          busy={busy}
          type="submit"
          className="btn btn-primary w-full sm:w-auto"
          unavailable={!isDirty}
        >
          Save settings
        </BusyButton>
      </div>
    </form>
  );
}
