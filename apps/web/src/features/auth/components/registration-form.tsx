import { zodResolver } from '@hookform/resolvers/zod';
import {
  ACCEPTED_IMAGE_TYPES,
  AUTH_PATH,
  DisplayNameSchema,
  EmailSchema,
  MAX_UPLOAD_BYTES,
  PasswordSchema,
  REGISTRATION_MESSAGES,
} from '@structomate/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { FormField } from '../../../components/form-field';
import { describedBy } from '../../../lib/described-by';
import { PasswordInput } from '../../../components/password-input';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { useRegister } from '../api/register';
import { uploadImage } from '../../../lib/upload-image';

/** Spec §9: after registering, wait 2.5 s on the login page, then reload. */
export const POST_REGISTRATION_WAIT_MS = 2500;

const acceptedTypes: readonly string[] = ACCEPTED_IMAGE_TYPES;

/** The contract's rules for name, email and password, plus the photo file (spec §5). */
const RegistrationFormSchema = z.object({
  name: DisplayNameSchema,
  email: EmailSchema,
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

const passwordHint = 'At least 6 characters, with an upper and a lower case letter.';

export function RegistrationForm({ onStart }: { onStart?: () => void }) {
  const navigate = useNavigate();
  const location = useLocation();
  const { refresh } = useSession();
  const registration = useRegister();
  const [progress, setProgress] = useState<number | undefined>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegistrationForm>({ resolver: zodResolver(RegistrationFormSchema) });

  const submit = handleSubmit(async ({ name, email, password, image }) => {
    const file = image[0];
    if (!file) return;
    // The new account is signed in before the form has finished; the page must keep the form.
    onStart?.();
    let photoURL: string;
    try {
      setProgress(0);
      photoURL = await uploadImage(file, setProgress);
    } catch (error) {
      console.warn('Photo upload failed', error);
      toast.error(REGISTRATION_MESSAGES.uploadFailed);
      setProgress(undefined);
      return;
    }
    try {
      await registration.mutateAsync({ name, email, password, photoURL });
    } catch (error) {
      // A duplicate email has its own, clearer message, also at the field; anything else is the
      // spec's.
      const taken = error instanceof ApiError && error.status === 409;
      toast.error(taken ? error.message : REGISTRATION_MESSAGES.registerFailed);
      if (taken) setError('email', { message: error.message }, { shouldFocus: true });
      setProgress(undefined);
      return;
    }
    await refresh();
    toast.success(`Registration successful. Welcome to StructoMate, ${name}!`);
    navigate(AUTH_PATH, { state: location.state });
    window.setTimeout(() => window.location.reload(), POST_REGISTRATION_WAIT_MS);
  });

  const busy = isSubmitting || registration.isPending;
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
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        Register
      </button>
      <p className="text-center text-sm">
        Already have an account?{' '}
        <Link to={AUTH_PATH} state={location.state} className="link link-primary font-medium">
          Login
        </Link>
      </p>
    </form>
  );
}
