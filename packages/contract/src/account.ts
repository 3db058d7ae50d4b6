import { z } from 'zod';
import { DisplayNameSchema, ImageUrlSchema, PasswordSchema, SessionUserSchema } from './accounts';

/** The account page (every role): who you are, and how you sign in. */
export const AccountSchema = z.object({
  user: SessionUserSchema,
  /** False for an account that only signs in with Google (it may set a password). */
  hasPassword: z.boolean(),
  signsInWithGoogle: z.boolean(),
});
export type Account = z.infer<typeof AccountSchema>;

export const UpdateProfileSchema = z.strictObject({
  name: DisplayNameSchema,
  /** A new photo, uploaded first; left out to keep the current one. */
  photoURL: ImageUrlSchema.optional(),
});
export type UpdateProfile = z.infer<typeof UpdateProfileSchema>;

export const ChangePasswordSchema = z.strictObject({
  /** Required when the account has a password. */
  currentPassword: z.string().max(128).optional(),
  newPassword: PasswordSchema,
});
export type ChangePassword = z.infer<typeof ChangePasswordSchema>;

export const AccountSessionSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** The browser, as it named itself when signing in. */
  userAgent: z.string().nullable(),
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof AccountSessionSchema>;
export const AccountSessionsSchema = z.object({ sessions: z.array(AccountSessionSchema) });

export const SignedOutSchema = z.object({ signedOut: z.number().int(), message: z.string() });

export const ACCOUNT_MESSAGES = {
  profileSaved: 'Your profile is saved.',
  wrongPassword: 'The current password is not right.',
  currentRequired: 'Enter your current password.',
  passwordChanged: 'Your password is changed. Every other session is signed out.',
  signedOutOthers: (count: number) =>
    count === 0
      ? 'No other session was signed in.'
      : `Signed out ${count} other ${count === 1 ? 'session' : 'sessions'}.`,
} as const;
