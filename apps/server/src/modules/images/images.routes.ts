import multipart from '@fastify/multipart';
import { ErrorResponseSchema, ImageUploadResponseSchema } from '@structomate/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../../lib/app-error';
import {
  assertMultipart,
  consumeUpload,
  getImage,
  imageUrl,
  readUploadedImage,
  storeUpload,
  UPLOAD_LIMITS,
} from './images.service';

const ImageParamsSchema = z.object({
  file: z.string().regex(/^[0-9a-f]{64}\.webp$/, { error: 'must be an image address' }),
});

const UploadQuerySchema = z.strictObject({
  /** `apartment` keeps the photo larger; only the admin adds apartment photos. */
  purpose: z.enum(['avatar', 'apartment']).default('avatar'),
});

export const imageRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, UPLOAD_LIMITS);

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
      assertMultipart(request);
      await consumeUpload(app.db, user, request.ip);
      const bytes = await readUploadedImage(request);
      const stored = await storeUpload(app.db, bytes, user?._id ?? null, purpose);
      request.log.info({ imageId: stored.id, anonymous: !user }, 'image uploaded');
      return {
        success: true as const,
        data: { url: imageUrl(stored.id), width: stored.width, height: stored.height },
      };
    },
  );
};
