import {
  CreatePaymentIntentRequestSchema,
  ErrorResponseSchema,
  FormerTenantBalancesQuerySchema,
  FormerTenantBalancesResponseSchema,
  OkResponseSchema,
  PaymentIntentResponseSchema,
  RecordDepositRequestSchema,
  RecordDepositResponseSchema,
  RecordPaymentRequestSchema,
  RecordPaymentResponseSchema,
  RentLedgerSchema,
  SandboxConfirmRequestSchema,
  SandboxConfirmResponseSchema,
  SaveTransactionRequestSchema,
  SaveTransactionResponseSchema,
  TenantAccountSchema,
  TenantIdParamsSchema,
  TokenOnlyBodySchema,
  TransactionListRequestSchema,
  TransactionListResponseSchema,
  DepositEntryParamsSchema,
  UndoPaymentParamsSchema,
  UndoPaymentRequestSchema,
  UndoPaymentResponseSchema,
} from '@structomate/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { sendKept } from '../../lib/changes-cache';
import { prepareJson } from '../../lib/prepared-answer';
import { currentUser } from '../../plugins/auth';
import { actorOf } from '../audit/audit.service';
import { assertOwnLookup } from '../leases/leases.service';
import { getAccountHolder } from '../users/users.service';
import { billingRules, paymentsContext } from './payments.service';
import { prepareIntent } from './intents.service';
import { listCharges } from './charges.service';
import { leaseDeposits, recordDepositEntry, undoDepositEntry } from './deposits.service';
import { formerTenantBalances, personLedger } from './ledger.service';
import { recordOfflinePayment, undoOfflinePayment } from './offline.service';
import {
  handleProviderEvent,
  handleStripeEventOnce,
  listTransactions,
  saveTransaction,
} from './recording.service';
import { paymentIntentOf } from './stripe-gateway';

const refusals = {
  400: ErrorResponseSchema,
  402: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
};

/**
 * Paying rent is for whoever owes it: members, and people whose lease ended with months unpaid
 * (they are users again). The services refuse anyone with nothing to pay.
 */
