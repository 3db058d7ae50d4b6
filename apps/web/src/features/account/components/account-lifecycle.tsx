import { zodResolver } from '@hookform/resolvers/zod';
import { DELETE_ACCOUNT_MESSAGES, NewEmailSchema, type Account } from '@structomate/contract';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { z } from 'zod';
import { FormField } from '../../../components/form-field';
import { PasswordInput } from '../../../components/password-input';
import { messageOf } from '../../../lib/api-client';
import { describedBy } from '../../../lib/described-by';
import { showFieldIssues } from '../../../lib/field-issues';
import { discardUnsaved } from '../../../lib/unsaved-changes';
import { ACCOUNT_EXPORT_URL, useDeleteAccount, useRequestEmailChange } from '../api/account';
import { AccountSection } from './account-sections';
import { BusyButton } from '../../../components/busy-button';

const emailFormSchema = (needsPassword: boolean) =>
  z.object({
    email: NewEmailSchema,
    currentPassword: needsPassword
      ? z.string().min(1, { error: 'Enter your current password.' })
      : z.string().optional(),
  });
type EmailForm = z.infer<ReturnType<typeof emailFormSchema>>;

/** A new email address, confirmed from that mailbox before the account uses it. */
export function EmailSection({ account }: { account: Account }) {
  const change = useRequestEmailChange();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<EmailForm>({ resolver: zodResolver(emailFormSchema(account.hasPassword)) });
  const submit = handleSubmit((values) =>
    change.mutate(values, {
      onError: (error) => {
        const atField = showFieldIssues(error, setError, (issue) =>
          issue.path === 'email' || issue.path === 'currentPassword' ? issue.path : undefined,
        );
        if (!atField) toast.error(messageOf(error, 'The email could not be changed.'));
      },
    }),
  );
  return (
    <AccountSection
      id="account-email"
      title="Email"
      description={`You sign in and get mail at ${account.user.email}.`}
    >
      {change.isSuccess ? (
        <div role="status" className="alert alert-success alert-soft items-start">
          <p>{change.data.message}</p>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="max-w-md space-y-4" aria-label="Email">
          <FormField id="account-new-email" label="New email" error={errors.email?.message}>
            <input
              {...register('email')}
              {...describedBy('account-new-email', errors.email?.message)}
              type="email"
              autoComplete="email"
              className="input w-full"
            />
          </FormField>
          {account.hasPassword && (
            <FormField
              id="account-email-password"
              label="Current password"
              error={errors.currentPassword?.message}
            >
              <PasswordInput
                {...register('currentPassword')}
                {...describedBy('account-email-password', errors.currentPassword?.message)}
                autoComplete="current-password"
              />
            </FormField>
          )}
          <BusyButton busy={change.isPending} type="submit" className="btn btn-primary">
            Send a confirmation link
          </BusyButton>
        </form>
      )}
    </AccountSection>
  );
}

const deleteFormSchema = (needsPassword: boolean) =>
  z.object({
    currentPassword: needsPassword
      ? z.string().min(1, { error: 'Enter your current password.' })
      : z.string().optional(),
    confirm: z.literal('DELETE', { error: 'Type DELETE to confirm.' }),
  });
type DeleteForm = z.input<ReturnType<typeof deleteFormSchema>>;

/** Your data to take away, and deleting the account. */
export function YourDataSection({ account }: { account: Account }) {
  const remove = useDeleteAccount();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<DeleteForm>({
    resolver: zodResolver(deleteFormSchema(account.hasPassword)),
    defaultValues: { confirm: '' as 'DELETE' },
  });
  const submit = handleSubmit((values) =>
    remove.mutate(
      {
        confirm: 'DELETE',
        ...(account.hasPassword ? { currentPassword: values.currentPassword } : {}),
      },
      {
        onSuccess: async () => {
          toast.success(DELETE_ACCOUNT_MESSAGES.deleted);
          // The account is gone: a profile left half-edited has nowhere to be saved.
          discardUnsaved();
          await navigate('/', { replace: true });
          await remove.forget();
        },
        onError: (error) => {
          const atField = showFieldIssues(error, setError, (issue) =>
            issue.path === 'currentPassword' ? 'currentPassword' : undefined,
          );
          if (!atField) toast.error(messageOf(error, 'The account could not be deleted.'));
        },
      },
    ),
  );
  return (
    <AccountSection
      id="account-data"
      title="Your data"
      description="Everything the building keeps about you, and leaving for good."
    >
      <div className="space-y-6">
        <div className="space-y-2">
          <p className="text-sm">
            Your profile, leases, payments and email settings, as a JSON file.
          </p>
          <a href={ACCOUNT_EXPORT_URL} download className="btn btn-outline">
            Download my data
          </a>
        </div>
        <form
          onSubmit={submit}
          noValidate
          aria-label="Delete my account"
          className="space-y-4 rounded-box border border-error/40 p-4"
        >
          <h3 className="font-semibold text-error">Delete my account</h3>
          <p className="text-sm text-base-content/75">
            Your name, email, photo and settings are erased and you are signed out everywhere.
            Leases and payments stay in the building&apos;s books without your name. Not possible
            while you rent an apartment here or owe rent.
          </p>
          {account.hasPassword && (
            <FormField
              id="delete-password"
              label="Current password"
              error={errors.currentPassword?.message}
            >
              <PasswordInput
                {...register('currentPassword')}
                {...describedBy('delete-password', errors.currentPassword?.message)}
                autoComplete="current-password"
              />
            </FormField>
          )}
          <FormField
            id="delete-confirm"
            label="Type DELETE to confirm"
            error={errors.confirm?.message}
          >
            <input
              {...register('confirm')}
              {...describedBy('delete-confirm', errors.confirm?.message)}
              autoComplete="off"
              className="input w-full max-w-xs"
            />
          </FormField>
          <BusyButton busy={remove.isPending} type="submit" className="btn btn-error">
            Delete my account
          </BusyButton>
        </form>
      </div>
    </AccountSection>
  );
}
