import { zodResolver } from '@hookform/resolvers/zod';
import {
  FORGOT_PASSWORD_PATH,
  PASSWORD_RESET_MESSAGES,
  PasswordSchema,
  PASSWORD_HINT,
  PASSWORDS_DIFFER,
} from '@structomate/contract';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { z } from 'zod';
import { FormField } from '../../../components/form-field';
import { LoadingSpinner } from '../../../components/loading-spinner';
import { PasswordInput } from '../../../components/password-input';
import { ApiError, messageOf } from '../../../lib/api-client';
import { describedBy } from '../../../lib/described-by';
import { showFieldIssues } from '../../../lib/field-issues';
import { useResetLink, useResetPassword } from '../api/password-reset';
import { BusyButton } from '../../../components/busy-button';

const NewPasswordSchema = z
  .object({ password: PasswordSchema, repeat: z.string() })
  .refine((values) => values.password === values.repeat, {
    path: ['repeat'],
    error: PASSWORDS_DIFFER,
  });
type NewPassword = z.infer<typeof NewPasswordSchema>;

function BadLink({ message }: { message: string }) {
  return (
    <div className="space-y-4">
      <div role="alert" className="alert alert-error alert-soft items-start">
        <p>{message}</p>
      </div>
      <Link to={FORGOT_PASSWORD_PATH} className="btn btn-primary">
        Ask for a new link
      </Link>
    </div>
  );
}

/** The page a mailed link opens: checks the link, then takes the new password. */
export function ResetPasswordForm({ token }: { token: string }) {
  const link = useResetLink(token);
  if (!token) return <BadLink message={PASSWORD_RESET_MESSAGES.badLink} />;
  if (link.isPending) return <LoadingSpinner label="Checking the link" />;
  if (link.isError) {
    return (
      <div role="alert" className="alert alert-error alert-soft items-start">
        <p>
          {messageOf(link.error, 'The link could not be checked.')} Reload the page to try again.
        </p>
      </div>
    );
  }
  if (!link.data.valid || !link.data.email) {
    return <BadLink message={PASSWORD_RESET_MESSAGES.badLink} />;
  }
  return <NewPasswordForm token={token} email={link.data.email} />;
}

function NewPasswordForm({ token, email }: { token: string; email: string }) {
  const reset = useResetPassword();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<NewPassword>({ resolver: zodResolver(NewPasswordSchema) });

  const submit = handleSubmit(({ password }) =>
    reset.mutate(
      { token, password },
      {
        onSuccess: () => {
          toast.success(PASSWORD_RESET_MESSAGES.changed);
          void navigate('/dashboard', { replace: true });
        },
        onError: (error) => {
          const atField = showFieldIssues(error, setError, (issue) =>
            issue.path === 'password' ? 'password' : undefined,
          );
          if (!atField) toast.error(messageOf(error, 'The password could not be changed.'));
        },
      },
    ),
  );

  if (reset.error instanceof ApiError && reset.error.status === 400 && !reset.error.issues.length) {
    return <BadLink message={reset.error.message} />;
  }
  return (
    <form onSubmit={submit} noValidate aria-label="Choose a new password" className="space-y-4">
      <p className="text-base-content/75">
        For <strong className="[overflow-wrap:anywhere]">{email}</strong>. Every other session of
        the account is signed out when you save.
      </p>
      <FormField
        id="new-password"
        label="New password"
        hint={PASSWORD_HINT}
        error={errors.password?.message}
      >
        <PasswordInput
          {...register('password')}
          {...describedBy('new-password', errors.password?.message, PASSWORD_HINT)}
          autoComplete="new-password"
        />
      </FormField>
      <FormField id="repeat-password" label="New password again" error={errors.repeat?.message}>
        <PasswordInput
          {...register('repeat')}
          {...describedBy('repeat-password', errors.repeat?.message)}
          autoComplete="new-password"
        />
      </FormField>
      <BusyButton busy={reset.isPending} type="submit" className="btn btn-primary btn-block">
        Save the new password
      </BusyButton>
    </form>
  );
}
