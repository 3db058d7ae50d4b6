import { ErrorResponseSchema, ImageUploadResponseSchema } from '@structomate/contract';
import { ApiError } from './api-client';

/**
 * `POST /api/images` with the file in the field `image`. XMLHttpRequest rather than fetch, because
 * only it reports upload progress (0–1). `apartment` photos (the admin's) are kept larger.
 */
export function uploadImage(
  file: File,
  onProgress: (fraction: number) => void,
  purpose: 'avatar' | 'apartment' = 'avatar',
): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', purpose === 'apartment' ? '/api/images?purpose=apartment' : '/api/images');
    request.responseType = 'json';
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      const body: unknown = request.response;
      const uploaded = ImageUploadResponseSchema.safeParse(body);
      if (request.status === 200 && uploaded.success) {
        onProgress(1);
        resolve(uploaded.data.data.url);
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
