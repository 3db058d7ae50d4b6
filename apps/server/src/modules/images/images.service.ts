import { createHash } from 'node:crypto';
import { IMAGE_URL_PATTERN, MAX_UPLOAD_BYTES } from '@structomate/contract';
import type { FastifyRequest } from 'fastify';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type Sharp from 'sharp';
import type { OutputInfo } from 'sharp';
import type { Database } from '../../db/client';
import { apartmentPhotos, images, users } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import { consume, inMinutes } from '../../lib/rate-limit';

/** Images are addressed by the SHA-256 of their bytes, so a URL's content never changes. */
export const imageUrl = (id: string) => `/api/images/${id}.webp`;

/** A person's photo: the one uploaded here, else the address their sign-in gave, else null. */
export const personPhotoUrl = (imageId: string | null, url: string | null): string | null =>
  imageId ? imageUrl(imageId) : url;

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
 * The image library (libvips, about 14 MB of a server's memory) is loaded with the first upload,
 * not at start: most servers answer for days without one.
 */
let sharpModule: Promise<{ default: typeof Sharp }> | undefined;
const loadSharp = async () => {
  // A failed load (a broken install) is tried again on the next upload, not remembered.
  sharpModule ??= import('sharp').catch((error: unknown) => {
    sharpModule = undefined;
    throw error;
  });
  return (await sharpModule).default;
};

/**
 * Checks and re-encodes an image: JPEG, PNG or WebP by content only, within the pixel limit,
 * turned upright, shrunk to fit `side`, written as WebP without metadata (no EXIF location).
 * The upload pipeline every photo goes through, public or private.
 */
export async function reencodeImage(
  bytes: Buffer,
  side: number,
): Promise<{ data: Buffer; width: number; height: number }> {
  if (!sniffFormat(bytes)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Only JPEG, PNG and WebP images are accepted');
  }
  const sharp = await loadSharp();
  let output: { data: Buffer; info: OutputInfo };
  try {
    const input = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const meta = await input.metadata();
    if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_INPUT_PIXELS) throw new PixelLimitError();
    output = await input
      .rotate()
      .resize(side, side, { fit: 'inside', withoutEnlargement: true })
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
  return { data: output.data, width: output.info.width, height: output.info.height };
}

/** Re-encodes an upload (reencodeImage), then stores it under the hash of the result. */
export async function storeUpload(
  db: Database,
  bytes: Buffer,
  ownerId: string | null,
  purpose: UploadPurpose = 'avatar',
): Promise<{ id: string; width: number; height: number }> {
  const output = await reencodeImage(bytes, longestSide[purpose]);
  const id = createHash('sha256').update(output.data).digest('hex');
  await db
    .insert(images)
    .values({
      id,
      mimeType: 'image/webp',
      width: output.width,
      height: output.height,
      byteSize: output.data.byteLength,
      data: output.data,
      ownerId,
    })
    .onConflictDoNothing();
  return { id, width: output.width, height: output.height };
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

/** What `@fastify/multipart` accepts on an upload route: one file of at most MAX_UPLOAD_BYTES. */
export const UPLOAD_LIMITS = {
  limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6 },
} as const;

/** Refuses a request that is not multipart/form-data before anything is counted or read. */
export function assertMultipart(request: FastifyRequest): void {
  if (!request.isMultipart()) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'Send the image as multipart/form-data in the field "image"',
    );
  }
}

/**
 * The bytes of the multipart field `image`, or a 4xx a person can act on: a body cut short or
 * without its boundary is the sender's mistake, never a 500.
 */
export async function readUploadedImage(request: FastifyRequest): Promise<Buffer> {
  assertMultipart(request);
  try {
    const file = await request.file();
    if (!file || file.fieldname !== 'image') {
      throw new AppError('BAD_REQUEST', 'Send the image in the multipart field "image"');
    }
    return await file.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof Error && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(
        'PAYLOAD_TOO_LARGE',
        `The image is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`,
      );
    }
    request.log.info({ err: error }, 'unreadable multipart upload');
    throw new AppError(
      'BAD_REQUEST',
      'The upload could not be read (cut short, or not valid multipart/form-data). Try again.',
    );
  }
}

const HOUR = 3_600_000;
/** Visitors upload only a photo for the account they are creating. */
const ANONYMOUS_UPLOADS_PER_HOUR = 10;
const USER_UPLOADS_PER_HOUR = 30;
/** An admin setting up a building uploads photos for every apartment. */
const ADMIN_UPLOADS_PER_HOUR = 300;

/** Counts an upload against its person's (or, signed out, its address's) hourly quota. */
export async function consumeUpload(
  db: Database,
  user: { _id: string; role: string } | null | undefined,
  ip: string,
): Promise<void> {
  await consume(
    db,
    [
      user
        ? {
            key: `upload:user:${user._id}`,
            max: user.role === 'admin' ? ADMIN_UPLOADS_PER_HOUR : USER_UPLOADS_PER_HOUR,
            windowMs: HOUR,
          }
        : { key: `upload:address:${ip}`, max: ANONYMOUS_UPLOADS_PER_HOUR, windowMs: HOUR },
    ],
    (seconds) => `Too many uploads. Try again in ${inMinutes(seconds)}.`,
  );
}
