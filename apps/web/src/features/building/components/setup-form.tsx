import { zodResolver } from '@hookform/resolvers/zod';
import { AUTH_PATH, SetupRequestSchema, PASSWORD_HINT } from '@structomate/contract';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import type { z } from 'zod';
import { FormField } from '../../../components/form-field';
import { LoadingSpinner } from '../../../components/loading-spinner';
import { LoadError } from '../../../components/load-error';
import { PasswordInput } from '../../../components/password-input';
import { messageOf } from '../../../lib/api-client';
import { describedBy } from '../../../lib/described-by';
import { useSession } from '../../../lib/session';
import { useClaimBuilding, useSetupStatus } from '../api/setup';
import { showFieldIssues } from '../../../lib/field-issues';
import { BuildingProfileFields } from './building-profile-fields';
import { BusyButton } from '../../../components/busy-button';

const FormSchema = SetupRequestSchema.omit({ token: true });
type FormInput = z.input<typeof FormSchema>;
type FormOutput = z.output<typeof FormSchema>;

const empty: FormInput = {
  admin: { name: '', email: '', password: '' },
  building: {
    name: '',
    address: '',
    contactEmail: '',
    contactPhone: '',
    emergencyPhone: '',
    socialLinks: {},
  },
};

/**
 * First run: the person holding the server's set-up link creates the admin account and names the
 * building, and is signed in as its admin.
 */
export function SetupForm({ token }: { token: string }) {
  const status = useSetupStatus(token);
  if (status.isPending) return <LoadingSpinner label="Checking the set-up link" />;
  if (status.isError) {
    return (
      <LoadError onRetry={() => status.refetch()}>The set-up page could not be loaded.</LoadError>
    );
  }
  if (!status.data.open) return <AlreadySetUp />;
  if (!status.data.tokenValid) {
    return (
      <div role="alert" className="alert alert-error alert-soft items-start">
        <p>
          This set-up link is not valid. Use the link the server printed when it started (it ends in{' '}
          <code>/setup#token=…</code>), or create the admin from a shell with{' '}
          <code>npm run admin:create</code>.
        </p>
      </div>
    );
  }
  return <ClaimForm token={token} />;
}

function AlreadySetUp() {
  const { user } = useSession();
  return (
    <div role="status" className="space-y-4">
      <p>This building already has an admin, so this link has no more use.</p>
      {user ? (
        <Link to="/dashboard" className="btn btn-primary">
          Open the dashboard
        </Link>
      ) : (
        <Link to={AUTH_PATH} className="btn btn-primary">
          Log in
        </Link>
      )}
    </div>
  );
}

function ClaimForm({ token }: { token: string }) {
  const claim = useClaimBuilding();
  const { refresh } = useSession();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(FormSchema),
    defaultValues: empty,
  });

  const submit = handleSubmit(async (values) => {
    try {
      const admin = await claim.mutateAsync({ token, ...values });
      await refresh();
      toast.success(`Welcome ${admin.displayName}. ${values.building.name} is ready to run.`);
      await navigate('/dashboard');
    } catch (error) {
      const atFields = showFieldIssues(error, setError, (issue) =>
        issue.path.startsWith('admin.') || issue.path.startsWith('building.')
          ? (issue.path as keyof FormInput)
          : undefined,
      );
      if (!atFields) toast.error(messageOf(error, 'The building could not be set up. Try again.'));
    }
  });

  const busy = isSubmitting || claim.isPending;
  return (
    <form onSubmit={submit} noValidate aria-label="Set up the building" className="space-y-8">
      <section aria-labelledby="setup-admin" className="space-y-5">
        <h2 id="setup-admin" className="text-lg font-semibold">
          Your admin account
        </h2>
        <div className="grid gap-5 md:grid-cols-2">
          <FormField id="admin-name" label="Your name" error={errors.admin?.name?.message}>
            <input
              {...register('admin.name')}
              {...describedBy('admin-name', errors.admin?.name?.message)}
              autoComplete="name"
              className="input w-full"
            />
          </FormField>
          <FormField id="admin-email" label="Email" error={errors.admin?.email?.message}>
            <input
              {...register('admin.email')}
              {...describedBy('admin-email', errors.admin?.email?.message)}
              type="email"
              autoComplete="email"
              className="input w-full"
            />
          </FormField>
          <FormField
            id="admin-password"
            label="Password"
            hint={PASSWORD_HINT}
            error={errors.admin?.password?.message}
          >
            <PasswordInput
              {...register('admin.password')}
              {...describedBy('admin-password', errors.admin?.password?.message, PASSWORD_HINT)}
              autoComplete="new-password"
            />
          </FormField>
        </div>
      </section>
      <section aria-labelledby="setup-building" className="space-y-5">
        <h2 id="setup-building" className="text-lg font-semibold">
          Your building
        </h2>
        <BuildingProfileFields register={register} errors={errors.building} prefix="building." />
      </section>
      <div className="flex justify-end">
        <BusyButton busy={busy} type="submit" className="btn btn-primary w-full sm:w-auto">
          Create the admin account
        </BusyButton>
      </div>
    </form>
  );
}
