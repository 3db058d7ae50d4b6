import { zodResolver } from '@hookform/resolvers/zod';
import {
  AUTH_PATH,
  PasswordResetRequestSchema,
  type PasswordResetRequest,
} from '@structomate/contract';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import { FormField } from '../../../components/form-field';
import { messageOf } from '../../../lib/api-client';
import { describedBy } from '../../../lib/described-by';
import { useRequestPasswordReset } from '../api/password-reset';
import { BusyButton } from '../../../components/busy-button';

/**
 * The email typed on the login page before its "Forgot password?" link was followed (router
 * state, never the address: it stays out of server logs and shared links), or nothing.
 */
function typedEmailFrom(state: unknown): string {
  const email = (state as { email?: unknown } | null)?.email;
  return typeof email === 'string' && email.length <= 254 ? email : '';
}

/** Asks for a link to choose a new password; the answer never says whether the account exists. */
export function ForgotPasswordForm() {
  const request = useRequestPasswordReset();
  const location = useLocation();
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<PasswordResetRequest>({
    resolver: zodResolver(PasswordResetRequestSchema),
    defaultValues: { email: typedEmailFrom(location.state) },
  });

  if (request.isSuccess) {
    return (
      <div className="space-y-4">
        <div role="status" className="alert alert-success alert-soft items-start">
          <p>{request.data.message}</p>
        </div>
        <p className="text-sm text-base-content/75">
          Sent to <strong className="[overflow-wrap:anywhere]">{getValues('email')}</strong>. Check
          the spam folder if it is not there in a few minutes.
        </p>
        <div className="flex flex-wrap gap-2">
          <Link to={AUTH_PATH} className="btn btn-primary">
            Back to login
          </Link>
          <button type="button" className="btn btn-ghost" onClick={() => request.reset()}>
            Use another email
          </button>
        </div>
      </div>
    );
  }

  return (
    <form
      onSubmit={handleSubmit((body) => request.mutate(body))}
      noValidate
      aria-label="Forgot password"
      className="space-y-4"
    >
      <p className="text-base-content/75">
        Enter the email you log in with. We will send a link to choose a new password.
      </p>
      <FormField id="reset-email" label="Email" error={errors.email?.message}>
        <input
          {...register('email')}
          {...describedBy('reset-email', errors.email?.message)}
          type="email"
          autoComplete="email"
          className="input w-full"
          placeholder="you@example.com"
        />
      </FormField>
      {request.isError && (
        <div role="alert" className="alert alert-error alert-soft">
          <p>{messageOf(request.error, 'The link could not be sent. Try again.')}</p>
        </div>
      )}
      <BusyButton busy={request.isPending} type="submit" className="btn btn-primary btn-block">
        Send the link
      </BusyButton>
      <p className="text-center text-sm">
        Remembered it?{' '}
        <Link to={AUTH_PATH} className="link link-primary font-medium">
          Back to login
        </Link>
      </p>
    </form>
  );
}
