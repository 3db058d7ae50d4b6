import { zodResolver } from '@hookform/resolvers/zod';
import {
  AUTH_MESSAGES,
  FORGOT_PASSWORD_PATH,
  LoginRequestSchema,
  REGISTRATION_PATH,
  type LoginRequest,
} from '@structomate/contract';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { FormField } from '../../../components/form-field';
import { describedBy } from '../../../lib/described-by';
import { PasswordInput } from '../../../components/password-input';
import { messageOf } from '../../../lib/api-client';
import { dismissErrorToast, errorToast } from '../../../lib/error-toast';
import { untilApp, useHydrated } from '../../../lib/hydrated';
import { useLogin } from '../api/login';
import { GoogleButton } from './google-button';
import { returnPathFrom } from './return-path';
import { BusyButton } from '../../../components/busy-button';

/** One error toast for the form: repeated failures replace it (the limit is 5 at once). */
const LOGIN_TOAST = 'login';

/** Spec §2 Login: email, password with show/hide, Login, OR, Google, link to registration. */
export function LoginForm() {
  const location = useLocation();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const returnTo = returnPathFrom(location.state);
  const login = useLogin();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<LoginRequest>({ resolver: zodResolver(LoginRequestSchema) });
  const typedEmail = useWatch({ control, name: 'email' }) ?? '';

  const submit = handleSubmit((credentials) =>
    login.mutate(credentials, {
      onSuccess: ({ user }) => {
        dismissErrorToast(LOGIN_TOAST);
        toast.success(AUTH_MESSAGES.welcomeBack(user.displayName));
        navigate(returnTo, { replace: true });
      },
      // The spec's "Invalid email/password", or what the server says instead (a throttle).
      onError: (error) => {
        errorToast(LOGIN_TOAST, messageOf(error, AUTH_MESSAGES.invalidCredentials));
      },
    }),
  );

  return (
    <div className="space-y-6">
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormField id="login-email" label="Email" error={errors.email?.message}>
          <input
            {...register('email')}
            {...describedBy('login-email', errors.email?.message)}
            type="email"
            autoComplete="email"
            className="input w-full"
            placeholder="you@example.com"
          />
        </FormField>
        <FormField id="login-password" label="Password" error={errors.password?.message}>
          <PasswordInput
            {...register('password')}
            {...describedBy('login-password', errors.password?.message)}
            autoComplete="current-password"
            placeholder="Your password"
          />
        </FormField>
        <p className="-mt-2 text-right text-sm">
          {/* The email typed so far goes along, so it need not be typed twice. */}
          <Link
            to={FORGOT_PASSWORD_PATH}
            state={{ email: typedEmail.trim() }}
            className="link link-primary"
          >
            Forgot password?
          </Link>
        </p>
        <BusyButton
          busy={login.isPending}
          type="submit"
          className="btn btn-primary btn-block"
          {...untilApp(hydrated)}
        >
          Login
        </BusyButton>
      </form>
      <div className="divider text-sm text-base-content/70">OR</div>
      <GoogleButton returnTo={returnTo} />
      <p className="text-center text-sm">
        New to StructoMate,{' '}
        <Link
          to={REGISTRATION_PATH}
          state={location.state}
          className="link link-primary font-medium"
        >
          Register now.
        </Link>
      </p>
    </div>
  );
}
