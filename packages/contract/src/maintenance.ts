import { z } from 'zod';
import { CONTROL_CHARACTER_MESSAGE, hasControl, isVisible } from './text';
import { CalendarDaySchema } from './payments';

/**
 * Maintenance requests: a tenant reports something broken, the building fixes it, both see where
 * it stands. Statuses move forward along MAINTENANCE_MOVES; every change names the version it was
 * made from, so two people changing one request at once cannot both win.
 */

export const MAINTENANCE_CATEGORIES = [
  'plumbing',
  'electrical',
  'appliance',
  'heating_cooling',
  'pests',
  'locks_keys',
  'common_area',
  'other',
] as const;
export const MaintenanceCategorySchema = z.enum(MAINTENANCE_CATEGORIES, {
  error: 'Choose what kind of problem it is',
});
export type MaintenanceCategory = z.infer<typeof MaintenanceCategorySchema>;
export const MAINTENANCE_CATEGORY_LABELS: Record<MaintenanceCategory, string> = {
  plumbing: 'Plumbing',
  electrical: 'Electrical',
  appliance: 'Appliance',
  heating_cooling: 'Heating and cooling',
  pests: 'Pests',
  locks_keys: 'Locks and keys',
  common_area: 'Common area',
  other: 'Other',
};

export const MAINTENANCE_URGENCIES = ['emergency', 'urgent', 'routine'] as const;
export const MaintenanceUrgencySchema = z.enum(MAINTENANCE_URGENCIES, {
  error: 'Choose how urgent it is',
});
export type MaintenanceUrgency = z.infer<typeof MaintenanceUrgencySchema>;
export const MAINTENANCE_URGENCY_LABELS: Record<
  MaintenanceUrgency,
  { label: string; description: string }
> = {
  emergency: {
    label: 'Emergency',
    description: 'Danger to people or the building now: flooding, gas, sparks, no way in.',
  },
  urgent: {
    label: 'Urgent',
    description: 'Needs fixing within a day or two: no hot water, a fridge that stopped.',
  },
  routine: { label: 'Routine', description: 'Can wait for a convenient visit.' },
};

export const MAINTENANCE_STATUSES = [
  'new',
  'acknowledged',
  'scheduled',
  'in_progress',
  'waiting',
  'resolved',
  'closed',
  'cancelled',
] as const;
export const MaintenanceStatusSchema = z.enum(MAINTENANCE_STATUSES, {
  error: 'Choose a status',
});
export type MaintenanceStatus = z.infer<typeof MaintenanceStatusSchema>;
export const MAINTENANCE_STATUS_LABELS: Record<MaintenanceStatus, string> = {
  new: 'New',
  acknowledged: 'Acknowledged',
  scheduled: 'Visit scheduled',
  in_progress: 'In progress',
  waiting: 'Waiting',
  resolved: 'Resolved',
  closed: 'Closed',
  cancelled: 'Cancelled',
};
/** Requests still to be dealt with: neither closed nor cancelled. */
export const OPEN_MAINTENANCE_STATUSES = [
  'new',
  'acknowledged',
  'scheduled',
  'in_progress',
  'waiting',
  'resolved',
] as const satisfies readonly MaintenanceStatus[];

export const WAITING_ON = ['tenant', 'parts'] as const;
export const WaitingOnSchema = z.enum(WAITING_ON, { error: 'Say what it is waiting on' });
export type WaitingOn = z.infer<typeof WaitingOnSchema>;
export const WAITING_ON_LABELS: Record<WaitingOn, string> = {
  tenant: 'Waiting on the tenant',
  parts: 'Waiting on parts',
};

/**
 * The status moves the building (an admin) may make. "Visit scheduled" is reached by booking a
 * visit (with its day and time), from acknowledged, in progress or waiting (a second visit), not
 * by a bare status change. Cancelling, confirming and reopening are the tenant's, except that the
 * admin may close a resolved request. Any other move is refused with the moves there are. Each
 * list starts with the usual next step, which the admin's form offers first; a scheduled visit
 * called off goes back to acknowledged, last.
 */