const PAYERS = ['member', 'user'] as const;

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sandbox, stripe } = app.paymentGateways;
  const rules = billingRules(app.config);

  app.post(
    '/create-payment-intent',
    {
      config: { access: PAYERS },
      schema: {
        body: CreatePaymentIntentRequestSchema,
        response: { 200: PaymentIntentResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return prepareIntent(
        paymentsContext(app, request.log),
        currentUser(request),
        request.body,
        request.now,
      );
    },
  );

  /** The sandbox's stand-in for Stripe.js confirming a card; there is none with real Stripe. */
  app.post(
    '/sandbox/confirm',
    {
      config: { access: PAYERS },
      schema: {
        body: SandboxConfirmRequestSchema,
        response: { 200: SandboxConfirmResponseSchema, ...refusals },
      },
    },
    async (request) => {
      if (app.paymentGateways.active.name !== 'sandbox') {
        throw new AppError('NOT_FOUND', 'Card payments go to Stripe here, not to the sandbox');
      }
      const id = await sandbox.confirm(
        request.body.clientSecret,
        request.body.card,
        currentUser(request)._id,
        request.now,
      );
      return { paymentIntentId: id, status: 'succeeded' as const };
    },
  );

  app.post(
    '/save/transaction',
    {
      config: { access: PAYERS },
      schema: {
        body: SaveTransactionRequestSchema,
        response: { 200: SaveTransactionResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const transaction = await saveTransaction(
        paymentsContext(app, request.log),
        currentUser(request),
        request.body.transaction.transactionId,
        request.now,
      );
      request.log.info({ transactionId: transaction.transactionId }, 'rent payment recorded');
      return { insertedId: transaction._id, transaction };
    },
  );

  app.post(
    '/get/transactions',
    {
      config: { access: PAYERS, readOnly: true },
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
      // Kept by this server until any data changes (ADR 019).
      return sendKept(request, reply, `transactions:${me._id}`, async () =>
        prepareJson(reply, await listTransactions(app.db, me._id)),
      );
    },
  );

  app.post(
    '/rent/ledger',
    {
      config: { access: PAYERS, readOnly: true },
      schema: { body: TokenOnlyBodySchema, response: { 200: RentLedgerSchema, ...refusals } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return personLedger(app.db, rules, request.now, currentUser(request)._id);
    },
  );

  /** A person's rent account, for the admin: the member's record (also after their lease ended). */
  app.get(
    '/tenants/:id/account',
    {
      config: { access: ['admin'] },
      schema: {
        params: TenantIdParamsSchema,
        response: { 200: TenantAccountSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const person = await getAccountHolder(app.db, request.params.id);
      if (!person) throw new AppError('NOT_FOUND', 'No account has this id');
      reply.header('cache-control', 'no-store');
      const [ledger, transactions] = await Promise.all([
        personLedger(app.db, rules, request.now, person._id),
        listTransactions(app.db, person._id),
      ]);
      const [deposits, charges] = await Promise.all([
        leaseDeposits(
          app.db,
          ledger.leases.map((lease) => lease._id),
        ),
        listCharges(app.db, person._id),
      ]);
      return {
        person,
        ledger,
        transactions,
        deposits,
        charges: charges.result,
      };
    },
  );

  /** Rent the admin received by hand (cash, bank transfer, bKash, Nagad), for months of a lease. */
  app.post(
    '/tenants/:id/payments',
    {
      config: { access: ['admin'] },
      schema: {
        params: TenantIdParamsSchema,
        body: RecordPaymentRequestSchema,
        response: { 201: RecordPaymentResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const transactions = await recordOfflinePayment(
        paymentsContext(app, request.log),
        actorOf(request, currentUser(request)),
        request.params.id,
        request.body,
        request.now,
      );
      request.log.info(
        { transactionIds: transactions.map((transaction) => transaction.transactionId) },
        'offline rent payment recorded',
      );
      return reply.code(201).send({ transactions });
    },
  );

  /**
   * A payment recorded by hand, undone (recorded by mistake): the month is unpaid again and the
   * tenant is told why. Card payments are refunded through the provider instead (409).
   */
  app.post(
    '/tenants/:id/payments/:paymentId/undo',
    {
      config: { access: ['admin'] },
      schema: {
        params: UndoPaymentParamsSchema,
        body: UndoPaymentRequestSchema,
        response: { 200: UndoPaymentResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const undone = await undoOfflinePayment(
        app.db,
        actorOf(request, currentUser(request)),
        request.params.id,
        request.params.paymentId,
        request.body.reason,
      );
      request.log.info({ transactionId: undone.transactionId }, 'offline rent payment undone');
      return { undone };
    },
  );

  /** A lease's security deposit received from the tenant, or given back. */
  app.post(
    '/tenants/:id/deposits',
    {
      config: { access: ['admin'] },
      schema: {
        params: TenantIdParamsSchema,
        body: RecordDepositRequestSchema,
        response: { 201: RecordDepositResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const recorded = await recordDepositEntry(
        app.db,
        rules.timeZone,
        actorOf(request, currentUser(request)),
        request.params.id,
        request.body,
        request.now,
      );
      return reply.code(201).send(recorded);
    },
  );

  /**
   * A deposit entry recorded by mistake, undone: an entry the opposite way that names it; the
   * tenant is told why. Answers the undo and the lease's deposit after it.
   */
  app.post(
    '/tenants/:id/deposits/:entryId/undo',
    {
      config: { access: ['admin'] },
      schema: {
        params: DepositEntryParamsSchema,
        body: UndoPaymentRequestSchema,
        response: { 200: RecordDepositResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const undone = await undoDepositEntry(
        app.db,
        rules.timeZone,
        actorOf(request, currentUser(request)),
        request.params.id,
        request.params.entryId,
        request.body.reason,
        request.now,
      );
      request.log.info({ entryId: request.params.entryId }, 'deposit entry undone');
      return undone;
    },
  );

  /** Former tenants who still owe rent (their balance outlives the lease). */
  app.get(
    '/tenants/former-balances',
    {
      config: { access: ['admin'] },
      schema: {
        querystring: FormerTenantBalancesQuerySchema,
        response: { 200: FormerTenantBalancesResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { page, limit } = request.query;
      return formerTenantBalances(app.db, rules, request.now, page, limit);
    },
  );

  // Stripe signs the exact bytes it sends, so this route keeps the raw body.
  await app.register(async (webhook) => {
    // In place of the app's JSON parser (plugins/replays.ts), here alone.
    webhook.removeContentTypeParser('application/json');
    webhook.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer' },
      (_request, body, done) => done(null, body),
    );
    /**
     * Answers: 2xx for an event handled, already handled or of no interest; 400 only for a
     * signature that does not verify; 5xx only when trying again later can help (Stripe retries).
     */
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
        await handleStripeEventOnce(app.db, event.id, event.type, async () => {
          const intent = paymentIntentOf(event);
          if (!intent) return;
          // A success is final, so the signed event is the provider's word; any other event may
          // arrive out of order, so the provider is asked how the intent stands now.
          const reported = intent.status === 'succeeded' ? intent : undefined;
          const outcome = await handleProviderEvent(
            paymentsContext(app, request.log),
            intent.id,
            reported,
            request.now,
          );
          request.log.info(
            { eventId: event.id, type: event.type, outcome },
            'Stripe event handled',
          );
        });
        return { ok: true as const };
      },
    );
  });
};
