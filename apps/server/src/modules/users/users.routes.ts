import {
  AdminStatsSchema,
  EmailParamsSchema,
  ErrorResponseSchema,
  InsertedResponseSchema,
  RegistrationRequestSchema,
  SessionUserSchema,
  TokenOnlyBodySchema,
  UserExistsResponseSchema,
  UserListPageSchema,
  UserListQuerySchema,
  withToken,
} from '@structomate/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, forbidden } from '../../lib/app-error';
import { consume, inMinutes } from '../../lib/rate-limit';
import { currentUser, startSession } from '../../plugins/auth';
import { adminStats, getUserByEmail, listUsers, registerUser, userExists } from './users.service';

const REGISTRATIONS_PER_ADDRESS_PER_HOUR = 10;

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Registration (spec §4): creates a `user` and signs them in, as the identity provider did. */
  app.post(
    '/users',
    {
      config: { access: 'public' },
      schema: {
        body: RegistrationRequestSchema,
        response: {
          201: InsertedResponseSchema,
          400: ErrorResponseSchema,
          409: ErrorResponseSchema,
          429: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      await consume(
        app.db,
        [
          {
            key: `register:address:${request.ip}`,
            max: REGISTRATIONS_PER_ADDRESS_PER_HOUR,
            windowMs: 3_600_000,
          },
        ],
        (seconds) => `Too many new accounts from this address. Try again in ${inMinutes(seconds)}.`,
      );
      const user = await registerUser(app.db, request.body);
      await startSession(request, reply, user._id);
      request.log.info({ userId: user._id }, 'account registered');
      return reply.code(201).send({ insertedId: user._id });
    },
  );

  /** Spec §7: 200 when an account has this email, 400 when none has. */
  app.get(
    '/users/exists/:email',
    {
      config: { access: 'public' },
      schema: {
        params: EmailParamsSchema,
        response: { 200: UserExistsResponseSchema, 400: ErrorResponseSchema },
      },
    },
    async (request) => {
      if (!(await userExists(app.db, request.params.email))) {
        throw new AppError('BAD_REQUEST', 'No account has this email');
      }
      return { exists: true as const };
    },
  );

  /** Spec §7 user record: your own, or anyone's for the admin. */
  app.post(
    '/users/:email',
    {
      config: { access: 'signed-in' },
      schema: {
        params: EmailParamsSchema,
        // The spec's client posts its whole login response here; only the token is used.
        body: withToken({ user: z.unknown().optional() }).nullish(),
        response: { 200: SessionUserSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const own = me.email.toLowerCase() === request.params.email.toLowerCase();
      if (!own && me.role !== 'admin') throw forbidden('You can only read your own account');
      return getUserByEmail(app.db, request.params.email);
    },
  );

  app.post(
    '/admin',
    {
      config: { access: ['admin'] },
      schema: { body: TokenOnlyBodySchema, response: { 200: AdminStatsSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return adminStats(app.db, request.now, app.config.rent.timeZone);
    },
  );

  /** The admin's Users page: every account with its role and latest request, paged. */
  app.get(
    '/users',
    {
      config: { access: ['admin'] },
      schema: {
        querystring: UserListQuerySchema,
        response: { 200: UserListPageSchema, 400: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listUsers(app.db, request.query);
    },
  );
};