export const MAINTENANCE_MOVES: Record<MaintenanceStatus, readonly MaintenanceStatus[]> = {
  new: ['acknowledged'],
  acknowledged: ['in_progress', 'waiting', 'resolved'],
  scheduled: ['in_progress', 'waiting', 'resolved', 'acknowledged'],
  in_progress: ['waiting', 'resolved'],
  waiting: ['in_progress', 'resolved'],
  resolved: ['closed'],
  closed: [],
  cancelled: [],
};
/** A visit can be set (or moved) while the request is in one of these. */
export const VISIT_STATUSES = [
  'acknowledged',
  'scheduled',
  'in_progress',
  'waiting',
] as const satisfies readonly MaintenanceStatus[];
/** The tenant may cancel until work has started. */
export const CANCELLABLE_STATUSES = [
  'new',
  'acknowledged',
  'scheduled',
] as const satisfies readonly MaintenanceStatus[];
/** After "resolved" the tenant has this long to confirm or reopen; then it closes by itself. */
export const REOPEN_DAYS = 7;

export const MAINTENANCE_LIMITS = {
  title: 120,
  description: 4000,
  location: 120,
  preferredTimes: 300,
  comment: 2000,
  photos: 5,
  ratingComment: 1000,
  statusNote: 500,
  contactName: 80,
  trade: 60,
  phone: 30,
  costDescription: 200,
  /** Whole BDT. */
  costAmount: 10_000_000,
} as const;

export const MAINTENANCE_PER_PAGE = 20;

export const MAINTENANCE_MESSAGES = {
  filed: 'Request sent. The building has been told.',
  emergencyCall: (phone: string) =>
    `For an emergency, call the building now at ${phone}, then send this request.`,
  emergencyNoPhone:
    'For an emergency, call the building or the emergency services now, then send this request.',
  commented: 'Comment sent',
  /** An admin's internal note: kept for the office, sent to no one. */
  noted: 'Internal note saved',
  cancelled: 'Request cancelled',
  confirmed: 'Thank you. The request is closed.',
  reopened: 'Request reopened. The building has been told.',
  rated: 'Thank you for your rating',
  statusChanged: (label: string) => `Status changed to ${label}`,
  assigned: 'Assignment saved',
  visitSaved: 'Visit scheduled. The tenant has been told.',
  costAdded: 'Cost added',
  contactSaved: 'Contact saved',
  contactDeleted: 'Contact removed',
  notFound: 'No maintenance request has this number (or it is not yours).',
  contactNotFound: 'No contact has this id (it may have been removed).',
  changedMeanwhile: (who: string, status: string) =>
    `${who} changed this request meanwhile (it is now ${status}). Reload to see the change.`,
  badMove: (from: string, to: string, allowed: string[]) =>
    allowed.length === 0
      ? `A request that is ${from} cannot become ${to}: it is finished.`
      : `A request that is ${from} cannot become ${to}. From ${from} it can become ${allowed.join(', ')}.`,
  visitNeedsDay: 'Schedule a visit with its day and time to make the request “Visit scheduled”.',
  visitPast: 'The visit cannot be before today.',
  visitTooFar: 'Book the visit within a year.',
  cancelledHasNoCosts: 'A cancelled request has no costs.',
  costKeyReused:
    'A cost with other details was already added under this key. Send a new key for a new cost.',
  unknownVersion: 'This request was never at the version sent. Reload it.',
  notCancellable: 'Work on this request has started, so it can no longer be cancelled.',
  notResolved: 'Only a resolved request can be confirmed or reopened.',
  reopenTooLate: `A request can be reopened within ${REOPEN_DAYS} days of being resolved. Please file a new one.`,
  notRateable: 'A request can be rated once it is closed.',
  alreadyRated: 'You have already rated this request.',
  closedThread: 'This request is closed; comments are no longer taken. File a new request.',
  cancelledThread: 'This request was cancelled; comments are no longer taken. File a new request.',
  formerTenant: 'Your lease has ended: you can read your requests but not add to them.',
  notTenant: 'Only tenants with a running lease can file maintenance requests.',
  tooManyPhotos: `At most ${MAINTENANCE_LIMITS.photos} photos.`,
  unknownPhoto: 'A photo was not found. Upload it again.',
  contactInUse: 'This contact is assigned to open requests; reassign them first.',
  contactListed: 'A contact with this name and trade is already listed.',
  chargeNeedsTenant: 'This request has no tenant to charge (their account was deleted).',
  visitStatus:
    'A visit can be scheduled once the request is acknowledged and before it is resolved.',
  visitOrder: 'The window must end after it starts.',
} as const;

