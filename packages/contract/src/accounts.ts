import { z } from 'zod';
import { GOOGLE_OUTCOMES, LIST_SEARCH_MAX } from './constants';
import { oneLineText } from './text';

export const ROLES = ['user', 'member', 'admin'] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

/** Spec §4 registration messages, spelled as the spec spells them. */
export const REGISTRATION_MESSAGES = {
  lowercase: 'Password: at least 1 lowercase letter.',
  uppercase: 'Password: at least 1 uppercase letter.',
  length: 'Password: at least 6 characters long.',
  imageType: 'Invalid image type!',
  uploadFailed: 'Error uploading image',
  registerFailed: "Can't Register",
} as const;

/** Image types the registration form accepts (spec §5, §9). */
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/jpg', 'image/webp'] as const;
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** The login token of the spec's API contract: optional in bodies, since browsers use the cookie. */
export const TokenSchema = z.string().min(1).max(200);

/**
 * A request body of the spec's protected calls: the listed fields plus the optional `token`.
 * Strict: a field the contract does not name is refused rather than silently ignored.
 */
export const withToken = <T extends z.ZodRawShape>(shape: T) =>
  z.strictObject({ ...shape, token: TokenSchema.optional() });

/** A body with only the token, or no body at all (browsers send the cookie instead). */
export const TokenOnlyBodySchema = withToken({}).nullish();

/**
 * The body of a spec list call, with paging (ours): `page` from 1 and `limit` up to 100 (50
 * when left out). The answer stays the spec's array; its headers say where the page sits.
 */
export const PagedBodySchema = withToken({
  page: z.number().int().min(1).max(100_000).optional(),
  limit: z.number().int().min(1).max(100).optional(),
}).nullish();
export type PagedBody = z.infer<typeof PagedBodySchema>;
export const SPEC_LIST_DEFAULT_LIMIT = 50;
/** The web app's pages of the admin's members and pending requests. */
export const MEMBERS_PAGE_SIZE = 20;
export const PENDING_REQUESTS_PAGE_SIZE = 10;
/**
 * The pages of the admin's lists a server keeps in memory (ADR 019): the first few, at the sizes
 * the web app and a spec client ask for. Others are read from the database each time.
 */
export const KEPT_LIST_PAGES = 10;

export const EmailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, { error: 'Email is required' })
  .max(254, { error: 'Email is too long' })
  .pipe(z.email({ error: 'Enter a valid email address' }));

/**
 * An address at a `.invalid` domain, which RFC 2606 reserves: no mail reaches it, and a deleted
 * account's made-up address is there (deleted-<id>@deleted.invalid).
 */
export const atReservedDomain = (email: string): boolean => /\.invalid$/i.test(email);

/**
 * An address given for an account or the building to take (signing up, a new email, the
 * building's admin, its contact address), as EmailSchema and not at a reserved domain. Signing in
 * and asking for a password link take any address, so an account made before this check keeps
 * them.
 */
export const NewEmailSchema = EmailSchema.refine((email) => !atReservedDomain(email), {
  error: 'Enter a valid email address',
  // One message for an address that is not one at all.
  when: (payload) => payload.issues.length === 0,
});

/** Under every new-password field: the rules below, said once. */
export const PASSWORD_HINT = 'At least 6 characters, with a lowercase and an uppercase letter.';
export const PASSWORDS_DIFFER = 'The two passwords differ.';

/** Spec §5: one lowercase, one uppercase, six characters; checked in this order. */
export const PasswordSchema = z
  .string({ error: 'Password is required' })
  .min(1, { error: 'Password is required' })
  .max(128, { error: 'Password: at most 128 characters.' })
  .regex(/[a-z]/, { error: REGISTRATION_MESSAGES.lowercase })
  .regex(/[A-Z]/, { error: REGISTRATION_MESSAGES.uppercase })
  .min(6, { error: REGISTRATION_MESSAGES.length });

export const DisplayNameSchema = oneLineText(
  z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, { error: 'Name is required' })
    .max(80, { error: 'Name: at most 80 characters.' }),
  'Name',
);

/** Our own image addresses: content-addressed, so the server can check they exist. */
export const IMAGE_URL_PATTERN = /^\/api\/images\/[0-9a-f]{64}\.webp$/;
export const ImageUrlSchema = z
  .string({ error: 'Photo is required' })
  .regex(IMAGE_URL_PATTERN, { error: 'must be an image uploaded to this site' });

