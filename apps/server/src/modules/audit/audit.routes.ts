import { AuditPageSchema, AuditQuerySchema, ErrorResponseSchema } from '@structomate/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listAudit } from './audit.service';

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The admin's Audit log page: newest first, by action and by who or what, paged. */
  app.get(
    '/audit',
    {
      config: { access: ['admin'] },
      schema: {
        querystring: AuditQuerySchema,
        response: { 200: AuditPageSchema, 400: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listAudit(app.db, request.query);
    },
  );
};
