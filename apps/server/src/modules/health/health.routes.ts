import {
  ErrorResponseSchema,
  HealthResponseSchema,
  LivenessResponseSchema,
} from '@structomate/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';

/**
 * Liveness apart from readiness: a load balancer takes a server out of rotation while `/readyz`
 * fails (its database is away), but a supervisor restarts it only when `/healthz` fails, since a
 * restart cannot bring a database back.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    { schema: { response: { 200: LivenessResponseSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const };
    },
  );

  app.get(
    '/readyz',
    { schema: { response: { 200: HealthResponseSchema, 503: ErrorResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        await app.database.ping();
      } catch (error) {
        request.log.error({ err: error }, 'readiness check: database unreachable');
        throw new AppError('UNAVAILABLE', 'The database is not answering');
      }
      return { status: 'ok' as const, database: app.database.kind };
    },
  );
};
