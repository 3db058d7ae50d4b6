import { z } from 'zod';
import { LIST_SEARCH_MAX } from './constants';
import { ImageUrlSchema } from './accounts';

/** Listed: on the public listing. Unlisted: kept, not offered. Archived: out of use, kept for its history. */
export const APARTMENT_STATUSES = ['listed', 'unlisted', 'archived'] as const;
export const ApartmentStatusSchema = z.enum(APARTMENT_STATUSES, {
  error: 'Status must be listed, unlisted or archived',
});
export type ApartmentStatus = z.infer<typeof ApartmentStatusSchema>;

export const APARTMENT_STATUS_LABELS: Record<ApartmentStatus, string> = {
  listed: 'Listed',
  unlisted: 'Unlisted',
  archived: 'Archived',
};

export const APARTMENT_LIMITS = {
  apartmentNo: 20,
  blockName: 40,
  details: 2000,
  maxFloor: 200,
  maxRent: 10_000_000,
  photos: 8,
} as const;

/** Apartments per page on the admin's Apartments page. */
export const ADMIN_APARTMENTS_PAGE_SIZE = 20;
/** Rows one CSV import may hold. */
export const MAX_IMPORT_ROWS = 2000;

export const APARTMENT_MESSAGES = {
  created: (apartmentNo: string) => `Apartment ${apartmentNo} added`,
  saved: (apartmentNo: string) => `Apartment ${apartmentNo} saved`,
  duplicateNo: 'Another apartment already has this number.',
  changedMeanwhile:
    'This apartment was changed by someone else meanwhile. Reload it to see the changes.',
  notFound: 'No apartment has this id',
  notOffered: 'This apartment is not offered for lease.',
  hasLease: (apartmentNo: string) =>
    `Apartment ${apartmentNo} has a current lease. End the lease before archiving it.`,
  hasRequest: (apartmentNo: string) =>
    `Apartment ${apartmentNo} has a lease request waiting. Accept or reject it first.`,
  hasHistory: (apartmentNo: string) =>
    `Apartment ${apartmentNo} has lease requests on record, so it is kept. Archive it instead.`,
  deleted: (apartmentNo: string) => `Apartment ${apartmentNo} deleted`,
  unknownPhoto: 'A photo was not found on this site. Upload it again.',
} as const;

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label}: at most ${max} characters.` });

/** A whole number within bounds; "three" or 2.5 is told it is not one, a blank that it is required. */
const wholeNumber = (label: string, min: number, max: number) =>
  z
    .number({
      error: (issue) =>
        issue.input === undefined ? `${label} is required` : `${label} must be a whole number`,
    })
    .int({ error: `${label} must be a whole number` })
    .min(min, { error: `${label} must be at least ${min.toLocaleString('en-US')}` })
    .max(max, { error: `${label} must be at most ${max.toLocaleString('en-US')}` });

/**
 * Digits grouped by thousands, as the app writes amounts ("25,000", "1 200 000"), or in lakhs and
 * crores, as amounts in taka are often written ("1,00,000").
 */
const GROUPED_DIGITS = /^(?:\d{1,3}(?:[, \u00a0\u202f]\d{3})+|\d{1,2}(?:,\d{2})*,\d{3})$/;

/**
 * Typed into a form or read from a CSV cell, a number arrives as text, perhaps grouped by
 * thousands as the app shows it ("25,000"); anything else that is not a plain number is NaN, which
 * the schema calls not a whole number.
 */
const numberFromText = (value: unknown) => {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '') return undefined;
  return Number(GROUPED_DIGITS.test(text) ? text.replace(/\D/g, '') : text);
};

// Compatibility forms fold into one (a full-width "Ｃ-801" is "C-801"), so the number the database
// keeps unique is the one people read.
export const ApartmentNoSchema = z
  .string({ error: 'Apartment number is required' })
  .normalize('NFKC')
  .trim()
  .min(1, { error: 'Apartment number is required' })
  .max(APARTMENT_LIMITS.apartmentNo, {
    error: `Apartment number: at most ${APARTMENT_LIMITS.apartmentNo} characters.`,
  })
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} ./-]*$/u, {
    error: 'Apartment number: letters, digits, spaces, "-", "/" and "." only',
  });

/** What the admin types for an apartment (form, API and each CSV row alike). */
const floorNo = wholeNumber('Floor', 1, APARTMENT_LIMITS.maxFloor);
const rent = wholeNumber('Rent', 1, APARTMENT_LIMITS.maxRent);

/** What the admin sends for an apartment (API); numbers are numbers. */
export const ApartmentFieldsSchema = z.object({
  apartmentNo: ApartmentNoSchema,
  blockName: requiredText('Block', APARTMENT_LIMITS.blockName),
  floorNo,
  rent,
  details: requiredText('Details', APARTMENT_LIMITS.details),
});

/** The same fields as typed into the form or read from a CSV file: numbers arrive as text. */
export const ApartmentFormSchema = ApartmentFieldsSchema.extend({
  floorNo: z.string().transform(numberFromText).pipe(floorNo),
  rent: z.string().transform(numberFromText).pipe(rent),
});
export type ApartmentFormInput = z.input<typeof ApartmentFormSchema>;
export type ApartmentForm = z.output<typeof ApartmentFormSchema>;

export const ApartmentPhotosSchema = z
  .array(ImageUrlSchema)
  .max(APARTMENT_LIMITS.photos, { error: `At most ${APARTMENT_LIMITS.photos} photos` })
  .refine((urls) => new Set(urls).size === urls.length, { error: 'A photo is there twice' });

/** Offered at once, or kept off the listing until the admin lists it. */
export const NewApartmentStatusSchema = z.enum(['listed', 'unlisted'], {
  error: 'Status must be listed or unlisted',
});

export const CreateApartmentRequestSchema = z.strictObject({
  ...ApartmentFieldsSchema.shape,
  photos: ApartmentPhotosSchema.default([]),
  status: NewApartmentStatusSchema.default('listed'),
});
export type CreateApartmentRequest = z.input<typeof CreateApartmentRequestSchema>;

const VersionSchema = z
  .number({
    error: (issue) =>
      issue.input === undefined ? 'version is required' : 'version must be a whole number',
  })
  .int({ error: 'version must be a whole number' })
  .min(1, { error: 'version must be 1 or more' });

/** A save names the version it was filled from (a stale one is a 409). */
export const UpdateApartmentRequestSchema = z.strictObject({
  ...ApartmentFieldsSchema.shape,
  photos: ApartmentPhotosSchema,
  version: VersionSchema,
});
export type UpdateApartmentRequest = z.input<typeof UpdateApartmentRequestSchema>;

export const ApartmentStatusRequestSchema = z.strictObject({
  status: ApartmentStatusSchema,
  version: VersionSchema,
});
export type ApartmentStatusRequest = z.infer<typeof ApartmentStatusRequestSchema>;

/** `?version=3`: the number arrives as text; a missing or blank one is told it is required. */
export const ApartmentVersionQuerySchema = z.strictObject({
  version: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : undefined),
    VersionSchema,
  ),
});

export const ApartmentPhotoSchema = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ApartmentPhoto = z.infer<typeof ApartmentPhotoSchema>;

/** An apartment as the admin sees it: everything, with who lives there and what it has been through. */
export const ManagedApartmentSchema = z.object({
  _id: z.string(),
  apartmentNo: z.string(),
  blockName: z.string(),
  floorNo: z.number().int(),
  rent: z.number().int(),
  details: z.string(),
  status: ApartmentStatusSchema,
  version: z.number().int(),
  photos: z.array(ApartmentPhotoSchema),
  /** The current lease's tenant, if one lives there. */
  tenant: z.object({ _id: z.string(), name: z.string(), email: z.string() }).nullable(),
  pendingRequests: z.number().int(),
  /** True once any lease request named it: it can then be archived, never deleted. */
  hasHistory: z.boolean(),
  updatedAt: z.string(),
});
export type ManagedApartment = z.infer<typeof ManagedApartmentSchema>;

export const ADMIN_APARTMENT_SORTS = [
  'number',
  'rent-desc',
  'rent-asc',
  'floor',
  'updated',
] as const;
export const AdminApartmentSortSchema = z.enum(ADMIN_APARTMENT_SORTS);
export type AdminApartmentSort = z.infer<typeof AdminApartmentSortSchema>;

/** `current` is listed and unlisted together: everything but the archive. */
export const AdminApartmentStatusFilterSchema = z.enum(['current', ...APARTMENT_STATUSES]);
export type AdminApartmentStatusFilter = z.infer<typeof AdminApartmentStatusFilterSchema>;

export const AdminApartmentListQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(ADMIN_APARTMENTS_PAGE_SIZE),
  /** Part of the number, the block or the details. */
  q: z.string().trim().max(LIST_SEARCH_MAX).optional(),
  status: AdminApartmentStatusFilterSchema.default('current'),
  block: z.string().trim().max(APARTMENT_LIMITS.blockName).optional(),
  floor: z.coerce.number().int().min(1).max(APARTMENT_LIMITS.maxFloor).optional(),
  occupancy: z.enum(['occupied', 'vacant']).optional(),
  sort: AdminApartmentSortSchema.default('number'),
});
export type AdminApartmentListQuery = z.input<typeof AdminApartmentListQuerySchema>;

/** The export takes the list's filters, without paging. */
export const AdminApartmentExportQuerySchema = AdminApartmentListQuerySchema.omit({
  page: true,
  limit: true,
});

export const ManagedApartmentPageSchema = z.object({
  result: z.array(ManagedApartmentSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  pageCount: z.number().int(),
  /** Every block name in use, for the block filter. */
  blocks: z.array(z.string()),
});
export type ManagedApartmentPage = z.infer<typeof ManagedApartmentPageSchema>;

export const ManagedApartmentResponseSchema = z.object({ result: ManagedApartmentSchema });

/** The columns a CSV import reads (and the export writes first), in this order. */
export const APARTMENT_CSV_COLUMNS = [
  'apartmentNo',
  'blockName',
  'floorNo',
  'rent',
  'details',
  'status',
] as const;
export const APARTMENT_CSV_REQUIRED = [
  'apartmentNo',
  'blockName',
  'floorNo',
  'rent',
  'details',
] as const;

/** One CSV row: the cells are text (the import's confirmation sends them back parsed). */
export const ImportedApartmentSchema = z.strictObject({
  ...ApartmentFieldsSchema.shape,
  floorNo: z.preprocess(numberFromText, floorNo),
  rent: z.preprocess(numberFromText, rent),
  status: z.preprocess(
    (value) =>
      typeof value === 'string'
        ? value.trim() === ''
          ? undefined
          : value.trim().toLowerCase()
        : value,
    NewApartmentStatusSchema.default('listed'),
  ),
});
export type ImportedApartment = z.output<typeof ImportedApartmentSchema>;

export const ImportPreviewRowSchema = z.object({
  /** The line of the file this row came from (the header is line 1). */
  line: z.number().int(),
  /** The row as read, for the person to recognise it. */
  cells: z.record(z.string(), z.string()),
  /** The apartment it would create; null when the row has errors. */
  apartment: ImportedApartmentSchema.nullable(),
  errors: z.array(z.object({ field: z.string().nullable(), message: z.string() })),
});
export type ImportPreviewRow = z.infer<typeof ImportPreviewRowSchema>;

export const ImportPreviewSchema = z.object({
  rows: z.array(ImportPreviewRowSchema),
  valid: z.number().int(),
  invalid: z.number().int(),
});
export type ImportPreview = z.infer<typeof ImportPreviewSchema>;

/** The rows the person confirmed from the preview; the server checks them again. */
export const ImportApartmentsRequestSchema = z.strictObject({
  rows: z
    .array(ImportedApartmentSchema)
    .min(1, { error: 'There is nothing to import' })
    .max(MAX_IMPORT_ROWS, { error: `At most ${MAX_IMPORT_ROWS} rows at a time` }),
});
export type ImportApartmentsRequest = z.input<typeof ImportApartmentsRequestSchema>;

export const ImportApartmentsResponseSchema = z.object({ imported: z.number().int() });
