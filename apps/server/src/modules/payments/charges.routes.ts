import {
  CancelChargeSchema,
  ChargeIdParamsSchema,
  ChargeReceiptSchema,
  ErrorResponseSchema,
  MyChargesSchema,
  NewChargeRequestSchema,
  TenantIdParamsSchema,
  RecordChargePaymentSchema,
  UndoPaymentRequestSchema,
} from '@structomate/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth';
import { actorOf } from '../audit/audit.service';
import {
  addChargeByHand,
  cancelCharge,
  getCharge,
  listCharges,
  recordChargePayment,
  undoChargePayment,
} from './charges.service';

const refusals = {
  400: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
};

/**
 * Charges besides rent: the tenant's own list and receipts; the admin records them paid, undoes a
 * payment recorded by mistake, adds a charge by hand, or cancels a charge made by mistake.
 */
export const chargeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/charges',
    // A former tenant (a user again) keeps their charges and receipts.
    { config: { access: ['member', 'user'] }, schema: { response: { 200: MyChargesSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listCharges(app.db, currentUser(request)._id);
    },
  );

  app.get(
    '/charges/:id',
    {
      config: { access: ['member', 'user', 'admin'] },
      schema: {
        params: ChargeIdParamsSchema,
        response: { 200: ChargeReceiptSchema, ...refusals },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getCharge(app.db, request.params.id, currentUser(request));
    },
  );

  app.post(
    '/admin/charges/:id/payment',
    {
      config: { access: ['admin'] },
      schema: {
        params: ChargeIdParamsSchema,
        body: RecordChargePaymentSchema,
        response: { 200: ChargeReceiptSchema, ...refusals },
      },
    },
    async (request) =>
      recordChargePayment(
        app.db,
        actorOf(request, currentUser(request)),
        request.params.id,
        request.body,
        request.now,
        app.config.rent.timeZone,
      ),
  );

  app.post(
    '/admin/charges/:id/payment/undo',
    {
      config: { access: ['admin'] },
      schema: {
        params: ChargeIdParamsSchema,
        body: UndoPaymentRequestSchema,
        response: { 200: ChargeReceiptSchema, ...refusals },
      },
    },
    async (request) => {
      const receipt = await undoChargePayment(
        app.db,
        actorOf(request, currentUser(request)),
        request.params.id,
        request.body.reason,
      );
      request.log.info({ chargeId: receipt._id }, 'charge payment undone');
      return receipt;
    },
  );

  app.post(
    '/admin/charges/:id/cancel',
    {
      config: { access: ['admin'] },
      schema: {
        params: ChargeIdParamsSchema,
        body: CancelChargeSchema,
        response: { 200: ChargeReceiptSchema, ...refusals },
      },
    },
    async (request) => {
      const receipt = await cancelCharge(
        app.db,
        actorOf(request, currentUser(request)),
        request.params.id,
        request.body.reason,
        request.now,
        app.config.rent.timeZone,
      );
      request.log.info({ chargeId: receipt._id }, 'charge cancelled');
      return receipt;
    },
  );

  app.post(
    '/tenants/:id/charges',
    {
      config: { access: ['admin'] },
      schema: {
        params: TenantIdParamsSchema,
        body: NewChargeRequestSchema,
        response: { 201: ChargeReceiptSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const receipt = await addChargeByHand(
        app.db,
        app.config.rent.timeZone,
        actorOf(request, currentUser(request)),
        request.params.id,
        request.body,
        request.now,
      );
      request.log.info({ chargeId: receipt._id }, 'charge added');
      return reply.code(201).send(receipt);
    },
  );
};