/** Text people type: no control characters but, where lines are allowed, line breaks and tabs. */
const requiredText = (label: string, max: number, oneLine = false) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label}: at most ${max.toLocaleString('en-US')} characters.` })
    .refine((text) => !hasControl(text, !oneLine), {
      error: oneLine ? `${label}: one line, please.` : CONTROL_CHARACTER_MESSAGE,
    })
    .refine(isVisible, { error: `${label} is required` });

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `${label}: at most ${max.toLocaleString('en-US')} characters.` })
    .refine((text) => !hasControl(text, true), { error: CONTROL_CHARACTER_MESSAGE })
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .default(null);

/** A search or filter typed into a query string. */
const queryText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((text) => !hasControl(text, false), { error: CONTROL_CHARACTER_MESSAGE });

/** A private photo's id, as the upload answered it. */
export const MaintenancePhotoIdSchema = z.uuid({ error: 'must be a photo uploaded here' });

const PhotoIdsSchema = z
  .array(MaintenancePhotoIdSchema)
  .max(MAINTENANCE_LIMITS.photos, { error: MAINTENANCE_MESSAGES.tooManyPhotos })
  .refine((ids) => new Set(ids).size === ids.length, { error: 'A photo is listed twice.' })
  .default([]);

/** The tenant's form. */
export const NewMaintenanceRequestSchema = z.strictObject({
  category: MaintenanceCategorySchema,
  title: requiredText('Title', MAINTENANCE_LIMITS.title, true),
  description: requiredText('Description', MAINTENANCE_LIMITS.description),
  location: requiredText('Where', MAINTENANCE_LIMITS.location, true),
  urgency: MaintenanceUrgencySchema,
  entryPermission: z.boolean({ error: 'Say whether the building may enter' }),
  preferredTimes: optionalText('Preferred times', MAINTENANCE_LIMITS.preferredTimes),
  photoIds: PhotoIdsSchema,
});
export type NewMaintenanceRequestInput = z.input<typeof NewMaintenanceRequestSchema>;
export type NewMaintenanceRequest = z.output<typeof NewMaintenanceRequestSchema>;

/** Uploaded, not yet attached: only its uploader (and the admins) can see it. */
export const MaintenancePhotoSchema = z.object({
  _id: z.string(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type MaintenancePhoto = z.infer<typeof MaintenancePhotoSchema>;
export const MaintenancePhotoUploadSchema = z.object({ photo: MaintenancePhotoSchema });

export const MaintenanceVisitSchema = z.object({
  date: CalendarDaySchema,
  /** "09:00"–"12:00", the building's time. */
  from: z.string(),
  to: z.string(),
});
export type MaintenanceVisit = z.infer<typeof MaintenanceVisitSchema>;

export const MaintenanceContactSchema = z.object({
  _id: z.string(),
  name: z.string(),
  trade: z.string(),
  phone: z.string(),
  /** Open requests assigned to them. */
  openRequests: z.number().int(),
});
export type MaintenanceContact = z.infer<typeof MaintenanceContactSchema>;

/** A line of a request's list, for the tenant's list and the admin's inbox. */
export const MaintenanceSummarySchema = z.object({
  _id: z.string(),
  /** #12: counted per building, what people say on the phone. */
  number: z.number().int(),
  title: z.string(),
  category: MaintenanceCategorySchema,
  urgency: MaintenanceUrgencySchema,
  status: MaintenanceStatusSchema,
  waitingOn: WaitingOnSchema.nullable(),
  apartmentNo: z.string(),
  tenantName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  visit: MaintenanceVisitSchema.nullable(),
  assigneeName: z.string().nullable(),
  version: z.number().int(),
});
export type MaintenanceSummary = z.infer<typeof MaintenanceSummarySchema>;

export const MAINTENANCE_EVENT_KINDS = [
  'filed',
  'status',
  'assigned',
  'visit',
  'cancelled',
  'confirmed',
  'reopened',
  'rated',
  'cost',
  /** The tenant's charge for a cost cancelled (charged by mistake, or let off). */
  'charge-cancelled',
] as const;
export const MaintenanceEventKindSchema = z.enum(MAINTENANCE_EVENT_KINDS);
export type MaintenanceEventKind = z.infer<typeof MaintenanceEventKindSchema>;

/** What each kind of step is called on the timeline. */
export const MAINTENANCE_EVENT_TITLES: Record<MaintenanceEventKind, string> = {
  filed: 'Request filed',
  status: 'Status changed',
  assigned: 'Assignment',
  visit: 'Visit scheduled',
  cancelled: 'Cancelled',
  confirmed: 'Confirmed fixed',
  reopened: 'Reopened',
  rated: 'Rated',
  cost: 'Cost added',
  'charge-cancelled': 'Charge cancelled',
};

/** A request that takes no more steps, comments or costs: closed or cancelled (server and web). */
export const isFinished = (status: MaintenanceStatus) =>
  status === 'closed' || status === 'cancelled';

/** Why a finished request's thread takes nothing more: cancelled, or closed (server and web). */
export const finishedThread = (status: MaintenanceStatus) =>
  status === 'cancelled' ? MAINTENANCE_MESSAGES.cancelledThread : MAINTENANCE_MESSAGES.closedThread;

/**
 * The title of a kind of step; a kind this release does not know (written by a later release's
 * server, during a rolling deploy or before the page is reloaded) is plain "Update".
 */
export const maintenanceEventTitle = (kind: string): string =>
  Object.hasOwn(MAINTENANCE_EVENT_TITLES, kind)
    ? MAINTENANCE_EVENT_TITLES[kind as MaintenanceEventKind]
    : 'Update';

/** One step of the timeline: who did what, when. Internal steps only reach the admins. */
export const MaintenanceEventSchema = z.object({
  _id: z.string(),
  at: z.string(),
  /**
   * One of MAINTENANCE_EVENT_KINDS. Read as any text, so that a page of this release still shows a
   * request whose timeline has a kind of step a later release added (its text and time, titled
   * "Update"), rather than failing to load it.
   */
  kind: z.union([MaintenanceEventKindSchema, z.string()]),
  /** The status it moved to, for status-changing steps. */
  status: MaintenanceStatusSchema.nullable(),
  /** Who did it ("Nadia Rahman"); null for the system (a request closing by itself). */
  actorName: z.string().nullable(),
  /** A sentence: "Visit on 3 December 2026, 09:00 AM–12:00 PM", "Waiting on parts", a note. */
  text: z.string().nullable(),
  internal: z.boolean(),
});
export type MaintenanceEvent = z.infer<typeof MaintenanceEventSchema>;

export const MaintenanceCommentSchema = z.object({
  _id: z.string(),
  at: z.string(),
  authorName: z.string(),
  /** Ours: the author's photo (as their avatar shows it elsewhere), or null. */
  authorPhotoURL: z.string().nullable().default(null),
  /** Written by the building's staff (an admin) rather than the tenant. */
  fromBuilding: z.boolean(),
  /** An internal note: never shown to the tenant. */
  internal: z.boolean(),
  body: z.string(),
  photos: z.array(MaintenancePhotoSchema),
});
export type MaintenanceComment = z.infer<typeof MaintenanceCommentSchema>;

export const COST_KINDS = ['labour', 'parts'] as const;
export const CostKindSchema = z.enum(COST_KINDS, { error: 'Choose labour or parts' });
export type CostKind = z.infer<typeof CostKindSchema>;
export const COST_KIND_LABELS: Record<CostKind, string> = { labour: 'Labour', parts: 'Parts' };

export const MaintenanceCostSchema = z.object({
  _id: z.string(),
  kind: CostKindSchema,
  description: z.string(),
  amount: z.number().int(),
  chargedToTenant: z.boolean(),
  /** The tenant's charge, when charged: paid or still owed. */
  chargeId: z.string().nullable(),
  chargePaid: z.boolean(),
  /**
   * The tenant's charge was cancelled (charged by mistake): the cost is the building's. A server
   * of the release before does not say: not cancelled.
   */
  chargeCancelled: z.boolean().default(false),
  at: z.string(),
});
export type MaintenanceCost = z.infer<typeof MaintenanceCostSchema>;

export const MaintenanceRatingSchema = z.object({
  score: z.number().int(),
  comment: z.string().nullable(),
  at: z.string(),
});

/** A whole request, as its tenant or an admin sees it (internal parts only for admins). */
export const MaintenanceRequestSchema = MaintenanceSummarySchema.extend({
  description: z.string(),
  location: z.string(),
  entryPermission: z.boolean(),
  preferredTimes: z.string().nullable(),
  photos: z.array(MaintenancePhotoSchema),
  /** Who is coming; their phone is the office's business (null for the tenant). */
  assignee: z
    .object({
      /** The contact's id (the admin's picker shows it chosen). */
      _id: z.string(),
      name: z.string(),
      trade: z.string(),
      phone: z.string().nullable(),
    })
    .nullable(),
  timeline: z.array(MaintenanceEventSchema),
  comments: z.array(MaintenanceCommentSchema),
  /** Admins see every cost; the tenant sees those charged to them. */
  costs: z.array(MaintenanceCostSchema),
  rating: MaintenanceRatingSchema.nullable(),
  resolvedAt: z.string().nullable(),
  /** Until when a resolved request may be confirmed or reopened. */
  reopenUntil: z.string().nullable(),
  /** What the viewer may do now; the server decides, the screen shows the buttons. */
  can: z.object({
    comment: z.boolean(),
    cancel: z.boolean(),
    confirm: z.boolean(),
    reopen: z.boolean(),
    rate: z.boolean(),
    /** Admin moves from here. */
    moves: z.array(MaintenanceStatusSchema),
    scheduleVisit: z.boolean(),
  }),
});
export type MaintenanceRequest = z.infer<typeof MaintenanceRequestSchema>;

export const MaintenanceIdParamsSchema = z.object({
  id: z.uuid({ error: 'must be a valid request id' }),
});
export const MaintenancePhotoParamsSchema = z.object({
  file: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/, {
    error: 'must be a photo address',
  }),
});
export const ContactIdParamsSchema = z.object({
  id: z.uuid({ error: 'must be a valid contact id' }),
});

const VersionSchema = z
  .number({ error: 'must be a number' })
  .int({ error: 'must be a whole number' })
  .min(1);

export const MaintenanceCommentRequestSchema = z.strictObject({
  body: requiredText('Comment', MAINTENANCE_LIMITS.comment),
  photoIds: PhotoIdsSchema,
  /** Admins only: a note the tenant never sees. */
  internal: z.boolean().default(false),
});
export type MaintenanceCommentRequest = z.input<typeof MaintenanceCommentRequestSchema>;

/** Cancel and confirm name the version the tenant saw. */
export const MaintenanceVersionRequestSchema = z.strictObject({ version: VersionSchema });

export const MaintenanceReopenRequestSchema = z.strictObject({
  version: VersionSchema,
  reason: requiredText('Reason', MAINTENANCE_LIMITS.comment),
});
export type MaintenanceReopenRequest = z.input<typeof MaintenanceReopenRequestSchema>;

export const MaintenanceRatingRequestSchema = z.strictObject({
  score: z
    .number({ error: 'Choose 1 to 5 stars' })
    .int({ error: 'Choose 1 to 5 stars' })
    .min(1, { error: 'Choose 1 to 5 stars' })
    .max(5, { error: 'Choose 1 to 5 stars' }),
  comment: optionalText('Comment', MAINTENANCE_LIMITS.ratingComment),
});
export type MaintenanceRatingRequest = z.input<typeof MaintenanceRatingRequestSchema>;

export const MaintenanceStatusRequestSchema = z
  .strictObject({
    version: VersionSchema,
    status: MaintenanceStatusSchema,
    waitingOn: WaitingOnSchema.nullable().default(null),
    /** Shown to the tenant on the timeline. */
    note: optionalText('Note', MAINTENANCE_LIMITS.statusNote),
  })
  .refine((body) => body.status !== 'waiting' || body.waitingOn !== null, {
    error: 'Say what it is waiting on',
    path: ['waitingOn'],
  });
export type MaintenanceStatusRequest = z.input<typeof MaintenanceStatusRequestSchema>;

export const MaintenanceAssignRequestSchema = z.strictObject({
  version: VersionSchema,
  contactId: z.uuid({ error: 'must be a valid contact id' }).nullable(),
});
export type MaintenanceAssignRequest = z.input<typeof MaintenanceAssignRequestSchema>;

const TimeOfDaySchema = z
  .string({ error: 'Enter a time' })
  .regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, { error: 'Enter a time as HH:MM' });

/**
 * A time of day (HH:MM, as the visit form sends it) as the app writes times ("hh:mm a"): "09:00 AM",
 * "05:30 PM", "12:00 PM" (noon).
 */
export function clockTime(time: string): string {
  const hour = Number(time.slice(0, 2));
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return `${String(twelve).padStart(2, '0')}:${time.slice(3, 5)} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** A visit's window: "09:00 AM–12:00 PM". */
export const visitWindow = (from: string, to: string) => `${clockTime(from)}–${clockTime(to)}`;

