import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { images } from '../../db/schema';
import { notFound } from '../../lib/app-error';

/** Images are addressed by the SHA-256 of their bytes, so a URL's content never changes. */
export const imageUrl = (id: string) => `/api/images/${id}.webp`;

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
