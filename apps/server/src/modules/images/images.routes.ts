import multipart from '@fastify/multipart';
import {
  ErrorResponseSchema,
  ImageUploadResponseSchema,
  MAX_UPLOAD_BYTES,
} from '@structomate/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, forbidden } from '../../lib/app-error';
import { consume, inMinutes } from '../../lib/rate-limit';
import { getImage, imageUrl, storeUpload } from './images.service';

const ImageParamsSchema = z.object({
  file: z.string().regex(/^[0-9a-f]{64}\.webp$/, { error: 'must be an image address' }),
});

const HOUR = 3_600_000;
/** Visitors upload only a photo for the account they are creating. */
const ANONYMOUS_UPLOADS_PER_HOUR = 10;
const USER_UPLOADS_PER_HOUR = 30;
/** An admin setting up a building uploads photos for every apartment. */
const ADMIN_UPLOADS_PER_HOUR = 300;

const UploadQuerySchema = z.strictObject({
  /** `apartment` keeps the photo larger; only the admin adds apartment photos. */
  purpose: z.enum(['avatar', 'apartment']).default('avatar'),
});

export const imageRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6 },
  });

  app.get(
    '/images/:file',
    // Bytes out, so no response schema; errors still leave through the error handler's JSON shape.
    { config: { access: 'public' }, schema: { params: ImageParamsSchema } },
    async (request, reply) => {
      const image = await getImage(app.db, request.params.file.slice(0, 64));
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', `"${image.id}"`)
        .type(image.mimeType)
        .send(image.data);
    },
  );

  /** Replaces the external image host, same contract: multipart field `image` → data.url. */
  app.post(
    '/images',
    {
      config: { access: 'public' },
      schema: {
        querystring: UploadQuerySchema,
        response: {
          200: ImageUploadResponseSchema,
          403: ErrorResponseSchema,
          400: ErrorResponseSchema,
          413: ErrorResponseSchema,
          415: ErrorResponseSchema,
          429: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      const user = request.user;
      const { purpose } = request.query;
      if (purpose === 'apartment' && user?.role !== 'admin') {
        throw forbidden('Only the building’s admin adds apartment photos');
      }
      await consume(
        app.db,
        [
          user
            ? {
                key: `upload:user:${user._id}`,
                max: user.role === 'admin' ? ADMIN_UPLOADS_PER_HOUR : USER_UPLOADS_PER_HOUR,
                windowMs: HOUR,
              }
            : {
                key: `upload:address:${request.ip}`,
                max: ANONYMOUS_UPLOADS_PER_HOUR,
                windowMs: HOUR,
              },
        ],
        (seconds) => `Too many uploads. Try again in ${inMinutes(seconds)}.`,
      );
      if (!request.isMultipart()) {
        throw new AppError(
          'UNSUPPORTED_MEDIA_TYPE',
          'Send the image as multipart/form-data in the field "image"',
        );
      }
      const file = await request.file();
      if (!file || file.fieldname !== 'image') {
        throw new AppError('BAD_REQUEST', 'Send the image in the multipart field "image"');
      }
      let bytes: Buffer;
      try {
        bytes = await file.toBuffer();
      } catch (error) {
        if (error instanceof app.multipartErrors.RequestFileTooLargeError) {
          throw new AppError(
            'PAYLOAD_TOO_LARGE',
            `The image is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`,
          );
        }
        throw error;
      }
      const stored = await storeUpload(app.db, bytes, user?._id ?? null, purpose);
      request.log.info({ imageId: stored.id, anonymous: !user }, 'image uploaded');
      return {
        success: true as const,
        data: { url: imageUrl(stored.id), width: stored.width, height: stored.height },
      };
    },
  );
};
