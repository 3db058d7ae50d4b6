import { calendarDay } from '../../lib/clock';
import {
  AdminStatsSchema,
  EmailParamsSchema,
  ErrorResponseSchema,
  InsertedResponseSchema,
  OkResponseSchema,
  RegistrationCheckSchema,
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
import type { Database } from '../../db/client';
import { AppError, forbidden } from '../../lib/app-error';
import { assertNotBlocked, consume, inMinutes, type Limit } from '../../lib/rate-limit';
import { sendKept } from '../../lib/changes-cache';
import { prepareJson } from '../../lib/prepared-answer';
import { currentUser, startSession } from '../../plugins/auth';
import {
  adminStats,
  assertEmailFree,
  getUserByEmail,
  listUsers,
  registerUser,
  userExists,
} from './users.service';

const HOUR = 3_600_000;
const REGISTRATIONS_PER_ADDRESS_PER_HOUR = 10;
/**
 * Questions that say whether an email has an account (the registration check, the spec's
 * exists call), together: enough for a person fixing a typo, too few to enumerate accounts.
 */
const EMAIL_LOOKUPS_PER_ADDRESS_PER_HOUR = 30;

const registrationLimit = (ip: string): Limit => ({
  key: `register:address:${ip}`,
  max: REGISTRATIONS_PER_ADDRESS_PER_HOUR,
  windowMs: HOUR,
});
const registrationThrottled = (seconds: number) =>
  `Too many new accounts from this address. Try again in ${inMinutes(seconds)}.`;

const consumeEmailLookup = (db: Database, ip: string) =>
  consume(
    db,
    [
      {
        key: `email-lookup:address:${ip}`,
        max: EMAIL_LOOKUPS_PER_ADDRESS_PER_HOUR,
        windowMs: HOUR,
      },
    ],
    (seconds) => `Too many attempts from this address. Try again in ${inMinutes(seconds)}.`,
  );

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
      await consume(app.db, [registrationLimit(request.ip)], registrationThrottled);
      const user = await registerUser(app.db, request.body);
      await startSession(request, reply, user._id);
      request.log.info({ userId: user._id }, 'account registered');
      return reply.code(201).send({ insertedId: user._id });
    },
  );

  /**
   * Ours: would registration take these fields now? The web app asks before it uploads the
   * photo, so a taken email or a throttled address costs no upload. It creates nothing.
   */
  app.post(
    '/registration/check',
    {
      config: { access: 'public', readOnly: true },
      schema: {
        body: RegistrationCheckSchema,
        response: {
          200: OkResponseSchema,
          400: ErrorResponseSchema,
          409: ErrorResponseSchema,
          429: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      // Checked, not counted: only a registration counts against the registrations.
      await assertNotBlocked(app.db, [registrationLimit(request.ip)], registrationThrottled);
      await consumeEmailLookup(app.db, request.ip);
      await assertEmailFree(app.db, request.body.email);
      return { ok: true as const };
    },
  );

  /** Spec §7: 200 when an account has this email, 400 when none has. */
  app.get(
    '/users/exists/:email',
    {
      config: { access: 'public' },
      schema: {
        params: EmailParamsSchema,
        response: {
          200: UserExistsResponseSchema,
          400: ErrorResponseSchema,
          429: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      await consumeEmailLookup(app.db, request.ip);
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
      config: { access: 'signed-in', readOnly: true },
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
      config: { access: ['admin'], readOnly: true },
      schema: { body: TokenOnlyBodySchema, response: { 200: AdminStatsSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const timeZone = app.config.rent.timeZone;
      // Kept by this server for the building's day until any data changes (ADR 019).
      return sendKept(
        request,
        reply,
        `admin figures:${calendarDay(request.now, timeZone)}`,
        async () => prepareJson(reply, await adminStats(app.db, request.now, timeZone)),
      );
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
