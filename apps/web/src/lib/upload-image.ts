import { ErrorResponseSchema, ImageUploadResponseSchema } from '@structomate/contract';
import type { z } from 'zod';
import { ApiError } from './api-client';

/** The image types every upload takes (the server checks them too). */
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/**
 * POSTs `file` in the multipart field `image` to `path` (under /api) and parses the answer with
 * `schema`. XMLHttpRequest rather than fetch, because only it reports upload progress (0–1).
 */
export function uploadFile<T extends z.ZodType>(
  path: string,
  file: File,
  schema: T,
  onProgress: (fraction: number) => void,
): Promise<z.output<T>> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api${path}`);
    request.responseType = 'json';
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      const body: unknown = request.response;
      const uploaded = schema.safeParse(body);
      if (request.status >= 200 && request.status < 300 && uploaded.success) {
        onProgress(1);
        resolve(uploaded.data);
        return;
      }
      const failure = ErrorResponseSchema.safeParse(body);
      reject(
        new ApiError(
          request.status,
          failure.success ? failure.data.error.message : `Upload failed (${request.status})`,
        ),
      );
    });
    request.addEventListener('error', () =>
      reject(new ApiError(0, 'The upload did not reach the server')),
    );
    const form = new FormData();
    form.append('image', file);
    request.send(form);
  });
}

/**
 * `POST /api/images` with the file in the field `image`, reporting progress (0–1).
 * `apartment` photos (the admin's) are kept larger.
 */
export async function uploadImage(
  file: File,
  onProgress: (fraction: number) => void,
  purpose: 'avatar' | 'apartment' = 'avatar',
): Promise<string> {
  const uploaded = await uploadFile(
    purpose === 'apartment' ? '/images?purpose=apartment' : '/images',
    file,
    ImageUploadResponseSchema,
    onProgress,
  );
  return uploaded.data.url;
}
