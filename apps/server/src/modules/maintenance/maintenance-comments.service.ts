import {
  finishedThread,
  isFinished,
  type MaintenanceCommentRequestSchema,
} from '@structomate/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { maintenanceComments, maintenanceRequests } from '../../db/schema';
import { conflict, forbidden } from '../../lib/app-error';
import { recordAudit } from '../audit/audit.service';
import { notifyAdmins, type Notice } from '../notifications/notifications.service';
import { attachPhotos } from './maintenance-photos.service';
import {
  assertOwnAndCurrent,
  lockedStatus,
  notifyTenant,
  repairOf,
  touch,
  type Actor,
} from './maintenance-steps';
import { visibleRequest, type Viewer } from './maintenance.service';

/**
 * A comment from the tenant or the building, with photos; an admin's may be an internal note.
 * Comments add to the thread without changing the request, so they name no version; the
 * request's row is held while one is written, so none lands on a request just closed.
 */
export async function addComment(
  db: Database,
  id: string,
  viewer: Viewer,
  actor: Actor,
  input: z.output<typeof MaintenanceCommentRequestSchema>,
  now: Date,
): Promise<void> {
  const row = await visibleRequest(db, id, viewer);
  const admin = viewer.role === 'admin';
  if (!admin) assertOwnAndCurrent(row, viewer);
  if (input.internal && !admin) throw forbidden('Only the building writes internal notes.');
  await db.transaction(async (tx) => {
    const status = await lockedStatus(tx, id);
    if (isFinished(status)) throw conflict(finishedThread(status));
    const [comment] = await tx
      .insert(maintenanceComments)
      .values({
        requestId: id,
        authorId: viewer._id,
        fromBuilding: admin,
        internal: input.internal,
        body: input.body,
        at: now,
      })
      .returning({ id: maintenanceComments.id });
    if (!comment) throw new Error('comment was not stored');
    await attachPhotos(tx, viewer._id, input.photoIds, { requestId: id, commentId: comment.id });
    await recordAudit(tx, actor, {
      action: 'maintenance.comment',
      subjectType: 'maintenance-request',
      subjectId: id,
      summary: `${input.internal ? 'Internal note' : 'Comment'} on maintenance request #${row.number}`,
      after: { length: input.body.length, photos: input.photoIds.length },
    });
    // A note the tenant never sees changes nothing they can see.
    if (input.internal) return;
    // The building's first word to the tenant counts as its first response.
    await touch(
      tx,
      id,
      now,
      admin
        ? { firstResponseAt: sql`coalesce(${maintenanceRequests.firstResponseAt}, ${now})` }
        : {},
    );
    const notice: Notice = {
      kind: 'maintenance-comment',
      data: { ...repairOf(row), author: viewer.displayName, body: input.body },
    };
    if (admin) await notifyTenant(tx, row, notice);
    else await notifyAdmins(tx, notice);
  });
}
