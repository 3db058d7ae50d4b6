import {
  CreatePaymentIntentRequestSchema,
  ErrorResponseSchema,
  OkResponseSchema,
  PaymentIntentResponseSchema,
  RentLedgerSchema,
  SandboxConfirmRequestSchema,
  SandboxConfirmResponseSchema,
  SaveTransactionRequestSchema,
  SaveTransactionResponseSchema,
  TokenOnlyBodySchema,
  TransactionListRequestSchema,
  TransactionListResponseSchema,
} from '@structomate/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { currentUser } from '../../plugins/auth';
import { assertOwnLookup } from '../leases/leases.service';
import {
  confirmSandboxCard,
  handleStripeEventOnce,
  listTransactions,
  prepareIntent,
  recordPayment,
  rentLedger,
  type PaymentsContext,
} from './payments.service';
import type { PaymentGateway } from './provider';
import { SandboxGateway } from './sandbox';
import { StripeGateway, toProviderIntent } from './stripe-gateway';

const refusals = {
  400: ErrorResponseSchema,
  402: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
};

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const stripeSettings = app.config.payments.stripe;
  const stripe = stripeSettings ? new StripeGateway(stripeSettings) : undefined;
  const gateway: PaymentGateway = stripe ?? new SandboxGateway(app.db);
  const ctx: PaymentsContext = {
    db: app.db,
    gateway,
    currency: app.config.payments.currency,
    leaseStart: app.config.lease.startDate,
    now: () => new Date(),
    log: app.log,
  };

  app.post(
    '/create-payment-intent',
    {
      config: { access: ['member'] },
      schema: {
        body: CreatePaymentIntentRequestSchema,
        response: { 200: PaymentIntentResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return prepareIntent(ctx, currentUser(request), request.body);
    },
  );

  /** The sandbox's stand-in for Stripe.js confirming a card; there is none with real Stripe. */
  app.post(
    '/sandbox/confirm',
    {
      config: { access: ['member'] },
      schema: {
        body: SandboxConfirmRequestSchema,
        response: { 200: SandboxConfirmResponseSchema, ...refusals },
      },
    },
    async (request) => {
      if (gateway.name !== 'sandbox') {
        throw new AppError('NOT_FOUND', 'Card payments go to Stripe here, not to the sandbox');
      }
      const id = await confirmSandboxCard(
        ctx,
        currentUser(request),
        request.body.clientSecret,
        request.body.card,
      );
      return { paymentIntentId: id, status: 'succeeded' as const };
    },
  );

  app.post(
    '/save/transaction',
    {
      config: { access: ['member'] },
      schema: {
        body: SaveTransactionRequestSchema,
        response: { 200: SaveTransactionResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const transaction = await recordPayment(ctx, request.body.transaction.transactionId, {
        expectedUserId: me._id,
      });
      request.log.info({ transactionId: transaction.transactionId }, 'rent payment recorded');
      return { insertedId: transaction._id, transaction };
    },
  );

  app.post(
    '/get/transactions',
    {
      config: { access: ['member'] },
      schema: {
        body: TransactionListRequestSchema,
        response: { 200: TransactionListResponseSchema, 403: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      assertOwnLookup(me, {
        tenantEmail: request.body?.email,
        tenant_id: request.body?.userId,
      });
      reply.header('cache-control', 'no-store');
      return listTransactions(app.db, me._id);
    },
  );

  app.post(
    '/rent/ledger',
    {
      config: { access: ['member'] },
      schema: { body: TokenOnlyBodySchema, response: { 200: RentLedgerSchema, ...refusals } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return rentLedger(ctx, currentUser(request));
    },
  );

  // Stripe signs the exact bytes it sends, so this route keeps the raw body.
  await app.register(async (webhook) => {
    webhook.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer' },
      (_request, body, done) => done(null, body),
    );
    webhook.post(
      '/stripe/webhook',
      {
        config: { access: 'public' },
        schema: { response: { 200: OkResponseSchema, ...refusals } },
      },
      async (request) => {
        if (!stripe) throw new AppError('NOT_FOUND', 'Stripe is not configured here');
        const signature = request.headers['stripe-signature'];
        if (!Buffer.isBuffer(request.body) || typeof signature !== 'string') {
          throw new AppError('BAD_REQUEST', 'A signed Stripe event is expected');
        }
        let event;
        try {
          event = stripe.constructEvent(request.body, signature);
        } catch (error) {
          request.log.warn({ err: error }, 'Stripe webhook with a bad signature refused');
          throw new AppError('BAD_REQUEST', 'The Stripe signature does not verify');
        }
        if (event.type === 'payment_intent.succeeded') {
          const intent = toProviderIntent(event.data.object);
          await handleStripeEventOnce(ctx.db, event.id, event.type, async () => {
            await recordPayment(ctx, intent.id, { reported: intent });
          });
        } else {
          await handleStripeEventOnce(ctx.db, event.id, event.type, async () => undefined);
        }
        return { ok: true as const };
      },
    );
  });
};