export const MaintenanceVisitRequestSchema = z
  .strictObject({
    version: VersionSchema,
    date: z.iso.date({ error: 'Choose the day' }),
    from: TimeOfDaySchema,
    to: TimeOfDaySchema,
  })
  .refine((visit) => visit.to > visit.from, {
    error: MAINTENANCE_MESSAGES.visitOrder,
    path: ['to'],
  });
export type MaintenanceVisitRequest = z.input<typeof MaintenanceVisitRequestSchema>;

export const MaintenanceCostRequestSchema = z.strictObject({
  kind: CostKindSchema,
  description: requiredText('Description', MAINTENANCE_LIMITS.costDescription, true),
  amount: z
    .number({ error: 'Enter the amount in BDT' })
    .int({ error: 'Enter a whole number of BDT' })
    .min(1, { error: 'Enter an amount of at least 1 BDT' })
    .max(MAINTENANCE_LIMITS.costAmount, {
      error: `At most ${MAINTENANCE_LIMITS.costAmount.toLocaleString('en-US')} BDT`,
    }),
  chargeTenant: z.boolean().default(false),
  /**
   * Chosen by the sender for this one cost (a UUID): the same cost sent again with the same key
   * (a retry after a lost answer, a second click) is added once. A key names one cost of one
   * request; sent again with other details it is refused.
   */
  key: z.uuid({ error: 'key must be a UUID naming this cost' }),
});
export type MaintenanceCostRequest = z.input<typeof MaintenanceCostRequestSchema>;

