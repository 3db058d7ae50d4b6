import { zodResolver } from '@hookform/resolvers/zod';
import {
  ACCOUNT_MESSAGES,
  ACCEPTED_IMAGE_TYPES,
  DisplayNameSchema,
  MAIL_TOPIC_LABELS,
  PasswordSchema,
  REGISTRATION_MESSAGES,
  topicsFor,
  type Account,
  type MailPreferences,
  PASSWORD_HINT,
  PASSWORDS_DIFFER,
} from '@structomate/contract';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import { z } from 'zod';
import { Avatar } from '../../../components/avatar';
import { FormField } from '../../../components/form-field';
import { LoadError } from '../../../components/load-error';
import { LoadingSpinner } from '../../../components/loading-spinner';
import { PasswordInput } from '../../../components/password-input';
import { messageOf } from '../../../lib/api-client';
import { describedBy } from '../../../lib/described-by';
import { showFieldIssues } from '../../../lib/field-issues';
import { formatDateTime } from '../../../lib/format';
import { deviceName } from '../device-name';
import { uploadImage } from '../../../lib/upload-image';
import {
  useChangePassword,
  useMailPreferences,
  useSaveMailPreferences,
  useSessions,
  useSignOutOthers,
  useUpdateProfile,
} from '../api/account';
import { BusyButton } from '../../../components/busy-button';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';

/** One card of the account page, with its heading. */
export function AccountSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-box border border-base-300 bg-base-100 p-5 shadow-sm sm:p-6"
    >
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-base-content/75">{description}</p>}
      <div className="mt-5">{children}</div>
    </section>
  );
}

const ProfileFormSchema = z.object({ name: DisplayNameSchema });

export function ProfileSection({ account }: { account: Account }) {
  const update = useUpdateProfile();
  const [photo, setPhoto] = useState<{ url: string; preview: string } | undefined>();
  const [progress, setProgress] = useState<number | undefined>();
  const [photoError, setPhotoError] = useState<string | undefined>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isDirty },
    reset,
  } = useForm<z.infer<typeof ProfileFormSchema>>({
    resolver: zodResolver(ProfileFormSchema),
    defaultValues: { name: account.user.displayName },
  });
  useUnsavedChanges(isDirty || photo !== undefined);

  const choosePhoto = async (file: File | undefined) => {
    setPhotoError(undefined);
    if (!file) return;
    if (!ACCEPTED_IMAGE_TYPES.some((type) => type === file.type)) {
      setPhotoError(REGISTRATION_MESSAGES.imageType);
      return;
    }
    try {
      setProgress(0);
      const url = await uploadImage(file, setProgress);
      setPhoto({ url, preview: URL.createObjectURL(file) });
    } catch (error) {
      setPhotoError(messageOf(error, REGISTRATION_MESSAGES.uploadFailed));
    } finally {
      setProgress(undefined);
    }
  };

  const submit = handleSubmit(({ name }) =>
    update.mutate(
      { name, ...(photo ? { photoURL: photo.url } : {}) },
      {
        onSuccess: (saved) => {
          toast.success(ACCOUNT_MESSAGES.profileSaved);
          reset({ name: saved.user.displayName });
          setPhoto(undefined);
        },
        onError: (error) => {
          const atField = showFieldIssues(error, setError, (issue) =>
            issue.path === 'name' ? 'name' : undefined,
          );
          if (!atField) toast.error(messageOf(error, 'Your profile could not be saved.'));
        },
      },
    ),
  );

  return (
    <AccountSection id="account-profile" title="Profile" description="How the building sees you.">
      <form onSubmit={submit} noValidate className="space-y-5" aria-label="Profile">
        <div className="flex flex-wrap items-center gap-4">
          {photo ? (
            <img
              src={photo.preview}
              alt=""
              width={64}
              height={64}
              className="size-16 rounded-full object-cover"
            />
          ) : (
            <Avatar name={account.user.displayName} photoURL={account.user.photoURL} size={64} />
          )}
          <div className="min-w-0 grow space-y-1.5">
            <label htmlFor="account-photo" className="block text-sm font-medium">
              Photo
            </label>
            <input
              type="file"
              accept={ACCEPTED_IMAGE_TYPES.join(',')}
              className="file-input w-full max-w-sm"
              {...describedBy('account-photo', photoError, 'JPEG, PNG or WebP, up to 5 MB.')}
              onChange={(event) => void choosePhoto(event.target.files?.[0])}
            />
            {progress !== undefined ? (
              <progress
                className="progress progress-primary w-full max-w-sm"
                value={Math.round(progress * 100)}
                max={100}
                aria-label="Uploading the photo"
              />
            ) : photoError ? (
              <p id="account-photo-error" className="text-sm text-error">
                {photoError}
              </p>
            ) : (
              <p id="account-photo-hint" className="text-xs text-base-content/70">
                JPEG, PNG or WebP, up to 5 MB.
              </p>
            )}
          </div>
        </div>
        <FormField id="account-name" label="Name" error={errors.name?.message}>
          <input
            {...register('name')}
            {...describedBy('account-name', errors.name?.message)}
            autoComplete="name"
            className="input w-full max-w-md"
          />
        </FormField>
        <p className="text-sm text-base-content/75 [overflow-wrap:anywhere]">
          Email: <span className="font-medium">{account.user.email}</span>
        </p>
        <BusyButton
          busy={update.isPending}
          type="submit"
          className="btn btn-primary"
          disabled={progress !== undefined}
          unavailable={!isDirty && !photo}
        >
          Save profile
        </BusyButton>
      </form>
    </AccountSection>
  );
}

