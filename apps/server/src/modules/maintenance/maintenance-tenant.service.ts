import {
  CANCELLABLE_STATUSES,
  MAINTENANCE_CATEGORY_LABELS,
  MAINTENANCE_MESSAGES,
  MAINTENANCE_URGENCY_LABELS,
  type MaintenanceStatus,
  type NewMaintenanceRequestSchema,
} from '@structomate/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { maintenanceRequests } from '../../db/schema';
import { conflict, forbidden } from '../../lib/app-error';
import { recordAudit } from '../audit/audit.service';
import { memberAgreement } from '../leases/leases.service';
import { notifyAdmins } from '../notifications/notifications.service';
import { attachPhotos } from './maintenance-photos.service';
import {
  addEvent,
  assertOwnAndCurrent,
  forChange,
  notBefore,
  repairOf,
  updateAt,
  type Actor,
} from './maintenance-steps';
import { reopenUntil, visibleRequest, type Viewer } from './maintenance.service';

/** What the tenant does: file a request, cancel it, confirm it fixed or reopen it, rate it. */

/** A tenant with a running lease files a request; the admins are told at once. */
export async function fileRequest(
  db: Database,
  viewer: Viewer,
  actor: Actor,
  input: z.output<typeof NewMaintenanceRequestSchema>,
  now: Date,
): Promise<string> {
  const lease = await memberAgreement(db, viewer._id);
  if (!lease) throw forbidden(MAINTENANCE_MESSAGES.notTenant);
  const apartmentNo = lease.apartmentDetails.apartmentNo;
  return db.transaction(async (tx) => {
    const [request] = await tx
      .insert(maintenanceRequests)
      .values({
        tenantId: viewer._id,
        agreementId: lease._id,
        category: input.category,
        urgency: input.urgency,
        title: input.title,
        description: input.description,
        location: input.location,
        entryPermission: input.entryPermission,
        preferredTimes: input.preferredTimes,
        createdAt: now,
        updatedAt: now,
        updatedBy: viewer._id,
      })
      .returning({ id: maintenanceRequests.id, number: maintenanceRequests.number });
    if (!request) throw new Error('request was not stored');
    await attachPhotos(tx, viewer._id, input.photoIds, { requestId: request.id });
    await addEvent(tx, request.id, viewer, now, {
      kind: 'filed',
      status: 'new',
      text: `${MAINTENANCE_URGENCY_LABELS[input.urgency].label} · ${MAINTENANCE_CATEGORY_LABELS[input.category]}`,
    });
    await recordAudit(tx, actor, {
      action: 'maintenance.filed',
      subjectType: 'maintenance-request',
      subjectId: request.id,
      summary: `Filed maintenance request #${request.number} (${input.urgency}) for ${apartmentNo}: ${input.title}`,
      after: { ...input, photoIds: input.photoIds.length },
    });
    await notifyAdmins(tx, {
      kind: 'maintenance-new',
      data: {
        requestId: request.id,
        number: request.number,
        title: input.title,
        apartmentNo,
        tenant: viewer.displayName,
        urgency: input.urgency,
        description: input.description,
      },
    });
    return request.id;
  });
}

/**
 * The tenant's own moves: cancel until work starts; confirm or reopen once resolved (reopen only
 * within REOPEN_DAYS). Cancelling or reopening drops a booked visit; the admins are told.
 */
export async function tenantMove(
  db: Database,
  id: string,
  viewer: Viewer,
  actor: Actor,
  move: 'cancel' | 'confirm' | 'reopen',
  input: { version: number; reason?: string },
  now: Date,
): Promise<void> {
  const row = await forChange(db, id, input.version, viewer);
  assertOwnAndCurrent(row, viewer);
  let to: MaintenanceStatus;
  if (move === 'cancel') {
    if (!(CANCELLABLE_STATUSES as readonly string[]).includes(row.status)) {
      throw conflict(MAINTENANCE_MESSAGES.notCancellable);
    }
    to = 'cancelled';
  } else {
    if (row.status !== 'resolved' || !row.resolvedAt) {
      throw conflict(MAINTENANCE_MESSAGES.notResolved);
    }
    if (move === 'reopen' && now > reopenUntil(row.resolvedAt)) {
      throw conflict(MAINTENANCE_MESSAGES.reopenTooLate);
    }
    to = move === 'confirm' ? 'closed' : 'acknowledged';
  }
  await db.transaction(async (tx) => {
    await updateAt(tx, row, input.version, viewer, now, {
      status: to,
      ...(to === 'cancelled' || to === 'closed' ? { closedAt: now } : {}),
      ...(move === 'reopen' ? { resolvedAt: null } : {}),
      ...(move !== 'confirm' ? { visitDate: null, visitFrom: null, visitTo: null } : {}),
    });
    const kind = move === 'cancel' ? 'cancelled' : move === 'confirm' ? 'confirmed' : 'reopened';
    await addEvent(tx, id, viewer, now, { kind, status: to, text: input.reason ?? null });
    await recordAudit(tx, actor, {
      action: 'maintenance.status',
      subjectType: 'maintenance-request',
      subjectId: id,
      summary: `Maintenance request #${row.number} ${kind} by its tenant`,
      before: { status: row.status },
      after: { status: to, reason: input.reason },
    });
    if (move !== 'confirm') {
      await notifyAdmins(tx, {
        kind: 'maintenance-tenant-move',
        data: { ...repairOf(row), tenant: viewer.displayName, move, reason: input.reason ?? null },
      });
    }
  });
}

/** The tenant rates a closed request, once, while they still rent here. */
export async function rateRequest(
  db: Database,
  id: string,
  viewer: Viewer,
  actor: Actor,
  input: { score: number; comment: string | null },
  now: Date,
): Promise<void> {
  const row = await visibleRequest(db, id, viewer);
  assertOwnAndCurrent(row, viewer);
  if (row.status !== 'closed') throw conflict(MAINTENANCE_MESSAGES.notRateable);
  await db.transaction(async (tx) => {
    const rated = await tx
      .update(maintenanceRequests)
      .set({
        rating: input.score,
        ratingComment: input.comment,
        ratedAt: now,
        updatedAt: notBefore(now),
      })
      .where(and(eq(maintenanceRequests.id, id), isNull(maintenanceRequests.rating)))
      .returning({ id: maintenanceRequests.id });
    if (rated.length === 0) throw conflict(MAINTENANCE_MESSAGES.alreadyRated);
    await addEvent(tx, id, viewer, now, {
      kind: 'rated',
      text: `${'★'.repeat(input.score)}${'☆'.repeat(5 - input.score)}${input.comment ? ` “${input.comment}”` : ''}`,
    });
    await recordAudit(tx, actor, {
      action: 'maintenance.rated',
      subjectType: 'maintenance-request',
      subjectId: id,
      summary: `Maintenance request #${row.number} rated ${input.score} of 5`,
      after: input,
    });
  });
}