export const MaintenanceContactRequestSchema = z.strictObject({
  name: requiredText('Name', MAINTENANCE_LIMITS.contactName, true),
  trade: requiredText('Trade', MAINTENANCE_LIMITS.trade, true),
  phone: z
    .string({ error: 'Phone is required' })
    .trim()
    .regex(/^\+?[0-9 ()-]{5,30}$/, {
      error: 'Enter a phone number: digits, spaces, ( ) - and a leading +',
    }),
});
export type MaintenanceContactRequest = z.input<typeof MaintenanceContactRequestSchema>;

export const MAINTENANCE_SORTS = ['newest', 'oldest', 'urgency', 'updated'] as const;
export const MaintenanceSortSchema = z.enum(MAINTENANCE_SORTS);
export type MaintenanceSort = z.infer<typeof MaintenanceSortSchema>;
export const MAINTENANCE_SORT_LABELS: Record<(typeof MAINTENANCE_SORTS)[number], string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  urgency: 'Most urgent first',
  updated: 'Recently updated',
};
/** `open` is every status but closed and cancelled. */
export const MaintenanceStatusFilterSchema = z.enum(['open', 'all', ...MAINTENANCE_STATUSES]);

/** The admin's inbox. `olderThan` keeps requests filed at least that many days ago. */
export const MaintenanceInboxQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(MAINTENANCE_PER_PAGE),
  status: MaintenanceStatusFilterSchema.default('open'),
  urgency: MaintenanceUrgencySchema.optional(),
  category: MaintenanceCategorySchema.optional(),
  apartmentNo: queryText(20).optional(),
  olderThan: z.coerce.number().int().min(0).max(3650).optional(),
  sort: MaintenanceSortSchema.default('urgency'),
  q: queryText(100).optional(),
});
export type MaintenanceInboxQuery = z.input<typeof MaintenanceInboxQuerySchema>;
export type MaintenanceInboxFilters = z.output<typeof MaintenanceInboxQuerySchema>;