const passwordFormSchema = (needsCurrent: boolean) =>
  z
    .object({
      currentPassword: needsCurrent
        ? z.string().min(1, { error: ACCOUNT_MESSAGES.currentRequired })
        : z.string().optional(),
      newPassword: PasswordSchema,
      repeat: z.string(),
    })
    .refine((values) => values.newPassword === values.repeat, {
      path: ['repeat'],
      error: PASSWORDS_DIFFER,
    })
    .refine((values) => !needsCurrent || values.newPassword !== values.currentPassword, {
      path: ['newPassword'],
      error: ACCOUNT_MESSAGES.samePassword,
    });
type PasswordForm = z.infer<ReturnType<typeof passwordFormSchema>>;

export function PasswordSection({ account }: { account: Account }) {
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<PasswordForm>({ resolver: zodResolver(passwordFormSchema(account.hasPassword)) });

  const submit = handleSubmit(({ currentPassword, newPassword }) =>
    change.mutate(
      { ...(account.hasPassword ? { currentPassword } : {}), newPassword },
      {
        onSuccess: () => {
          toast.success(ACCOUNT_MESSAGES.passwordChanged);
          reset({ currentPassword: '', newPassword: '', repeat: '' });
        },
        onError: (error) => {
          const atField = showFieldIssues(error, setError, (issue) =>
            issue.path === 'currentPassword' || issue.path === 'newPassword'
              ? issue.path
              : undefined,
          );
          if (!atField) toast.error(messageOf(error, 'The password could not be changed.'));
        },
      },
    ),
  );

  return (
    <AccountSection
      id="account-password"
      title={account.hasPassword ? 'Password' : 'Set a password'}
      description={
        account.hasPassword
          ? 'Changing it signs you out everywhere else.'
          : 'You sign in with Google. A password lets you sign in with your email too.'
      }
    >
      <form onSubmit={submit} noValidate className="max-w-md space-y-4" aria-label="Password">
        {account.hasPassword && (
          <FormField
            id="current-password"
            label="Current password"
            error={errors.currentPassword?.message}
          >
            <PasswordInput
              {...register('currentPassword')}
              {...describedBy('current-password', errors.currentPassword?.message)}
              autoComplete="current-password"
            />
          </FormField>
        )}
        <FormField
          id="account-new-password"
          label="New password"
          hint={PASSWORD_HINT}
          error={errors.newPassword?.message}
        >
          <PasswordInput
            {...register('newPassword')}
            {...describedBy('account-new-password', errors.newPassword?.message, PASSWORD_HINT)}
            autoComplete="new-password"
          />
        </FormField>
        <FormField id="account-repeat" label="New password again" error={errors.repeat?.message}>
          <PasswordInput
            {...register('repeat')}
            {...describedBy('account-repeat', errors.repeat?.message)}
            autoComplete="new-password"
          />
        </FormField>
        <BusyButton busy={change.isPending} type="submit" className="btn btn-primary">
          {account.hasPassword ? 'Change password' : 'Set password'}
        </BusyButton>
      </form>
    </AccountSection>
  );
}

