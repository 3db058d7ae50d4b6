import { MAINTENANCE_MESSAGES, type MaintenancePhoto } from '@structomate/contract';
import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { maintenanceComments, maintenancePhotos, maintenanceRequests } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import { reencodeImage } from '../images/images.service';

/** Large enough to read a meter or a label on a part; a phone photo shrinks to this. */
export const MAINTENANCE_PHOTO_SIZE = 1600;

export const photoUrl = (id: string) => `/api/maintenance/photos/${id}.webp`;

/**
 * Stores a photo through the upload pipeline (content sniffed, pixel limit, re-encoded without
 * metadata), unattached: only its uploader sees it until a request or comment takes it.
 */
export async function uploadPhoto(
  db: Database,
  uploaderId: string,
  bytes: Buffer,
  now: Date,
): Promise<MaintenancePhoto> {
  const image = await reencodeImage(bytes, MAINTENANCE_PHOTO_SIZE);
  const [row] = await db
    .insert(maintenancePhotos)
    .values({
      uploaderId,
      width: image.width,
      height: image.height,
      data: image.data,
      createdAt: now,
    })
    .returning({ id: maintenancePhotos.id });
  if (!row) throw new Error('photo was not stored');
  return { _id: row.id, url: photoUrl(row.id), width: image.width, height: image.height };
}

/**
 * Attaches the uploader's own unattached photos to a request (and comment), in the order given.
 * A photo that is not theirs, is attached already or does not exist refuses the whole change.
 */
export async function attachPhotos(
  tx: Database,
  uploaderId: string,
  photoIds: string[],
  target: { requestId: string; commentId?: string },
): Promise<void> {
  if (photoIds.length === 0) return;
  const attached = await tx
    .update(maintenancePhotos)
    .set({
      requestId: target.requestId,
      commentId: target.commentId ?? null,
      position: sql`array_position(${sql.param(photoIds)}::uuid[], ${maintenancePhotos.id})`,
    })
    .where(
      and(
        inArray(maintenancePhotos.id, photoIds),
        eq(maintenancePhotos.uploaderId, uploaderId),
        isNull(maintenancePhotos.requestId),
      ),
    )
    .returning({ id: maintenancePhotos.id });
  if (attached.length !== photoIds.length) {
    throw new AppError('VALIDATION_FAILED', MAINTENANCE_MESSAGES.unknownPhoto, [
      { path: 'photoIds', message: MAINTENANCE_MESSAGES.unknownPhoto },
    ]);
  }
}

/** The photos of a request, by comment (`null`: the request's own), in their order. */
export async function photosOf(
  db: Database,
  requestId: string,
): Promise<Map<string | null, MaintenancePhoto[]>> {
  const rows = await db
    .select({
      id: maintenancePhotos.id,
      commentId: maintenancePhotos.commentId,
      width: maintenancePhotos.width,
      height: maintenancePhotos.height,
    })
    .from(maintenancePhotos)
    .where(eq(maintenancePhotos.requestId, requestId))
    .orderBy(asc(maintenancePhotos.position), asc(maintenancePhotos.createdAt));
  const byComment = new Map<string | null, MaintenancePhoto[]>();
  for (const row of rows) {
    const list = byComment.get(row.commentId) ?? [];
    list.push({ _id: row.id, url: photoUrl(row.id), width: row.width, height: row.height });
    byComment.set(row.commentId, list);
  }
  return byComment;
}

/**
 * A photo's bytes, for whom may see it: the admins, the request's tenant (not an internal note's),
 * and, before it is attached, its uploader. Anyone else is told it does not exist.
 */
export async function readPhoto(
  db: Database,
  id: string,
  viewer: { _id: string; role: string },
): Promise<Buffer> {
  const [row] = await db
    .select({
      data: maintenancePhotos.data,
      uploaderId: maintenancePhotos.uploaderId,
      requestId: maintenancePhotos.requestId,
      tenantId: maintenanceRequests.tenantId,
      internal: maintenanceComments.internal,
    })
    .from(maintenancePhotos)
    .leftJoin(maintenanceRequests, eq(maintenanceRequests.id, maintenancePhotos.requestId))
    .leftJoin(maintenanceComments, eq(maintenanceComments.id, maintenancePhotos.commentId))
    .where(eq(maintenancePhotos.id, id));
  // An internal note's photos are the admins' only, like the note.
  const allowed =
    row &&
    (viewer.role === 'admin' ||
      (row.requestId === null
        ? row.uploaderId === viewer._id
        : row.tenantId === viewer._id && row.internal !== true));
  if (!allowed) throw notFound('No photo has this address (or it is not yours to see).');
  return row.data;
}

/** Photos uploaded for a request that was never sent are deleted after a day. */
export const UNATTACHED_PHOTO_TTL_MS = 24 * 3_600_000;

export async function deleteUnattachedPhotos(db: Database, now: Date): Promise<number> {
  const rows = await db
    .delete(maintenancePhotos)
    .where(
      and(
        isNull(maintenancePhotos.requestId),
        lt(maintenancePhotos.createdAt, new Date(now.getTime() - UNATTACHED_PHOTO_TTL_MS)),
      ),
    )
    .returning({ id: maintenancePhotos.id });
  return rows.length;
}
