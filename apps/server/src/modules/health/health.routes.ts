import { ErrorResponseSchema, HealthResponseSchema } from '@structomate/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';

/** Liveness and readiness in one: 200 only while the database answers. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    { schema: { response: { 200: HealthResponseSchema, 503: ErrorResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        await app.database.ping();
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        throw new AppError('UNAVAILABLE', 'The database is not answering');
      }
      return { status: 'ok' as const, database: app.database.kind };
    },
  );
};
