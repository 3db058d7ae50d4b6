import { z } from 'zod';
import { DisplayNameSchema, NewEmailSchema, PasswordSchema } from './accounts';
import { SOCIAL_NETWORKS } from './constants';
import { LeaseDefaultsSchema } from './lease-terms';

export const SocialNetworkSchema = z.enum(SOCIAL_NETWORKS);

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, { error: `${label}: at most ${max} characters.` })
    .transform((value) => (value === '' ? null : value))
    .nullable();

/** A web address people may follow from the footer: https only. */
export const WebAddressSchema = z
  .string()
  .trim()
  .max(300, { error: 'Address: at most 300 characters.' })
  .refine((value) => /^https:\/\/[^\s/]+\.[^\s]+$/.test(value), {
    error: 'Enter a full https:// address',
  });

export const BuildingProfileSchema = z.strictObject({
  name: z
    .string({ error: 'Building name is required' })
    .trim()
    .min(1, { error: 'Building name is required' })
    .max(60, { error: 'Building name: at most 60 characters.' }),
  /** The street address: shown on the home page map and in the lease. */
  address: z
    .string({ error: 'Address is required' })
    .trim()
    .min(1, { error: 'Address is required' })
    .max(200, { error: 'Address: at most 200 characters.' }),
  contactEmail: z
    .union([z.literal('').transform(() => null), NewEmailSchema])
    .nullable()
    .default(null),
  contactPhone: optionalText(30, 'Phone')
    .refine((value) => value === null || /^\+?[0-9 ()-]{5,30}$/.test(value), {
      error: 'Enter a phone number: digits, spaces, ( ) - and a leading +',
    })
    .default(null),
  /** Shown at once to a tenant reporting an emergency; without it, the contact phone. */
  emergencyPhone: optionalText(30, 'Emergency phone')
    .refine((value) => value === null || /^\+?[0-9 ()-]{5,30}$/.test(value), {
      error: 'Enter a phone number: digits, spaces, ( ) - and a leading +',
    })
    .default(null),
  /** One link per network at most. */
  socialLinks: z
    .partialRecord(
      SocialNetworkSchema,
      z.union([z.literal('').transform(() => undefined), WebAddressSchema]),
    )
    .default({}),
});
export type BuildingProfileInput = z.input<typeof BuildingProfileSchema>;
export type BuildingProfile = z.output<typeof BuildingProfileSchema>;

/** The Building settings form: the profile and the lease defaults, saved together. */
export const BuildingSettingsFormSchema = BuildingProfileSchema.extend({
  leaseDefaults: LeaseDefaultsSchema,
});
export type BuildingSettingsFormInput = z.input<typeof BuildingSettingsFormSchema>;
export type BuildingSettingsForm = z.output<typeof BuildingSettingsFormSchema>;

/** The building as stored: its profile and the version a save must name (two admins, one form). */
export const BuildingSchema = z.object({
  name: z.string(),
  address: z.string(),
  /** Google Maps embed of `address` (the home page's map). */
  mapEmbedUrl: z.string(),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  emergencyPhone: z.string().nullable(),
  socialLinks: z.partialRecord(SocialNetworkSchema, z.string()),
  /** What a lease signed now takes (Building settings; the first-run defaults until then). */
  leaseDefaults: LeaseDefaultsSchema,
  version: z.number().int(),
});
export type Building = z.infer<typeof BuildingSchema>;

/** A save of Building settings; without `leaseDefaults` the lease defaults stay as they are. */
export const UpdateBuildingRequestSchema = BuildingProfileSchema.extend({
  leaseDefaults: LeaseDefaultsSchema.optional(),
  // The stored version is a 32-bit integer: a larger one cannot be compared with it (a 500).
  version: z.number().int().min(1).max(2_147_483_647),
});
export type UpdateBuildingRequest = z.input<typeof UpdateBuildingRequestSchema>;

export const BUILDING_MESSAGES = {
  changedMeanwhile:
    'Someone else changed these settings while you were editing. Reload to see their changes.',
  saved: 'Building settings saved',
} as const;

/** First run: is there a building to claim, and is this link the one to claim it with? */
/** Asked by POST, so the token never sits in a URL (or an access log). */
export const SetupCheckRequestSchema = z.strictObject({ token: z.string().max(200) });
export const SetupStatusSchema = z.object({
  /** True until an admin exists. */
  open: z.boolean(),
  /** The token given is a live set-up token (false when none was given). */
  tokenValid: z.boolean(),
});
export type SetupStatus = z.infer<typeof SetupStatusSchema>;

export const SetupRequestSchema = z.strictObject({
  token: z.string().min(1).max(200),
  admin: z.strictObject({
    name: DisplayNameSchema,
    email: NewEmailSchema,
    password: PasswordSchema,
  }),
  building: BuildingProfileSchema,
});
export type SetupRequest = z.input<typeof SetupRequestSchema>;

export const SETUP_MESSAGES = {
  badToken:
    'This set-up link is not valid. Use the link the server printed when it started, or run npm run admin:create.',
  done: 'This building already has an admin. Log in instead.',
} as const;

export const SETUP_PATH = '/setup';
