import { z } from 'zod';
import { linesOfText, oneLineText } from './text';
import { withToken } from './accounts';
import { LIST_SEARCH_MAX, MAX_PAGE_SIZE } from './constants';

/** Spec §3 Announcement type: who it is for. */
export const ANNOUNCEMENT_AUDIENCES = ['user', 'member', 'all'] as const;
export const AnnouncementTypeSchema = z.enum(ANNOUNCEMENT_AUDIENCES, {
  error: 'Choose who the announcement is for',
});
export type AnnouncementType = z.infer<typeof AnnouncementTypeSchema>;

export const ANNOUNCEMENT_LIMITS = { title: 120, details: 5000 } as const;

/** Announcements shown per page; "Load more" asks for the next page. */
export const ANNOUNCEMENTS_PER_PAGE = 10;

/** Announcements per page of the admin's "Posted announcements" list. */
export const POSTED_ANNOUNCEMENTS_PER_PAGE = 20;

/** Spec §8 toasts of the Make Announcement page, spelled as the spec spells them. */
export const ANNOUNCEMENT_MESSAGES = {
  posted: (type: AnnouncementType) => `Announcement Posted to ${type}`,
  notPosted: "Couldn't post announcemnet.",
  empty: 'There is no Announcements yet.',
  /** Ours: the admin's edits and deletions. */
  updated: 'Announcement updated',
  deleted: 'Announcement deleted',
  changedMeanwhile:
    'This announcement was changed by someone else meanwhile. Reload it to see the changes.',
  notFound: 'No announcement has this id (it may have been deleted).',
} as const;

export const AnnouncementTitleSchema = oneLineText(
  z
    .string({ error: 'Title is required' })
    .trim()
    .min(1, { error: 'Title is required' })
    .max(ANNOUNCEMENT_LIMITS.title, {
      error: `Title: at most ${ANNOUNCEMENT_LIMITS.title} characters.`,
    }),
  'Title',
);

export const AnnouncementDetailsSchema = linesOfText(
  z
    .string({ error: 'Details are required' })
    .trim()
    .min(1, { error: 'Details are required' })
    .max(ANNOUNCEMENT_LIMITS.details, {
      error: `Details: at most ${ANNOUNCEMENT_LIMITS.details.toLocaleString('en-US')} characters.`,
    }),
  'Details are required',
);

/** Spec §3 Announcement as the API shows it; `date` is an ISO 8601 timestamp. */
export const AnnouncementSchema = z.object({
  _id: z.string(),
  title: z.string(),
  details: z.string(),
  date: z.string(),
  type: AnnouncementTypeSchema,
  /** Ours: when the admin last edited it (ISO 8601), null if never. */
  editedAt: z.string().nullable(),
});
export type Announcement = z.infer<typeof AnnouncementSchema>;

/**
 * What the Make Announcement form asks for (spec §5: all three required). Its audience list
 * starts unchosen (''), which the type schema then refuses with its message.
 */
export const AnnouncementFormSchema = z.object({
  title: AnnouncementTitleSchema,
  type: z.union([z.literal(''), AnnouncementTypeSchema]).pipe(AnnouncementTypeSchema),
  details: AnnouncementDetailsSchema,
});
export type AnnouncementFormInput = z.input<typeof AnnouncementFormSchema>;
export type AnnouncementForm = z.output<typeof AnnouncementFormSchema>;

/**
 * Spec §7 newAnnouncement. The earlier client sent its own `date`; the server ignores it and
 * records the time it received the announcement, and the author from the session.
 */
export const NewAnnouncementSchema = z.strictObject({
  title: AnnouncementTitleSchema,
  type: AnnouncementTypeSchema,
  details: AnnouncementDetailsSchema,
  date: z.string().max(100).optional(),
});

export const MakeAnnouncementRequestSchema = withToken({ newAnnouncement: NewAnnouncementSchema });
export type MakeAnnouncementRequest = z.infer<typeof MakeAnnouncementRequestSchema>;

/**
 * Spec §7 read body `{ token }`, plus optional paging: at most `limit` announcements (default
 * 10), newest first, older than the announcement `before` (the last one the reader has).
 */
export const AnnouncementListRequestSchema = withToken({
  limit: z
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be 1 or more' })
    .max(MAX_PAGE_SIZE, { error: `must be at most ${MAX_PAGE_SIZE}` })
    .optional(),
  before: z.uuid({ error: 'must be a valid announcement id' }).optional(),
}).nullish();
export type AnnouncementListRequest = z.infer<typeof AnnouncementListRequestSchema>;

export const AnnouncementListResponseSchema = z.array(AnnouncementSchema);

export const AnnouncementIdSchema = z.uuid({ error: 'must be a valid announcement id' });
export const AnnouncementIdParamsSchema = z.object({ id: AnnouncementIdSchema });

/**
 * The admin's list (`GET /api/announcements`): every announcement, newest first. `type` keeps
 * one audience exactly (`all` means those for everyone); left out, every audience. `q` is part
 * of the title or the details.
 */
export const PostedAnnouncementsQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(POSTED_ANNOUNCEMENTS_PER_PAGE),
  type: AnnouncementTypeSchema.optional(),
  q: z.string().trim().max(LIST_SEARCH_MAX).optional(),
});
export type PostedAnnouncementsQuery = z.input<typeof PostedAnnouncementsQuerySchema>;

/** An announcement as the admin manages it: with its author and the version an edit names. */
export const PostedAnnouncementSchema = AnnouncementSchema.extend({
  /** The author's name; null once their account is gone. */
  authorName: z.string().nullable(),
  version: z.number().int(),
});
export type PostedAnnouncement = z.infer<typeof PostedAnnouncementSchema>;

export const PostedAnnouncementsPageSchema = z.object({
  result: z.array(PostedAnnouncementSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  pageCount: z.number().int(),
});
export type PostedAnnouncementsPage = z.infer<typeof PostedAnnouncementsPageSchema>;

/**
 * `PUT /api/announcements/:id`: the same fields as posting, and the version the form was filled
 * from; a save over a change made meanwhile is refused (409).
 */
export const UpdateAnnouncementRequestSchema = z.strictObject({
  title: AnnouncementTitleSchema,
  type: AnnouncementTypeSchema,
  details: AnnouncementDetailsSchema,
  version: z.number({ error: 'must be a number' }).int({ error: 'must be a whole number' }).min(1),
});
export type UpdateAnnouncementRequest = z.infer<typeof UpdateAnnouncementRequestSchema>;

export const DeleteAnnouncementResponseSchema = z.object({ ok: z.literal(true) });
