import {
  ApartmentIdParamsSchema,
  ApartmentListQuerySchema,
  ApartmentListResponseSchema,
  ApartmentResponseSchema,
  ErrorResponseSchema,
} from '@structomate/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calendarDay } from '../../lib/clock';
import { prepareJson, sendPrepared } from '../../lib/prepared-answer';
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
      // Whether a flat is free depends on the day (a lease ends by notice at midnight).
      const today = calendarDay(request.now, app.config.rent.timeZone);
      const key = `list:${today}:${JSON.stringify(query)}`;
      const answer = await app.publicCache.get('apartments', key, async () =>
        prepareJson(reply, await listApartments(app.db, query, today)),
      );
      app.replays.offer(request, 'apartments', key, answer, today);
      return sendPrepared(request, reply, answer);
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
      const today = calendarDay(request.now, app.config.rent.timeZone);
      const key = `one:${today}:${id}`;
      const answer = await app.publicCache.get('apartments', key, async () =>
        prepareJson(reply, { result: await getApartment(app.db, id, today) }),
      );
      app.replays.offer(request, 'apartments', key, answer, today);
      return sendPrepared(request, reply, answer);
    },
  );
};
