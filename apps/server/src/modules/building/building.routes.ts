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
      // The change and its audit row are kept or lost together.
      const after = await app.db.transaction(async (tx) => {
        const before = await readBuilding(tx, defaults);
        await updateBuilding(tx, profile, version, leaseDefaults);
        const saved = await readBuilding(tx, defaults);
        await recordAudit(tx, actorOf(request, currentUser(request)), {
          action: 'building.update',
          subjectType: 'building',
          subjectId: null,
          summary: `Changed the building settings of ${saved.name}`,
          before,
          after: saved,
        });
        return saved;
      });
      // The public pages show the building's name, contacts and lease terms.
      await app.publicCache.invalidate('pages');
      request.log.info({ userId: request.user?._id }, 'building settings saved');
      return after;
    },
  );

  /** First run: whether the building can still be claimed, and with this link. */
  app.post(
    '/setup/check',
    {
      config: { access: 'public', readOnly: true },
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
      const user = await app.db.transaction(async (tx) => {
        const claimed = await claimBuilding(tx, token, admin, building);
        await recordAudit(tx, actorOf(request, claimed), {
          action: 'building.setup',
          subjectType: 'building',
          subjectId: null,
          summary: `Set up ${building.name}, with ${claimed.email} as its admin`,
          after: await readBuilding(tx, defaults),
        });
        return claimed;
      });
      await app.publicCache.invalidate('pages');
      await startSession(request, reply, user._id);
      request.log.info({ userId: user._id }, 'building claimed: first admin created');
      return reply.code(201).header('cache-control', 'no-store').send(user);
    },
  );
};
