import {
  MAINTENANCE_MESSAGES,
  MAINTENANCE_STATUS_LABELS,
  type MaintenanceStatus,
} from '@structomate/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { maintenanceEvents, maintenanceRequests } from '../../db/schema';
import { conflict, forbidden, notFound, type AppError } from '../../lib/app-error';
import type { AuditActor } from '../audit/audit.service';
import { notify, type Notice } from '../notifications/notifications.service';
import { visibleRequest, type RequestRow, type Viewer } from './maintenance.service';

/**
 * The pieces every change to a maintenance request is made of. A change names the version it was
 * made from and is a conditional update on (id, version): of two people changing one request at
 * once, one wins and the other gets a 409 saying who changed it. Each change writes its timeline
 * step, its audit row and its notices in its own transaction, timed by the app's clock.
 */

export type Actor = AuditActor & { id: string };
type EventKind = (typeof maintenanceEvents.$inferInsert)['kind'];

export const label = (status: MaintenanceStatus) => MAINTENANCE_STATUS_LABELS[status];

/** What a notice about the request carries to say which one it is. */
export const repairOf = (row: RequestRow) => ({
  requestId: row.id,
  number: row.number,
  title: row.title,
  apartmentNo: row.apartmentNo,
});

/** A step of the timeline; `viewer` null is the system. */
export async function addEvent(
  tx: Database,
  requestId: string,
  viewer: Viewer | null,
  at: Date,
  event: { kind: EventKind; status?: MaintenanceStatus; text?: string | null; internal?: boolean },
): Promise<void> {
  await tx.insert(maintenanceEvents).values({
    requestId,
    at,
    kind: event.kind,
    status: event.status ?? null,
    actorId: viewer?._id ?? null,
    actorRole: viewer === null ? 'system' : viewer.role === 'admin' ? 'admin' : 'member',
    text: event.text ?? null,
    internal: event.internal ?? false,
  });
}

/** The request's `updatedAt` moved to `now`, never back: steps are not committed in time order. */
export const notBefore = (now: Date) => sql`greatest(${maintenanceRequests.updatedAt}, ${now})`;

/**
 * Marks the request updated at `now` (never earlier than it was) for a step that names no version
 * and that the tenant sees (a comment, a cost charged to them, a rating): it rises in the lists
 * sorted by "Recently updated". Steps kept from the tenant move nothing they can see.
 */
export async function touch(
  tx: Database,
  id: string,
  now: Date,
  also: PgUpdateSetSource<typeof maintenanceRequests> = {},
): Promise<void> {
  await tx
    .update(maintenanceRequests)
    .set({ ...also, updatedAt: notBefore(now) })
    .where(eq(maintenanceRequests.id, id));
}

/** Tells the tenant, unless their account was deleted. */
export async function notifyTenant(tx: Database, row: RequestRow, notice: Notice): Promise<void> {
  if (row.tenantId && !row.tenantDeleted) await notify(tx, row.tenantId, notice);
}

/** The 409 for a change made from a version that is not the request's: who changed it, and what it is now. */
async function outOfDate(
  db: Database,
  id: string,
  version: number,
  viewer: Viewer,
): Promise<AppError> {
  const now = await visibleRequest(db, id, viewer);
  if (version > now.version) return conflict(MAINTENANCE_MESSAGES.unknownVersion);
  const who =
    now.updatedBy === viewer._id ? 'You (in another window)' : (now.updatedByName ?? 'Someone');
  return conflict(MAINTENANCE_MESSAGES.changedMeanwhile(who, label(now.status).toLowerCase()));
}

/**
 * Applies `change` to the request at `version` and bumps the version, in `tx`; a request changed
 * meanwhile throws the 409 (the caller's transaction then rolls back).
 */
export async function updateAt(
  tx: Database,
  row: RequestRow,
  version: number,
  viewer: Viewer,
  now: Date,
  change: PgUpdateSetSource<typeof maintenanceRequests>,
): Promise<void> {
  const updated = await tx
    .update(maintenanceRequests)
    .set({
      ...change,
      version: sql`${maintenanceRequests.version} + 1`,
      updatedAt: notBefore(now),
      updatedBy: viewer._id,
    })
    .where(and(eq(maintenanceRequests.id, row.id), eq(maintenanceRequests.version, version)))
    .returning({ id: maintenanceRequests.id });
  if (updated.length === 0) throw await outOfDate(tx, row.id, version, viewer);
}

/** Reads the request for a change from `version`: one out of date is the 409 at once. */
export async function forChange(
  db: Database,
  id: string,
  version: number,
  viewer: Viewer,
): Promise<RequestRow> {
  const row = await visibleRequest(db, id, viewer);
  if (row.version !== version) throw await outOfDate(db, id, version, viewer);
  return row;
}

/**
 * For changes that name no version (comments, costs): holds the request's row for the rest of the
 * transaction and reads its status there, so a cancel or close committed meanwhile is seen and
 * one coming after waits.
 */
export async function lockedStatus(tx: Database, id: string): Promise<MaintenanceStatus> {
  const [row] = await tx
    .select({ status: maintenanceRequests.status })
    .from(maintenanceRequests)
    .where(eq(maintenanceRequests.id, id))
    .for('update');
  if (!row) throw notFound(MAINTENANCE_MESSAGES.notFound);
  return row.status;
}

/** The tenant's own request, while they still rent here (a former tenant only reads). */
export const assertOwnAndCurrent = (row: RequestRow, viewer: Viewer) => {
  if (row.tenantId !== viewer._id) throw notFound(MAINTENANCE_MESSAGES.notFound);
  if (viewer.role !== 'member') throw forbidden(MAINTENANCE_MESSAGES.formerTenant);
};
