import {
  AgreementLookupResponseSchema,
  ErrorResponseSchema,
  OwnAgreementRequestSchema,
} from '@structomate/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth';
import { assertOwnLookup, latestAgreement, memberAgreement } from './leases.service';

export const leaseRoutes: FastifyPluginAsyncZod = async (app) => {
  const lookup = {
    body: OwnAgreementRequestSchema,
    response: { 200: AgreementLookupResponseSchema, 403: ErrorResponseSchema },
  };

  /** The member's own lease (profile, rent page); the lookup runs only for members (spec §6). */
  app.post(
    '/member/agreements',
    { config: { access: ['member'] }, schema: lookup },
    async (request, reply) => {
      const me = currentUser(request);
      assertOwnLookup(me, request.body);
      reply.header('cache-control', 'no-store');
      return { result: await memberAgreement(app.db, me._id) };
    },
  );

  /** The caller's latest agreement request with its status and dates (user announcements). */
  app.post(
    '/users/agreements/',
    { config: { access: 'signed-in' }, schema: lookup },
    async (request, reply) => {
      const me = currentUser(request);
      assertOwnLookup(me, request.body);
      reply.header('cache-control', 'no-store');
      return { result: await latestAgreement(app.db, me._id) };
    },
  );
};
