import {
  ApartmentIdParamsSchema,
  ApartmentListQuerySchema,
  ApartmentListResponseSchema,
  ApartmentResponseSchema,
  ErrorResponseSchema,
} from '@structomate/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getApartment, listApartments } from './apartments.service';

// Public and cheap to revalidate: browsers ask again each time and get 304 while the ETag holds.
const REVALIDATE = 'no-cache';

export const apartmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/apartments',
    {
      config: { access: 'public' },
      schema: {
        querystring: ApartmentListQuerySchema,
        response: { 200: ApartmentListResponseSchema, 400: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', REVALIDATE);
      const query = request.query;
      return app.publicCache.get('apartments', `list:${JSON.stringify(query)}`, () =>
        listApartments(app.db, query),
      );
    },
  );

  app.get(
    '/apartments/:id',
    {
      config: { access: 'public' },
      schema: {
        params: ApartmentIdParamsSchema,
        response: {
          200: ApartmentResponseSchema,
          400: ErrorResponseSchema,
          404: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', REVALIDATE);
      const { id } = request.params;
      const result = await app.publicCache.get('apartments', `one:${id}`, () =>
        getApartment(app.db, id),
      );
      return { result };
    },
  );
};
