import {
  CouponIdRequestSchema,
  CouponListResponseSchema,
  CreateCouponRequestSchema,
  DeleteCouponResponseSchema,
  ErrorResponseSchema,
  FeatureCouponResponseSchema,
  FeaturedCouponResponseSchema,
  InsertedResponseSchema,
  PagedBodySchema,
} from '@structomate/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calendarDay } from '../../lib/clock';
import { pageOf, sendPageHeaders } from '../../lib/paging';
import { prepareJson, sendPrepared } from '../../lib/prepared-answer';
import { currentUser } from '../../plugins/auth';
import { actorOf, recordAudit } from '../audit/audit.service';
import {
  couponById,
  createCoupon,
  featureCoupon,
  featuredCoupon,
  listCoupons,
  removeCoupon,
} from './coupons.service';

const refusals = {
  400: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
};

export const couponRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Coupons run by the building's calendar, as payments judge them (`usableCoupon`). */
  const buildingDay = (now: Date) => calendarDay(now, app.config.rent.timeZone);
  app.post(
    '/get/coupons',
    {
      config: { access: ['admin'], readOnly: true },
      schema: { body: PagedBodySchema, response: { 200: CouponListResponseSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const page = pageOf(request.body);
      const { rows, total } = await listCoupons(app.db, page);
      sendPageHeaders(reply, page, total);
      return rows;
    },
  );

  /** Spec §7 /create/coupons: 201 on success; the server sets the create date. */
  app.post(
    '/create/coupons',
    {
      config: { access: ['admin'] },
      schema: {
        body: CreateCouponRequestSchema,
        response: { 201: InsertedResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const { newCoupon } = request.body;
      // Each change and its audit row are kept or lost together.
      const insertedId = await app.db.transaction(async (tx) => {
        const id = await createCoupon(tx, newCoupon, buildingDay(request.now));
        await recordAudit(tx, actorOf(request, currentUser(request)), {
          action: 'coupon.create',
          subjectType: 'coupon',
          subjectId: id,
          summary: `Created coupon ${newCoupon.code.toUpperCase()}: ${newCoupon.percentage} % off, valid until ${newCoupon.validity}`,
          after: newCoupon,
        });
        return id;
      });
      request.log.info({ couponId: insertedId }, 'coupon created');
      return reply.code(201).send({ insertedId });
    },
  );

  /** Spec §7 /delete/coupons: 200 on success (deleted, or archived when a payment used it). */
  app.post(
    '/delete/coupons',
    {
      config: { access: ['admin'] },
      schema: {
        body: CouponIdRequestSchema,
        response: { 200: DeleteCouponResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const result = await app.db.transaction(async (tx) => {
        const coupon = await couponById(tx, request.body.id);
        const removed = await removeCoupon(tx, request.body.id);
        await recordAudit(tx, actorOf(request, currentUser(request)), {
          action: 'coupon.remove',
          subjectType: 'coupon',
          subjectId: request.body.id,
          summary:
            removed.removal === 'archived'
              ? `Archived coupon ${coupon?.code ?? ''} (a payment used it, so it is kept for the books)`
              : `Deleted coupon ${coupon?.code ?? ''}`,
          before: coupon ?? null,
          after: { removal: removed.removal },
        });
        return removed;
      });
      await app.publicCache.invalidate('featured-coupon');
      request.log.info({ couponId: request.body.id, removal: result.removal }, 'coupon removed');
      return result;
    },
  );

  /** Ours: shows this coupon in the home page banner instead of the one featured so far. */
  app.post(
    '/feature/coupons',
    {
      config: { access: ['admin'] },
      schema: {
        body: CouponIdRequestSchema,
        response: { 200: FeatureCouponResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const result = await app.db.transaction(async (tx) => {
        const featured = await featureCoupon(tx, request.body.id, buildingDay(request.now));
        await recordAudit(tx, actorOf(request, currentUser(request)), {
          action: 'coupon.feature',
          subjectType: 'coupon',
          subjectId: featured._id,
          summary: `Featured coupon ${featured.code} on the home page`,
        });
        return featured;
      });
      await app.publicCache.invalidate('featured-coupon');
      request.log.info({ couponId: result._id }, 'coupon featured on the home page');
      return { ok: true as const, result };
    },
  );

  /**
   * Ours: the home page banner's coupon, or null for the launch offer. Public and tiny; browsers
   * revalidate each time and get 304 while the ETag holds.
   */
  app.get(
    '/coupons/featured',
    { config: { access: 'public' }, schema: { response: { 200: FeaturedCouponResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      // Keyed by the building's day, so a coupon that expires at its midnight leaves the banner
      // then (the day a payment would refuse it).
      const today = buildingDay(request.now);
      const answer = await app.publicCache.get('featured-coupon', today, async () =>
        prepareJson(reply, { result: await featuredCoupon(app.db, today) }),
      );
      return sendPrepared(request, reply, answer);
    },
  );
};
