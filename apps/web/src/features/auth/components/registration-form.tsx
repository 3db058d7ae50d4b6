import { zodResolver } from '@hookform/resolvers/zod';
import {
  ACCEPTED_IMAGE_TYPES,
  AUTH_PATH,
  DisplayNameSchema,
  NewEmailSchema,
  MAX_UPLOAD_BYTES,
  PasswordSchema,
  REGISTRATION_MESSAGES,
  type FieldIssue,
} from '@structomate/contract';
import { useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { z } from 'zod';
import { FormField } from '../../../components/form-field';
import { describedBy } from '../../../lib/described-by';
import { PasswordInput } from '../../../components/password-input';
import { ApiError, messageOf } from '../../../lib/api-client';
import { dismissErrorToast, errorToast } from '../../../lib/error-toast';
import { showFieldIssues } from '../../../lib/field-issues';
import { useSession } from '../../../lib/session';
import { useRegistrationCheck } from '../api/check-registration';
import { useRegister } from '../api/register';
import { uploadImage } from '../../../lib/upload-image';
import { untilApp, useHydrated } from '../../../lib/hydrated';
import { BusyButton } from '../../../components/busy-button';

/** Spec §9: after registering, wait 2.5 s on the login page, then reload. */
export const POST_REGISTRATION_WAIT_MS = 2500;

/** The router's key of the tab's current history entry (each entry has its own). */
const historyKey = () => (window.history.state as { key?: string } | null)?.key;

const acceptedTypes: readonly string[] = ACCEPTED_IMAGE_TYPES;

/** The contract's rules for name, email and password, plus the photo file (spec §5). */
const RegistrationFormSchema = z.object({
  name: DisplayNameSchema,
  email: NewEmailSchema,
  image: z
    .custom<FileList>((files) => files instanceof FileList && files.length > 0, {
      error: 'Choose a photo',
    })
    .refine((files) => acceptedTypes.includes(files[0]?.type ?? ''), {
      error: REGISTRATION_MESSAGES.imageType,
    })
    .refine((files) => (files[0]?.size ?? 0) <= MAX_UPLOAD_BYTES, {
      error: 'The photo must be 5 MB or smaller',
    }),
  password: PasswordSchema,
});
type RegistrationForm = z.infer<typeof RegistrationFormSchema>;

/** One error toast for the form: a repeated failure replaces it. */
const REGISTRATION_TOAST = 'registration';

/** The form's field for a field the server refused. */
function fieldOf(issue: FieldIssue): Path<RegistrationForm> | undefined {
  if (issue.path === 'photoURL') return 'image';
  return issue.path === 'name' || issue.path === 'email' || issue.path === 'password'
    ? issue.path
    : undefined;
}

const passwordHint = 'At least 6 characters, with an upper and a lower case letter.';

export function RegistrationForm({ onStart }: { onStart?: () => void }) {
  const navigate = useNavigate();
  const location = useLocation();
  const hydrated = useHydrated();
  const { refresh } = useSession();
  const check = useRegistrationCheck();
  const registration = useRegister();
  const [progress, setProgress] = useState<number | undefined>();
  // The photo already uploaded for this file: trying again after a later step failed reuses it.
  const [uploaded, setUploaded] = useState<{ file: File; url: string } | undefined>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegistrationForm>({ resolver: zodResolver(RegistrationFormSchema) });

  /**
   * Says why the registration stopped, in one toast: the server's message when it says what to
   * do (a taken email, a throttle, a photo too large), else the spec's `fallback`. A taken email
   * or a refused field is said at the field as well.
   */
  const refuse = (error: unknown, fallback: string) => {
    setProgress(undefined);
    if (error instanceof ApiError && error.status === 409) {
      setError('email', { message: error.message }, { shouldFocus: true });
    }
    const atFields = showFieldIssues(error, setError, fieldOf);
    errorToast(REGISTRATION_TOAST, atFields ? fallback : messageOf(error, fallback));
  };

  const photoFor = async (file: File): Promise<string> => {
    if (uploaded?.file === file) {
      setProgress(1);
      return uploaded.url;
    }
    setProgress(0);
    const url = await uploadImage(file, setProgress);
    setUploaded({ file, url });
    return url;
  };

  const submit = handleSubmit(async ({ name, email, password, image }) => {
    const file = image[0];
    if (!file) return;
    const fields = { name, email, password };
    // Before the upload: a taken email or a throttled address must not spend the upload quota.
    try {
      await check.mutateAsync(fields);
    } catch (error) {
      refuse(error, REGISTRATION_MESSAGES.registerFailed);
      return;
    }
    // The new account is signed in before the form has finished; the page must keep the form.
    onStart?.();
    let photoURL: string;
    try {
      photoURL = await photoFor(file);
    } catch (error) {
      console.warn('Photo upload failed', error);
      refuse(error, REGISTRATION_MESSAGES.uploadFailed);
      return;
    }
    try {
      await registration.mutateAsync({ ...fields, photoURL });
    } catch (error) {
      // An upload the server no longer knows (unclaimed for an hour) is sent again next time.
      if (error instanceof ApiError && error.status === 400) setUploaded(undefined);
      refuse(error, REGISTRATION_MESSAGES.registerFailed);
      return;
    }
    dismissErrorToast(REGISTRATION_TOAST);
    await refresh();
    toast.success(`Registration successful. Welcome to StructoMate, ${name}!`);
    await navigate(AUTH_PATH, { state: location.state });
    // Spec: the login page reloads 2.5 s on. Only that very entry of the tab's history, not a page
    // the person has gone on to meanwhile (Continue back to an agreement, or Back and forth):
    // reloading it would throw away what they had entered.
    const loginEntry = historyKey();
    window.setTimeout(() => {
      if (historyKey() === loginEntry) window.location.reload();
    }, POST_REGISTRATION_WAIT_MS);
  });

  const busy = isSubmitting || check.isPending || registration.isPending;
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <FormField id="register-name" label="Name" error={errors.name?.message}>
        <input
          {...register('name')}
          {...describedBy('register-name', errors.name?.message)}
          autoComplete="name"
          placeholder="Full Name"
          className="input w-full"
        />
      </FormField>
      <FormField id="register-email" label="Email" error={errors.email?.message}>
        <input
          {...register('email')}
          {...describedBy('register-email', errors.email?.message)}
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          className="input w-full"
        />
      </FormField>
      <FormField
        id="register-image"
        label="Photo"
        hint="File types: .jpg .jpeg .png .webp"
        error={errors.image?.message}
      >
        <input
          {...register('image')}
          {...describedBy(
            'register-image',
            errors.image?.message,
            'File types: .jpg .jpeg .png .webp',
          )}
          type="file"
          accept=".jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp"
          className="file-input w-full"
        />
      </FormField>
      {progress !== undefined && (
        <div className="space-y-1" aria-live="polite">
          <progress
            className="progress progress-primary w-full"
            value={Math.round(progress * 100)}
            max={100}
            aria-label="Photo upload"
          />
          <p className="text-xs text-base-content/70">
            {progress < 1 ? `Uploading photo… ${Math.round(progress * 100)}%` : 'Photo uploaded'}
          </p>
        </div>
      )}
      <FormField
        id="register-password"
        label="Password"
        hint={passwordHint}
        error={errors.password?.message}
      >
        <PasswordInput
          {...register('password')}
          {...describedBy('register-password', errors.password?.message, passwordHint)}
          autoComplete="new-password"
          placeholder="Create a password"
        />
      </FormField>
      <BusyButton
        busy={busy}
        type="submit"
        className="btn btn-primary btn-block"
        {...untilApp(hydrated)}
      >
        Register
      </BusyButton>
      <p className="text-center text-sm">
        Already have an account?{' '}
        <Link to={AUTH_PATH} state={location.state} className="link link-primary font-medium">
          Login
        </Link>
      </p>
    </form>
  );
}
