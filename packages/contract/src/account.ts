import { z } from 'zod';
import {
  DisplayNameSchema,
  NewEmailSchema,
  ImageUrlSchema,
  PasswordSchema,
  SessionUserSchema,
} from './accounts';

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

const SAME_PASSWORD = 'Choose a new password, not the one you have now.';

export const ChangePasswordSchema = z
  .strictObject({
    /** Required when the account has a password. */
    currentPassword: z.string().max(128).optional(),
    newPassword: PasswordSchema,
  })
  // Ours: "changing" to the same password would end every other session and change nothing.
  .refine((values) => values.newPassword !== values.currentPassword, {
    path: ['newPassword'],
    error: SAME_PASSWORD,
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
  samePassword: SAME_PASSWORD,
  passwordChanged: 'Your password is changed. Every other session is signed out.',
  signedOutOthers: (count: number) =>
    count === 0
      ? 'No other session was signed in.'
      : `Signed out ${count} other ${count === 1 ? 'session' : 'sessions'}.`,
} as const;

export const CONFIRM_EMAIL_PATH = '/confirm-email';
export const EMAIL_CHANGE_HOURS = 24;

export const ChangeEmailSchema = z.strictObject({
  email: NewEmailSchema,
  /** Required when the account has a password: a new address takes over password resets. */
  currentPassword: z.string().max(128).optional(),
});
export type ChangeEmail = z.infer<typeof ChangeEmailSchema>;

export const EmailChangeRequestedSchema = z.object({ message: z.string() });

export const ConfirmEmailSchema = z.strictObject({
  token: z.string().trim().min(1).max(200),
});
export const EmailConfirmedSchema = z.object({ email: z.string(), message: z.string() });

export const DeleteAccountSchema = z.strictObject({
  /** Required when the account has a password. */
  currentPassword: z.string().max(128).optional(),
  /** The person types DELETE, so a stray click cannot do it. */
  confirm: z.literal('DELETE', { error: 'Type DELETE to confirm.' }),
});
export type DeleteAccount = z.infer<typeof DeleteAccountSchema>;

export const EMAIL_CHANGE_MESSAGES = {
  sent: (email: string, current: string) =>
    `We sent a link to ${email}. Open it within ${EMAIL_CHANGE_HOURS} hours to confirm; until then your email stays ${current}.`,
  same: 'That is already your email.',
  taken: 'Another account already uses that email.',
  badLink:
    'This link has expired or has already been used. Ask for a new one on your account page: each link works once, for 24 hours, and only the newest one works.',
  confirmed: (email: string) => `Your email is now ${email}.`,
  tooMany: (wait: string) => `Too many email changes. Try again in ${wait}.`,
} as const;

/**
 * A deleted account keeps its row, so its leases and payments stay in the books, under a made-up
 * address: unique, and never a mailbox (RFC 2606 reserves `.invalid`, which NewEmailSchema
 * refuses, so no account signing up or changing its email can take it). Pages name the account
 * without it.
 */
export const deletedAccountEmail = (id: string): string => `deleted-${id}@deleted.invalid`;
export const isDeletedAccountEmail = (email: string): boolean =>
  /^deleted-[0-9a-f-]{36}@deleted\.invalid$/i.test(email);
/** "Rahim Uddin (rahim@example.com)"; a deleted account is its name alone: "Deleted account". */
export const nameWithEmail = (name: string, email: string): string =>
  isDeletedAccountEmail(email) ? name : `${name} (${email})`;

export const DELETE_ACCOUNT_MESSAGES = {
  activeLease: (apartmentNo: string) =>
    `You rent apartment ${apartmentNo}: the lease must end before the account can be deleted.`,
  owes: (amount: string) =>
    `You owe ${amount}: the account can be deleted once it is paid. Pay it, or talk to the building’s office.`,
  depositHeld: (amount: string) =>
    `The building still holds your deposit of ${amount}: ask the building’s office to return it before deleting the account.`,
  lastAdmin:
    'The building needs an admin: make someone else an admin before deleting this account.',
  deleted: 'Your account is deleted. Thank you for living with us.',
} as const;