export const MaintenancePageSchema = z.object({
  result: z.array(MaintenanceSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  pageCount: z.number().int(),
});
export type MaintenancePage = z.infer<typeof MaintenancePageSchema>;

/** The tenant's list: theirs, newest first (a tenant files a handful a year). */
export const MyMaintenanceSchema = z.object({
  result: z.array(MaintenanceSummarySchema),
  /** The building's emergency phone, for the form. */
  emergencyPhone: z.string().nullable(),
  /** False for a former tenant: they read, they do not file. */
  canFile: z.boolean(),
});
export type MyMaintenance = z.infer<typeof MyMaintenanceSchema>;

export const MaintenanceFiguresSchema = z.object({
  /** Waiting on the building (new to waiting; resolved ones wait on their tenant). */
  open: z.object({ emergency: z.number(), urgent: z.number(), routine: z.number() }),
  /** Over requests filed in the last 90 days; null when none had one yet. */
  medianHoursToFirstResponse: z.number().nullable(),
  medianHoursToResolution: z.number().nullable(),
  /** Requests filed per month (the last 12) and category. */
  byMonth: z.array(
    z.object({
      month: z.string(),
      counts: z.partialRecord(MaintenanceCategorySchema, z.number().int()),
    }),
  ),
});
export type MaintenanceFigures = z.infer<typeof MaintenanceFiguresSchema>;

export const MaintenanceContactsSchema = z.array(MaintenanceContactSchema);
export const OkSchema = z.object({ ok: z.literal(true) });
