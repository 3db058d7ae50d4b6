import {
  CANCELLABLE_STATUSES,
  MAINTENANCE_MESSAGES,
  MAINTENANCE_MOVES,
  OPEN_MAINTENANCE_STATUSES,
  REOPEN_DAYS,
  VISIT_STATUSES,
  type MaintenanceComment,
  type MaintenanceCost,
  type MaintenanceEvent,
  type MaintenanceInboxFilters,
  type MaintenancePage,
  type MaintenanceRequest,
  type MaintenanceSort,
  type MaintenanceStatus,
  type MaintenanceSummary,
  type Role,
} from '@structomate/contract';
import { and, asc, desc, eq, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import {
  agreements,
  apartments,
  charges,
  maintenanceComments,
  maintenanceContacts,
  maintenanceCosts,
  maintenanceEvents,
  maintenanceRequests,
  users,
} from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { apartmentNoIs } from '../../lib/apartment-number';
import { likePattern } from '../../lib/like-pattern';
import { personPhotoUrl } from '../images/images.service';
import { photosOf } from './maintenance-photos.service';

// The timeline's line for a repair's charge cancelled, for the payments module (which cancels it).
export { noteChargeCancelled } from './maintenance-changes.service';

/**
 * Maintenance requests as people see them: the tenant their own (also after their lease ended),
 * the admins every one, with the internal notes and costs. What a viewer may do next is decided
 * here, once, and shown by the screen as `can`.
 */
export interface Viewer {
  _id: string;
  role: Role;
  displayName: string;
}

const isAdmin = (viewer: Viewer) => viewer.role === 'admin';

const tenant = alias(users, 'tenant');
const updater = alias(users, 'updater');

const summaryColumns = {
  id: maintenanceRequests.id,
  number: maintenanceRequests.number,
  title: maintenanceRequests.title,
  category: maintenanceRequests.category,
  urgency: maintenanceRequests.urgency,
  status: maintenanceRequests.status,
  waitingOn: maintenanceRequests.waitingOn,
  apartmentNo: apartments.apartmentNo,
  tenantId: maintenanceRequests.tenantId,
  tenantName: tenant.displayName,
  createdAt: maintenanceRequests.createdAt,
  updatedAt: maintenanceRequests.updatedAt,
  visitDate: maintenanceRequests.visitDate,
  visitFrom: maintenanceRequests.visitFrom,
  visitTo: maintenanceRequests.visitTo,
  assigneeName: maintenanceContacts.name,
  version: maintenanceRequests.version,
};

/** The requests with their apartment, tenant, assignee and last changer: the joins every read needs. */
const joinFrom = {
  agreement: eq(agreements.id, maintenanceRequests.agreementId),
  apartment: eq(apartments.id, agreements.apartmentId),
  tenant: eq(tenant.id, maintenanceRequests.tenantId),
  assignee: eq(maintenanceContacts.id, maintenanceRequests.assigneeId),
};

const summaries = (db: Database) =>
  db
    .select(summaryColumns)
    .from(maintenanceRequests)
    .innerJoin(agreements, joinFrom.agreement)
    .innerJoin(apartments, joinFrom.apartment)
    .leftJoin(tenant, joinFrom.tenant)
    .leftJoin(maintenanceContacts, joinFrom.assignee)
    .$dynamic();

const counted = (db: Database) =>
  db
    .select({ n: sql<number>`count(*)::int` })
    .from(maintenanceRequests)
    .innerJoin(agreements, joinFrom.agreement)
    .innerJoin(apartments, joinFrom.apartment)
    .leftJoin(tenant, joinFrom.tenant)
    .$dynamic();

type SummaryRow = {
  id: string;
  number: number;
  title: string;
  category: MaintenanceSummary['category'];
  urgency: MaintenanceSummary['urgency'];
  status: MaintenanceStatus;
  waitingOn: MaintenanceSummary['waitingOn'];
  apartmentNo: string;
  tenantName: string | null;
  createdAt: Date;
  updatedAt: Date;
  visitDate: string | null;
  visitFrom: string | null;
  visitTo: string | null;
  assigneeName: string | null;
  version: number;
};

/** A deleted account's requests stay, without a name. */
const FORMER_ACCOUNT = 'Former tenant';

const toSummary = (row: SummaryRow): MaintenanceSummary => ({
  _id: row.id,
  number: row.number,
  title: row.title,
  category: row.category,
  urgency: row.urgency,
  status: row.status,
  waitingOn: row.waitingOn,
  apartmentNo: row.apartmentNo,
  tenantName: row.tenantName ?? FORMER_ACCOUNT,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  visit:
    row.visitDate && row.visitFrom && row.visitTo
      ? { date: row.visitDate, from: row.visitFrom, to: row.visitTo }
      : null,
  assigneeName: row.assigneeName,
  version: row.version,
});

/** A person's own requests, newest first (a tenant files a handful a year: no paging needed). */
export async function listOwnRequests(
  db: Database,
  tenantId: string,
): Promise<MaintenanceSummary[]> {
  const rows = await summaries(db)
    .where(eq(maintenanceRequests.tenantId, tenantId))
    .orderBy(desc(maintenanceRequests.createdAt), desc(maintenanceRequests.id))
    .limit(500);
  return rows.map(toSummary);
}

const urgencyRank = sql`case ${maintenanceRequests.urgency}
  when 'emergency' then 0 when 'urgent' then 1 else 2 end`;

/** Work still to do before work done (with every status shown, a closed emergency sinks). */
const openFirst = sql`case when ${inArray(maintenanceRequests.status, [...OPEN_MAINTENANCE_STATUSES])}
  then 0 else 1 end`;

const inboxOrder: Record<MaintenanceSort, SQL[]> = {
  // Within an urgency, the one waiting longest first.
  urgency: [
    openFirst,
    urgencyRank,
    asc(maintenanceRequests.createdAt),
    asc(maintenanceRequests.id),
  ],
  newest: [desc(maintenanceRequests.createdAt), desc(maintenanceRequests.id)],
  oldest: [asc(maintenanceRequests.createdAt), asc(maintenanceRequests.id)],
  updated: [desc(maintenanceRequests.updatedAt), desc(maintenanceRequests.id)],
};

/** The admin's inbox: filtered, searched, sorted and paged in SQL. */
export async function inbox(
  db: Database,
  query: MaintenanceInboxFilters,
  now: Date,
): Promise<MaintenancePage> {
  const filters: SQL[] = [];
  if (query.status === 'open') {
    filters.push(inArray(maintenanceRequests.status, [...OPEN_MAINTENANCE_STATUSES]));
  } else if (query.status !== 'all') {
    filters.push(eq(maintenanceRequests.status, query.status));
  }
  if (query.urgency) filters.push(eq(maintenanceRequests.urgency, query.urgency));
  if (query.category) filters.push(eq(maintenanceRequests.category, query.category));
  if (query.apartmentNo) {
    filters.push(apartmentNoIs(apartments.apartmentNo, query.apartmentNo));
  }
  if (query.olderThan !== undefined && query.olderThan !== null) {
    filters.push(
      lte(maintenanceRequests.createdAt, new Date(now.getTime() - query.olderThan * 86_400_000)),
    );
  }
  if (query.q) {
    const number = /^#?(\d{1,9})$/.exec(query.q)?.[1];
    const pattern = likePattern(query.q);
    const text = or(
      ilike(maintenanceRequests.title, pattern),
      ilike(maintenanceRequests.description, pattern),
      ilike(tenant.displayName, pattern),
      ...(number ? [eq(maintenanceRequests.number, Number(number))] : []),
    );
    if (text) filters.push(text);
  }
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [rows, count] = await Promise.all([
    summaries(db)
      .where(where)
      .orderBy(...inboxOrder[query.sort])
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    counted(db).where(where),
  ]);
  const total = count[0]?.n ?? 0;
  return {
    result: rows.map(toSummary),
    total,
    page: query.page,
    limit: query.limit,
    pageCount: Math.max(1, Math.ceil(total / query.limit)),
  };
}

/** The request's row, with who may see it; what the changes read before deciding. */
export async function requestRow(db: Database, id: string) {
  const [row] = await db
    .select({
      ...summaryColumns,
      agreementId: maintenanceRequests.agreementId,
      description: maintenanceRequests.description,
      location: maintenanceRequests.location,
      entryPermission: maintenanceRequests.entryPermission,
      preferredTimes: maintenanceRequests.preferredTimes,
      assigneeId: maintenanceRequests.assigneeId,
      assigneeTrade: maintenanceContacts.trade,
      assigneePhone: maintenanceContacts.phone,
      resolvedAt: maintenanceRequests.resolvedAt,
      rating: maintenanceRequests.rating,
      ratingComment: maintenanceRequests.ratingComment,
      ratedAt: maintenanceRequests.ratedAt,
      tenantDeleted: sql<boolean>`${tenant.deletedAt} is not null`,
      updatedBy: maintenanceRequests.updatedBy,
      updatedByName: updater.displayName,
      updatedByRole: updater.role,
    })
    .from(maintenanceRequests)
    .innerJoin(agreements, joinFrom.agreement)
    .innerJoin(apartments, joinFrom.apartment)
    .leftJoin(tenant, joinFrom.tenant)
    .leftJoin(maintenanceContacts, joinFrom.assignee)
    .leftJoin(updater, eq(updater.id, maintenanceRequests.updatedBy))
    .where(eq(maintenanceRequests.id, id));
  return row;
}
export type RequestRow = NonNullable<Awaited<ReturnType<typeof requestRow>>>;

/** The request if `viewer` may see it (theirs, or an admin); otherwise "not found". */
export async function visibleRequest(
  db: Database,
  id: string,
  viewer: Viewer,
): Promise<RequestRow> {
  const row = await requestRow(db, id);
  if (!row || (!isAdmin(viewer) && row.tenantId !== viewer._id)) {
    throw notFound(MAINTENANCE_MESSAGES.notFound);
  }
  return row;
}

/** Until when a resolved request may be confirmed or reopened by its tenant. */
export const reopenUntil = (resolvedAt: Date) =>
  new Date(resolvedAt.getTime() + REOPEN_DAYS * 86_400_000);

/** What `viewer` may do with the request now. */
export function permissions(row: RequestRow, viewer: Viewer, now: Date): MaintenanceRequest['can'] {
  const own = row.tenantId === viewer._id && viewer.role === 'member';
  const open = row.status !== 'closed' && row.status !== 'cancelled';
  const inReopenWindow =
    row.status === 'resolved' && row.resolvedAt !== null && now <= reopenUntil(row.resolvedAt);
  return {
    comment: open && (isAdmin(viewer) || own),
    cancel: own && (CANCELLABLE_STATUSES as readonly string[]).includes(row.status),
    confirm: own && row.status === 'resolved',
    reopen: own && inReopenWindow,
    rate: own && row.status === 'closed' && row.rating === null,
    moves: isAdmin(viewer) ? [...MAINTENANCE_MOVES[row.status]] : [],
    scheduleVisit: isAdmin(viewer) && (VISIT_STATUSES as readonly string[]).includes(row.status),
  };
}

/** What the tenant reads as the name of whoever at the building acted. */
const actorLabel = (
  name: string | null,
  role: string,
  viewer: Viewer,
  actorId: string | null,
): string | null => {
  if (role === 'system') return null;
  if (actorId === viewer._id) return name ?? 'You';
  return name ?? (role === 'admin' ? 'The building' : FORMER_ACCOUNT);
};

/** The whole request as `viewer` may see it. */
export async function readRequest(
  db: Database,
  id: string,
  viewer: Viewer,
  now: Date,
): Promise<MaintenanceRequest> {
  const row = await visibleRequest(db, id, viewer);
  const admin = isAdmin(viewer);
  const [events, comments, photos, costs] = await Promise.all([
    db
      .select({
        id: maintenanceEvents.id,
        at: maintenanceEvents.at,
        kind: maintenanceEvents.kind,
        status: maintenanceEvents.status,
        actorId: maintenanceEvents.actorId,
        actorRole: maintenanceEvents.actorRole,
        actorName: users.displayName,
        text: maintenanceEvents.text,
        internal: maintenanceEvents.internal,
      })
      .from(maintenanceEvents)
      .leftJoin(users, eq(users.id, maintenanceEvents.actorId))
      .where(
        and(
          eq(maintenanceEvents.requestId, id),
          admin ? undefined : eq(maintenanceEvents.internal, false),
        ),
      )
      .orderBy(asc(maintenanceEvents.at), asc(maintenanceEvents.seq)),
    db
      .select({
        id: maintenanceComments.id,
        at: maintenanceComments.at,
        authorId: maintenanceComments.authorId,
        authorName: users.displayName,
        authorPhotoImageId: users.photoImageId,
        authorPhotoUrl: users.photoUrl,
        fromBuilding: maintenanceComments.fromBuilding,
        internal: maintenanceComments.internal,
        body: maintenanceComments.body,
      })
      .from(maintenanceComments)
      .leftJoin(users, eq(users.id, maintenanceComments.authorId))
      .where(
        and(
          eq(maintenanceComments.requestId, id),
          admin ? undefined : eq(maintenanceComments.internal, false),
        ),
      )
      .orderBy(asc(maintenanceComments.at), asc(maintenanceComments.seq)),
    photosOf(db, id),
    db
      .select({
        id: maintenanceCosts.id,
        kind: maintenanceCosts.kind,
        description: maintenanceCosts.description,
        amount: maintenanceCosts.amount,
        chargeId: maintenanceCosts.chargeId,
        chargePaidAt: charges.paidAt,
        chargeCancelledAt: charges.cancelledAt,
        at: maintenanceCosts.createdAt,
      })
      .from(maintenanceCosts)
      .leftJoin(charges, eq(charges.id, maintenanceCosts.chargeId))
      .where(
        and(
          eq(maintenanceCosts.requestId, id),
          admin ? undefined : sql`${maintenanceCosts.chargeId} is not null`,
        ),
      )
      .orderBy(asc(maintenanceCosts.createdAt), asc(maintenanceCosts.seq)),
  ]);
  return {
    ...toSummary(row),
    description: row.description,
    location: row.location,
    entryPermission: row.entryPermission,
    preferredTimes: row.preferredTimes,
    photos: photos.get(null) ?? [],
    assignee:
      row.assigneeName !== null && row.assigneeId !== null
        ? {
            _id: row.assigneeId,
            name: row.assigneeName,
            trade: row.assigneeTrade ?? '',
            // The vendor's number is the office's business.
            phone: admin ? row.assigneePhone : null,
          }
        : null,
    timeline: events.map((event): MaintenanceEvent => ({
      _id: event.id,
      at: event.at.toISOString(),
      kind: event.kind,
      status: event.status,
      actorName: actorLabel(event.actorName, event.actorRole, viewer, event.actorId),
      text: event.text,
      internal: event.internal,
    })),
    comments: comments.map((comment): MaintenanceComment => ({
      _id: comment.id,
      at: comment.at.toISOString(),
      authorName: comment.authorName ?? (comment.fromBuilding ? 'The building' : FORMER_ACCOUNT),
      authorPhotoURL: personPhotoUrl(comment.authorPhotoImageId, comment.authorPhotoUrl),
      fromBuilding: comment.fromBuilding,
      internal: comment.internal,
      body: comment.body,
      photos: photos.get(comment.id) ?? [],
    })),
    costs: costs.map((cost): MaintenanceCost => ({
      _id: cost.id,
      kind: cost.kind,
      description: cost.description,
      amount: cost.amount,
      chargedToTenant: cost.chargeId !== null,
      chargeId: cost.chargeId,
      chargePaid: cost.chargePaidAt !== null,
      chargeCancelled: cost.chargeCancelledAt !== null,
      at: cost.at.toISOString(),
    })),
    rating:
      row.rating !== null && row.ratedAt !== null
        ? { score: row.rating, comment: row.ratingComment, at: row.ratedAt.toISOString() }
        : null,
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    reopenUntil:
      row.status === 'resolved' && row.resolvedAt
        ? reopenUntil(row.resolvedAt).toISOString()
        : null,
    can: permissions(row, viewer, now),
  };
}
