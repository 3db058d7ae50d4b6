import { keepRentCalendar } from './modules/payments/payments.service';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import compress from '@fastify/compress';
import etag from '@fastify/etag';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { accountRoutes } from './modules/account/account.routes';
import { announcementRoutes } from './modules/announcements/announcements.routes';
import { apartmentAdminRoutes } from './modules/apartments/apartment-admin.routes';
import { apartmentRoutes } from './modules/apartments/apartments.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { buildingRoutes } from './modules/building/building.routes';
import { couponRoutes } from './modules/coupons/coupons.routes';
import { healthRoutes } from './modules/health/health.routes';
import { imageRoutes } from './modules/images/images.routes';
import { leaseRoutes } from './modules/leases/leases.routes';
import { mailRoutes } from './modules/mail/mail.routes';
import { notificationRoutes } from './modules/notifications/notifications.routes';
import { wakeOnNotices } from './modules/notifications/notifications.service';
import { registerMailTransport } from './modules/mail/mail-transport';
import { registerPaymentGateways } from './modules/payments/gateways';
import { chargeRoutes } from './modules/payments/charges.routes';
import { maintenanceRoutes } from './modules/maintenance/maintenance.routes';
import { paymentRoutes } from './modules/payments/payments.routes';
import { rentRollRoutes } from './modules/payments/rent-roll.routes';
import { siteRoutes } from './modules/site/site.routes';
import { userRoutes } from './modules/users/users.routes';
import { systemClock, type Clock } from './lib/clock';
import { serializeError } from './lib/log-safety';
import { ChangesCache } from './lib/changes-cache';
import { PublicCache } from './lib/public-cache';
import { registerClock } from './plugins/clock';
import { registerApiDocs } from './plugins/api-docs';
import { registerAuth } from './plugins/auth';
import { answerClientError, answerFrameworkError, registerErrorHandling } from './plugins/errors';
import { registerJobs, scheduledJobTestRoutes } from './plugins/jobs';
import { Replays } from './plugins/replays';
import { RequestCeiling, registerRequestCeiling } from './plugins/request-ceiling';
import { registerSecurityHeaders } from './plugins/security';
import { registerTextGuard } from './plugins/text-guard';
import { registerWebApp } from './plugins/web-app';
import { useContractSchemas } from './plugins/zod-schemas';
import { jobDefinitions } from './jobs';
import './types';

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  /** Where log lines go (stdout by default); tests read them to check what is never logged. */
  logStream?: DestinationStream;
  /** The time source (the system clock unless a test sets one). */
  clock?: Clock;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** A request id from a load balancer is kept so one request can be followed across services. */
function requestId(request: IncomingMessage): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * What a request's log line says of it, before its duration: method, route (the pattern, so ids
 * and tokens in the path stay out of the log) and status.
 */
function requestFields(
  request: { method: string; route: string },
  status: number,
): Record<string, unknown> {
  return { method: request.method, route: request.route, status };
}

/**
 * The route a request is logged under: its pattern, or for a page of the web app or an unknown
 * path (no route), its path without the query.
 */
function loggedRoute(request: FastifyRequest): string {
  return request.routeOptions.url ?? request.url.split('?')[0] ?? request.url;
}

/** One info line per request, on completion (requestLine). The arrival line only at debug level. */
class RequestLineLogController extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const line = {
      ...requestFields({ method: request.method, route: loggedRoute(request) }, reply.statusCode),
      durationMs: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/** Builds the whole app without listening, so tests drive it with `inject`. */
export async function buildApp({
  config,
  database,
  logStream,
  clock = systemClock,
}: BuildAppOptions): Promise<FastifyInstance> {
  const replays = new Replays(config.trustProxy, {
    requestId,
    route: loggedRoute,
    fields: requestFields,
  });
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(logStream ? { stream: logStream } : {}),
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'res.headers["set-cookie"]',
          '*.password',
          '*.token',
          'body.password',
          'body.token',
          'req.body',
        ],
        censor: '[redacted]',
      },
      serializers: { err: serializeError },
    },
    genReqId: requestId,
    // Kept public answers are sent again before the pipeline (ADR 020).
    serverFactory: replays.serverFactory,
    logController: new RequestLineLogController(),
    // JSON bodies are small; uploads have their own limit (multipart, 5 MB).
    bodyLimit: 64 * 1024,
    trustProxy: config.trustProxy,
    frameworkErrors: (error, request, reply) => {
      answerFrameworkError(error, request, reply);
    },
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  // The admin's rent chart reads day totals kept in the building's time zone (ADR 017).
  await keepRentCalendar(database.db, config.rent.timeZone);
  const publicCache = new PublicCache(database);
  await publicCache.start(
    (error) =>
      app.log.warn({ err: error }, 'cache invalidation channel lost; caching off until it is back'),
    () => app.log.info('cache invalidation channel back; caching on'),
  );
  app.decorate('publicCache', publicCache);
  app.addHook('onClose', () => publicCache.stop());
  const changesCache = new ChangesCache(database);
  await changesCache.start(
    (error) =>
      app.log.warn(
        { err: error },
        'change channel lost; signed-in reads uncached until it is back',
      ),
    () => app.log.info('change channel back; signed-in reads cached'),
  );
  app.decorate('changesCache', changesCache);
  app.addHook('onClose', () => changesCache.stop());

  useContractSchemas(app);
  registerErrorHandling(app);
  // Before any route: the OpenAPI document is collected as routes are added.
  await registerApiDocs(app);
  registerClock(app, clock);

  // The hooks every request passes through are plain callbacks: an async hook costs each request
  // a promise and a turn of the microtask queue.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  registerSecurityHeaders(app, config.env === 'production', config.payments.stripe !== undefined);
  const ceiling = new RequestCeiling(config.requestsPerMinute);
  await registerRequestCeiling(app, ceiling);
  replays.attach(app, ceiling);
  app.decorate('replays', replays);
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(etag);
  const accessTable = await registerAuth(app);
  app.decorate('accessTable', accessTable);
  registerTextGuard(app);
  await registerPaymentGateways(app);
  registerMailTransport(app);
  await registerJobs(app, jobDefinitions);
  await wakeOnNotices(app);

  await app.register(healthRoutes);
  await app.register(
    async (api) => {
      await api.register(siteRoutes);
      await api.register(buildingRoutes);
      await api.register(auditRoutes);
      await api.register(authRoutes);
      await api.register(userRoutes);
      await api.register(apartmentRoutes);
      await api.register(apartmentAdminRoutes);
      await api.register(imageRoutes);
      await api.register(leaseRoutes);
      await api.register(paymentRoutes);
      await api.register(rentRollRoutes);
      await api.register(chargeRoutes);
      await api.register(maintenanceRoutes);
      await api.register(announcementRoutes);
      await api.register(couponRoutes);
      await api.register(mailRoutes);
      await api.register(notificationRoutes);
      await api.register(accountRoutes);
      if (config.testClock) await api.register(scheduledJobTestRoutes(jobDefinitions));
    },
    { prefix: '/api' },
  );
  await registerWebApp(app, config.webDistDir);

  return app;
}
