import { createHash } from 'node:crypto';
import { IMAGE_URL_PATTERN } from '@structomate/contract';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import sharp, { type OutputInfo } from 'sharp';
import type { Database } from '../../db/client';
import { apartmentPhotos, images, users } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';

/** Images are addressed by the SHA-256 of their bytes, so a URL's content never changes. */
export const imageUrl = (id: string) => `/api/images/${id}.webp`;

export const imageIdFromUrl = (url: string): string | undefined =>
  IMAGE_URL_PATTERN.test(url) ? url.slice('/api/images/'.length, -'.webp'.length) : undefined;

export interface StoredImage {
  id: string;
  mimeType: string;
  data: Buffer;
}

export async function getImage(db: Database, id: string): Promise<StoredImage> {
  const [image] = await db
    .select({ id: images.id, mimeType: images.mimeType, data: images.data })
    .from(images)
    .where(eq(images.id, id));
  if (!image) throw notFound('No image has this address');
  return image;
}

/** Decoding more than this many pixels could exhaust memory (a "decompression bomb"). */
export const MAX_INPUT_PIXELS = 40_000_000;
/** Uploaded photos are avatars: no side longer than this is kept. */
export const AVATAR_SIZE = 512;
/** Apartment photos fill the listing's cards and the agreement page: kept larger. */
export const APARTMENT_PHOTO_SIZE = 1280;

/** What a photo is for decides the size it is kept at. */
export type UploadPurpose = 'avatar' | 'apartment';
const longestSide: Record<UploadPurpose, number> = {
  avatar: AVATAR_SIZE,
  apartment: APARTMENT_PHOTO_SIZE,
};

type Format = 'jpeg' | 'png' | 'webp';

/** The format the bytes themselves declare; the file name and the client's MIME type are not trusted. */
export function sniffFormat(bytes: Buffer): Format | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((byte, index) => bytes[index] === byte)) return 'png';
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  ) {
    return 'webp';
  }
  return undefined;
}

/**
 * Checks and re-encodes an upload: JPEG, PNG or WebP by content only, within the pixel limit,
 * turned upright, shrunk to the size its purpose needs, written as WebP without metadata (no EXIF location),
 * then stored under the hash of the result.
 */
export async function storeUpload(
  db: Database,
  bytes: Buffer,
  ownerId: string | null,
  purpose: UploadPurpose = 'avatar',
): Promise<{ id: string; width: number; height: number }> {
  if (!sniffFormat(bytes)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Only JPEG, PNG and WebP images are accepted');
  }
  let output: { data: Buffer; info: OutputInfo };
  try {
    const input = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const meta = await input.metadata();
    if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_INPUT_PIXELS) throw new PixelLimitError();
    output = await input
      .rotate()
      .resize(longestSide[purpose], longestSide[purpose], {
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    if (error instanceof PixelLimitError || /pixel limit/i.test(String(error))) {
      throw new AppError(
        'PAYLOAD_TOO_LARGE',
        `The image has too many pixels (at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels)`,
      );
    }
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The image could not be read; it may be damaged');
  }
  const id = createHash('sha256').update(output.data).digest('hex');
  await db
    .insert(images)
    .values({
      id,
      mimeType: 'image/webp',
      width: output.info.width,
      height: output.info.height,
      byteSize: output.data.byteLength,
      data: output.data,
      ownerId,
    })
    .onConflictDoNothing();
  return { id, width: output.info.width, height: output.info.height };
}

class PixelLimitError extends Error {}

/** Makes an anonymous upload the new account's own; false when no such image exists. */
export async function claimImage(db: Database, id: string, userId: string): Promise<boolean> {
  const [image] = await db.select({ id: images.id }).from(images).where(eq(images.id, id));
  if (!image) return false;
  await db
    .update(images)
    .set({ ownerId: userId })
    .where(and(eq(images.id, id), isNull(images.ownerId)));
  return true;
}

/** An upload nobody claimed within this time (an abandoned registration) is deleted. */
export const UNCLAIMED_UPLOAD_TTL_MS = 60 * 60_000;

/** Deletes uploads that no account and no apartment uses, once they are old enough. */
export async function deleteUnusedUploads(db: Database): Promise<number> {
  const cutoff = new Date(Date.now() - UNCLAIMED_UPLOAD_TTL_MS);
  const rows = await db
    .delete(images)
    .where(
      and(
        lt(images.createdAt, cutoff),
        // Qualified by hand: Drizzle writes bare column names, which inside these subqueries
        // would bind to the inner table.
        sql`not exists (select 1 from ${apartmentPhotos} as a where a.image_id = ${images}.id)`,
        sql`not exists (select 1 from ${users} as u where u.photo_image_id = ${images}.id)`,
      ),
    )
    .returning({ id: images.id });
  return rows.length;
}