/** The account as the API shows it (spec §3 User). */
export const SessionUserSchema = z.object({
  _id: z.string(),
  email: z.string(),
  displayName: z.string(),
  photoURL: z.string().nullable(),
  role: RoleSchema,
  /**
   * Ours: a lease of theirs here has ended. A user who was a tenant keeps Payment History and
   * Maintenance in their menu (their receipts, and the requests of that lease).
   */
  formerTenant: z.boolean(),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

export const SessionResponseSchema = z.object({ user: SessionUserSchema.nullable() });
export type SessionResponse = z.infer<typeof SessionResponseSchema>;

export const LoginRequestSchema = z.strictObject({
  email: EmailSchema,
  password: z
    .string({ error: 'Password is required' })
    .min(1, { error: 'Password is required' })
    .max(128, { error: 'Password: at most 128 characters.' }),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

export const LoginResponseSchema = z.object({ token: z.string(), user: SessionUserSchema });
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const RegistrationRequestSchema = z.strictObject({
  name: DisplayNameSchema,
  email: NewEmailSchema,
  password: PasswordSchema,
  photoURL: ImageUrlSchema,
});
export type RegistrationRequest = z.infer<typeof RegistrationRequestSchema>;

/**
 * Ours: registration's fields without the photo, checked (the email free, registration not
 * throttled) before the photo is uploaded, so a refused registration spends no upload.
 */
export const RegistrationCheckSchema = RegistrationRequestSchema.omit({ photoURL: true });
export type RegistrationCheck = z.infer<typeof RegistrationCheckSchema>;

export const InsertedResponseSchema = z.object({ insertedId: z.string() });
export type InsertedResponse = z.infer<typeof InsertedResponseSchema>;

export const EmailParamsSchema = z.object({ email: EmailSchema });

export const UserExistsResponseSchema = z.object({ exists: z.literal(true) });

export const OkResponseSchema = z.object({ ok: z.literal(true) });

/** Spec §3 admin stats; every figure is counted in the database. */
export const BlockOccupancySchema = z.object({
  blockName: z.string(),
  total: z.number().int(),
  occupied: z.number().int(),
});
export type BlockOccupancy = z.infer<typeof BlockOccupancySchema>;

export const AdminStatsSchema = z.object({
  totalRooms: z.number().int(),
  availableRooms: z.number().int(),
  occupiedRooms: z.number().int(),
  users: z.number().int(),
  members: z.number().int(),
  /** Ours: occupancy per block, for the admin profile's chart. */
  blocks: z.array(BlockOccupancySchema),
  /** Ours: rent received per month (whole BDT) over the last twelve months, oldest first. */
  rentCollected: z.array(z.object({ billingMonth: z.string(), amount: z.number().int() })),
});
export type AdminStats = z.infer<typeof AdminStatsSchema>;

/** The external image host's answer, kept for `POST /api/images`. */
export const ImageUploadResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ url: z.string(), width: z.number().int(), height: z.number().int() }),
});
export type ImageUploadResponse = z.infer<typeof ImageUploadResponseSchema>;

const SITE = 'http://site.invalid';

/**
 * A path as a browser resolves it against this site, or undefined when it would leave the site:
 * dot-segments and escapes count (`/.//evil.example` resolves to `//evil.example`).
 */
export function resolveSitePath(path: string): URL | undefined {
  if (!URL.canParse(path, SITE)) return undefined;
  const url = new URL(path, SITE);
  return url.origin === SITE && !/^\/[/\\]/.test(url.pathname) ? url : undefined;
}

/** Where Google sign-in sends the browser back; the path must stay on this site. */
export const ReturnToSchema = z
  .string()
  .max(500)
  .regex(/^\/(?![/\\])[^\s]*$/, { error: 'must be a path on this site' })
  .refine((path) => resolveSitePath(path) !== undefined, { error: 'must be a path on this site' });

export const GoogleStartQuerySchema = z.object({ returnTo: ReturnToSchema.optional() });

/** What the server tells the web app after a Google sign-in, in the `google` query parameter. */
export const GoogleOutcomeSchema = z.enum(GOOGLE_OUTCOMES);

/** Admin's Users page: every account, with its role and its latest lease request. */
export const USERS_PAGE_SIZE = 20;

export const UserListQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(USERS_PAGE_SIZE),
  role: RoleSchema.optional(),
  /** Part of the name or the email. */
  q: z.string().trim().max(LIST_SEARCH_MAX).optional(),
});
export type UserListQuery = z.input<typeof UserListQuerySchema>;

export const UserListItemSchema = z.object({
  _id: z.string(),
  displayName: z.string(),
  email: z.string(),
  role: RoleSchema,
  /** When the account was made (ISO 8601). */
  joinedAt: z.string(),
  /** Their latest lease request, if any: its status and apartment. */
  latestRequest: z
    .object({
      status: z.enum(['pending', 'accepted', 'rejected', 'ended']),
      apartmentNo: z.string(),
    })
    .nullable(),
  /** Whether they hold or held a lease: their rent account (and any balance) can be opened. */
  hasRentAccount: z.boolean(),
});
export type UserListItem = z.infer<typeof UserListItemSchema>;

export const UserListPageSchema = z.object({
  result: z.array(UserListItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  pageCount: z.number().int(),
});
export type UserListPage = z.infer<typeof UserListPageSchema>;

/** "Forgot password?" and the link it sends (ours; the spec has no password reset). */
export const FORGOT_PASSWORD_PATH = '/forgot-password';
export const RESET_PASSWORD_PATH = '/reset-password';
export const PASSWORD_RESET_MINUTES = 30;

export const PASSWORD_RESET_MESSAGES = {
  /** The same answer whether or not an account uses the address. */
  sent: `If an account uses that email, a link to choose a new password is on its way. It works once, for ${PASSWORD_RESET_MINUTES} minutes.`,
  badLink:
    'This link has expired or has already been used. Ask for a new one: each link works once, for 30 minutes, and only the newest one works.',
  tooMany: (wait: string) => `Too many reset requests. Try again in ${wait}.`,
  changed: 'Your password is changed. You are signed in here and signed out everywhere else.',
} as const;

export const PasswordResetRequestSchema = z.strictObject({ email: EmailSchema });
export type PasswordResetRequest = z.infer<typeof PasswordResetRequestSchema>;

export const PasswordResetRequestedSchema = z.object({ message: z.string() });

/** The token travels in the link's fragment and reaches us only in these bodies. */
export const ResetTokenSchema = z
  .string()
  .trim()
  .min(1, { error: 'The link has no token' })
  .max(200);

export const PasswordResetCheckSchema = z.strictObject({ token: ResetTokenSchema });
/** A link that works names its account; one that does not is not an error, only a page to show. */
export const PasswordResetCheckResponseSchema = z.object({
  valid: z.boolean(),
  email: z.string().nullable(),
});

export const PasswordResetSchema = z.strictObject({
  token: ResetTokenSchema,
  password: PasswordSchema,
});
export type PasswordReset = z.infer<typeof PasswordResetSchema>;