export function NotificationsSection({ account }: { account: Account }) {
  const preferences = useMailPreferences();
  return (
    <AccountSection
      id="account-notifications"
      title="Email notifications"
      description="What the building sends you by email. Password and security emails always come."
    >
      {preferences.isPending ? (
        <LoadingSpinner label="Loading your email settings" />
      ) : preferences.isError ? (
        <LoadError onRetry={preferences.refetch}>
          Your email settings could not be loaded.
        </LoadError>
      ) : (
        <PreferencesForm saved={preferences.data} role={account.user.role} />
      )}
    </AccountSection>
  );
}

function PreferencesForm({
  saved,
  role,
}: {
  saved: MailPreferences;
  role: Account['user']['role'];
}) {
  const save = useSaveMailPreferences();
  const [choices, setChoices] = useState(saved);
  const changed = topicsFor(role).some((topic) => choices[topic] !== saved[topic]);
  useUnsavedChanges(changed);
  return (
    <form
      aria-label="Email notifications"
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(choices, {
          onSuccess: () => toast.success('Your email settings are saved.'),
          onError: (error) => toast.error(messageOf(error, 'Your email settings were not saved.')),
        });
      }}
    >
      <ul className="space-y-3">
        {topicsFor(role).map((topic) => (
          <li key={topic}>
            <label className="flex cursor-pointer items-start gap-3">
              <input
                type="checkbox"
                className="toggle toggle-primary mt-0.5 shrink-0"
                checked={choices[topic]}
                aria-describedby={`topic-${topic}-description`}
                onChange={(event) =>
                  setChoices((current) => ({ ...current, [topic]: event.target.checked }))
                }
              />
              <span>
                <span className="block font-medium">{MAIL_TOPIC_LABELS[topic].label}</span>
                <span
                  id={`topic-${topic}-description`}
                  className="block text-sm text-base-content/75"
                >
                  {MAIL_TOPIC_LABELS[topic].description}
                </span>
              </span>
            </label>
          </li>
        ))}
      </ul>
      <BusyButton
        busy={save.isPending}
        type="submit"
        className="btn btn-primary"
        unavailable={!changed}
      >
        Save email settings
      </BusyButton>
    </form>
  );
}

export function SessionsSection() {
  const sessions = useSessions();
  const signOut = useSignOutOthers();
  const others = sessions.data?.sessions.filter((session) => !session.current).length ?? 0;
  return (
    <AccountSection
      id="account-sessions"
      title="Signed-in devices"
      description="Where your account is signed in now. Sign out the others if you left one signed in."
    >
      {sessions.isPending ? (
        <LoadingSpinner label="Loading your sessions" />
      ) : sessions.isError ? (
        <LoadError onRetry={sessions.refetch}>Your sessions could not be loaded.</LoadError>
      ) : (
        <div className="space-y-4">
          <ul className="divide-y divide-base-300 rounded-box border border-base-300">
            {sessions.data.sessions.map((session) => (
              <li
                key={session.id}
                className="flex flex-wrap items-center justify-between gap-2 px-4 py-3"
              >
                <div className="min-w-0">
                  <p className="font-medium">{deviceName(session.userAgent)}</p>
                  <p className="text-sm text-base-content/75">
                    Signed in {formatDateTime(session.createdAt)}
                  </p>
                </div>
                {session.current && (
                  <span className="badge badge-soft badge-primary">This device</span>
                )}
              </li>
            ))}
          </ul>
          <BusyButton
            busy={signOut.isPending}
            className="btn btn-outline"
            unavailable={others === 0}
            onClick={() =>
              signOut.mutate(undefined, {
                onSuccess: (result) => toast.success(result.message),
                onError: (error) =>
                  toast.error(messageOf(error, 'The other sessions could not be signed out.')),
              })
            }
          >
            Sign out everywhere else
          </BusyButton>
        </div>
      )}
    </AccountSection>
  );
}
