import {
  BuildingSchema,
  ErrorResponseSchema,
  SessionUserSchema,
  SetupRequestSchema,
  SetupCheckRequestSchema,
  SetupStatusSchema,
  UpdateBuildingRequestSchema,
} from '@structomate/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { consume, inMinutes } from '../../lib/rate-limit';
import { currentUser, startSession } from '../../plugins/auth';
import { actorOf, recordAudit } from '../audit/audit.service';
import {
  buildingDefaults,
  claimBuilding,
  readBuilding,
  setupStatus,
  updateBuilding,
} from './building.service';

const refusals = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  409: ErrorResponseSchema,
  429: ErrorResponseSchema,
};

/** Set-up tries per address per hour: a token is 256 bits, this only keeps the log quiet. */
const SETUP_TRIES_PER_HOUR = 20;

export const buildingRoutes: FastifyPluginAsyncZod = async (app) => {
  const defaults = buildingDefaults(app.config);

  /** Everyone may read the building's profile: it is on every page (top bar, footer, map). */
  app.get(
    '/building',
    { config: { access: 'public' }, schema: { response: { 200: BuildingSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return readBuilding(app.db, defaults);
    },
  );

  /** The admin's Building settings page saves here, naming the version it was filled from. */
  app.put(
    '/building',
    {
      config: { access: ['admin'] },
      schema: { body: UpdateBuildingRequestSchema, response: { 200: BuildingSchema, ...refusals } },
    },
    async (request) => {
      const { version, leaseDefaults, ...profile } = request.body;
      const before = await readBuilding(app.db, defaults);
      await updateBuilding(app.db, profile, version, leaseDefaults);
      const after = await readBuilding(app.db, defaults);
      await recordAudit(app.db, actorOf(request, currentUser(request)), {
        action: 'building.update',
        subjectType: 'building',
        subjectId: null,
        summary: `Changed the building settings of ${after.name}`,
        before,
        after,
      });
      request.log.info({ userId: request.user?._id }, 'building settings saved');
      return after;
    },
  );

  /** First run: whether the building can still be claimed, and with this link. */
  app.post(
    '/setup/check',
    {
      config: { access: 'public' },
      schema: { body: SetupCheckRequestSchema, response: { 200: SetupStatusSchema, ...refusals } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return setupStatus(app.db, request.body.token || undefined);
    },
  );

  /** First run: the set-up link's holder creates the admin account and names the building. */
  app.post(
    '/setup',
    {
      config: { access: 'public' },
      schema: { body: SetupRequestSchema, response: { 201: SessionUserSchema, ...refusals } },
    },
    async (request, reply) => {
      await consume(
        app.db,
        [{ key: `setup:address:${request.ip}`, max: SETUP_TRIES_PER_HOUR, windowMs: 3_600_000 }],
        (seconds) => `Too many set-up attempts. Try again in ${inMinutes(seconds)}.`,
      );
      const { token, admin, building } = request.body;
      const user = await claimBuilding(app.db, token, admin, building);
      await recordAudit(app.db, actorOf(request, user), {
        action: 'building.setup',
        subjectType: 'building',
        subjectId: null,
        summary: `Set up ${building.name}, with ${user.email} as its admin`,
        after: await readBuilding(app.db, defaults),
      });
      await startSession(request, reply, user._id);
      request.log.info({ userId: user._id }, 'building claimed: first admin created');
      return reply.code(201).header('cache-control', 'no-store').send(user);
    },
  );
};
