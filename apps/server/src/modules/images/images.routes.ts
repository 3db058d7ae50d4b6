import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getImage } from './images.service';

const ImageParamsSchema = z.object({
  file: z.string().regex(/^[0-9a-f]{64}\.webp$/, { error: 'must be an image address' }),
});

export const imageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/images/:file',
    // Bytes out, so no response schema; errors still leave through the error handler's JSON shape.
    { schema: { params: ImageParamsSchema } },
    async (request, reply) => {
      const image = await getImage(app.db, request.params.file.slice(0, 64));
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', `"${image.id}"`)
        .type(image.mimeType)
        .send(image.data);
    },
  );
};
