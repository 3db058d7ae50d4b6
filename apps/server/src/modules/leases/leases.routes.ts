import {
  MEMBERS_PAGE_SIZE,
  PENDING_REQUESTS_PAGE_SIZE,
  AcceptAgreementRequestSchema,
  AgreementDecisionResponseSchema,
  PendingAgreementListResponseSchema,
  AgreementLookupResponseSchema,
  MemberAgreementResponseSchema,
  ChangeRoleRequestSchema,
  EndLeaseRequestSchema,
  LeaseIdParamsSchema,
  LeaseResponseSchema,
  RenewLeaseRequestSchema,
  ChangeRoleResponseSchema,
  CreateAgreementRequestSchema,
  ErrorResponseSchema,
  InsertedResponseSchema,
  MemberListResponseSchema,
  OwnAgreementRequestSchema,
  RejectAgreementRequestSchema,
  PagedBodySchema,
  type Agreement,
} from '@structomate/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { retryOnDeadlock } from '../../lib/db-errors';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { calendarDay } from '../../lib/clock';
import { pageOf, sendKeptPage } from '../../lib/paging';
import { currentUser } from '../../plugins/auth';
import { actorOf, recordAudit } from '../audit/audit.service';
import { buildingDefaults, readLeaseDefaults } from '../building/building.service';
import {
  billingRules,
  closeIntentsAfter,
  closeIntentsAtOtherRent,
  endedLeaseBalances,
  paymentsContext,
} from '../payments/payments.service';
import {
  acceptAgreement,
  agreementById,
  assertOwnLookup,
  latestAgreement,
  listMembers,
  memberAgreementWithDeposit,
  pendingAgreements,
  pendingRequestsByApartment,
  rejectAgreement,
  removeMember,
  requestAgreement,
} from './leases.service';
import {
  endLease,
  paidThrough,
  renewLease,
  withdrawNotice,
  type LeaseChange,
} from './lease-changes.service';

/** "Rina Das (rina@example.com) for apartment C-801": a request, as the audit log names it. */
const requestOf = (agreement: Agreement) =>
  `${agreement.tenant} (${agreement.tenantEmail}) for apartment ${agreement.apartmentDetails.apartmentNo}`;

/** The audit entry of a request declined, by Reject or by accepting another for its apartment. */
const recordRejection = (
  tx: Database,
  request: FastifyRequest,
  rejected: Agreement,
  summary: string,
) =>
  recordAudit(tx, actorOf(request, currentUser(request)), {
    action: 'lease.reject',
    subjectType: 'agreement',
    subjectId: rejected._id,
    summary,
    before: { status: 'pending' },
    after: { status: rejected.status },
  });

const refusals = {
  400: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
};

export const leaseRoutes: FastifyPluginAsyncZod = async (app) => {
  const defaults = buildingDefaults(app.config);
  /** The building's calendar and the lease defaults a request signed now takes. */
  const signingContext = async () => ({
    timeZone: app.config.rent.timeZone,
    leaseDefaults: await readLeaseDefaults(app.db, defaults),
    rules: billingRules(app.config),
  });

  const lookup = {
    body: OwnAgreementRequestSchema,
    response: { 200: AgreementLookupResponseSchema, 403: ErrorResponseSchema },
  };

  /** The member's own lease (profile, rent page); the lookup runs only for members (spec §6). */
  app.post(
    '/member/agreements',
    {
      config: { access: ['member'], readOnly: true },
      schema: {
        ...lookup,
        response: { ...lookup.response, 200: MemberAgreementResponseSchema },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      assertOwnLookup(me, request.body);
      reply.header('cache-control', 'no-store');
      return { result: await memberAgreementWithDeposit(app.db, me._id) };
    },
  );

  /** The caller's latest agreement request with its status and dates (user announcements). */
  app.post(
    '/users/agreements/',
    { config: { access: 'signed-in', readOnly: true }, schema: lookup },
    async (request, reply) => {
      const me = currentUser(request);
      assertOwnLookup(me, request.body);
      reply.header('cache-control', 'no-store');
      return { result: await latestAgreement(app.db, me._id) };
    },
  );

  /** Signing (spec §4): the server builds the request from the session and the database. */
  app.post(
    '/create/agreements',
    {
      config: { access: 'signed-in' },
      schema: {
        body: CreateAgreementRequestSchema,
        response: { 201: InsertedResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      const apartmentId = request.body.newAgreement.apartmentDetails._id;
      const insertedId = await requestAgreement(
        app.db,
        me,
        apartmentId,
        request.now,
        await signingContext(),
        request.body.newAgreement.startDate,
      );
      request.log.info({ agreementId: insertedId, apartmentId }, 'lease requested');
      return reply.code(201).send({ insertedId });
    },
  );

  app.post(
    '/pending/agreements',
    {
      config: { access: ['admin'], readOnly: true },
      schema: { body: PagedBodySchema, response: { 200: PendingAgreementListResponseSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const page = pageOf(request.body);
      return sendKeptPage(
        request,
        reply,
        page,
        PENDING_REQUESTS_PAGE_SIZE,
        // By the day: what an applicant owes grows as months are billed.
        `pending requests:${calendarDay(request.now, app.config.rent.timeZone)}`,
        async () => {
          const { rows, total } = await pendingAgreements(app.db, page);
          // An applicant who left a lease here owing rent is shown as such on their request.
          const owed = await endedLeaseBalances(app.db, billingRules(app.config), request.now, [
            ...new Set(rows.map((row) => row.tenant_id)),
          ]);
          const waiting = await pendingRequestsByApartment(app.db, [
            ...new Set(rows.map((row) => row.apartmentDetails._id)),
          ]);
          const withBalances = rows.map((row) => {
            const others = (waiting.get(row.apartmentDetails._id) ?? []).filter(
              (id) => id !== row._id,
            );
            return {
              ...row,
              applicantOwes: owed.get(row.tenant_id) ?? null,
              otherRequests: others.length,
              otherRequestIds: others,
            };
          });
          return { rows: withBalances, total };
        },
      );
    },
  );

  app.post(
    '/accept/agreements',
    {
      config: { access: ['admin'] },
      schema: {
        body: AcceptAgreementRequestSchema,
        response: { 200: AgreementDecisionResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const context = await signingContext();
      // The decision and its audit row are kept or lost together.
      const result = await app.db.transaction(async (tx) => {
        const { accepted, declined } = await acceptAgreement(
          tx,
          request.body.agreement_id,
          request.now,
          context,
          { startDate: request.body.startDate, declining: request.body.declining },
        );
        await recordAudit(tx, actorOf(request, currentUser(request)), {
          action: 'lease.accept',
          subjectType: 'agreement',
          subjectId: accepted._id,
          summary: `Accepted ${accepted.tenant} (${accepted.tenantEmail}) for apartment ${accepted.apartmentDetails.apartmentNo}`,
          before: { status: 'pending' },
          after: {
            status: accepted.status,
            rent: accepted.apartmentDetails.rent,
            terms: accepted.terms,
          },
        });
        // The requests for the same apartment, declined by this acceptance, each as a decision.
        for (const other of declined) {
          await recordRejection(
            tx,
            request,
            other,
            `Declined the request of ${requestOf(other)}: ${accepted.tenant} was accepted for it`,
          );
        }
        return accepted;
      });
      // The apartment is occupied now: listings everywhere must say so.
      await app.publicCache.invalidate('apartments');
      request.log.info({ agreementId: result._id, tenantId: result.tenant_id }, 'lease accepted');
      return { result };
    },
  );

  app.post(
    '/reject/agreements',
    {
      config: { access: ['admin'] },
      schema: {
        body: RejectAgreementRequestSchema,
        response: { 200: AgreementDecisionResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const result = await app.db.transaction(async (tx) => {
        const rejected = await rejectAgreement(tx, request.body.agreement_id, request.now);
        await recordRejection(
          tx,
          request,
          rejected,
          `Rejected the request of ${requestOf(rejected)}`,
        );
        return rejected;
      });
      request.log.info({ agreementId: result._id }, 'lease request rejected');
      return { result };
    },
  );

  app.post(
    '/manageMembers',
    {
      config: { access: ['admin'], readOnly: true },
      schema: { body: PagedBodySchema, response: { 200: MemberListResponseSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const page = pageOf(request.body);
      const rules = billingRules(app.config);
      // What each member owes is of the building's day.
      const day = calendarDay(request.now, rules.timeZone);
      return sendKeptPage(request, reply, page, MEMBERS_PAGE_SIZE, `members:${day}`, () =>
        listMembers(app.db, rules, request.now, page),
      );
    },
  );

  /** Spec §7 /change/role: removes a member, ending their lease and freeing the apartment. */
  app.post(
    '/change/role',
    {
      config: { access: ['admin'] },
      schema: {
        body: ChangeRoleRequestSchema,
        response: { 200: ChangeRoleResponseSchema, ...refusals },
      },
    },
    async (request) => {
      // Run again if PostgreSQL ends it as a deadlock: a charge or a payment for the same person
      // at that moment may hold their row the other way round.
      const removed = await retryOnDeadlock(() =>
        app.db.transaction(async (tx) => {
          const person = await removeMember(
            tx,
            currentUser(request),
            request.body.id,
            request.now,
            app.config.rent.timeZone,
          );
          await recordAudit(tx, actorOf(request, currentUser(request)), {
            action: 'lease.end',
            subjectType: 'user',
            subjectId: request.body.id,
            summary: `Removed ${person.displayName}: their lease ended at once, a member no longer`,
            before: { role: 'member' },
            after: { role: 'user' },
          });
          return person;
        }),
      );
      await app.publicCache.invalidate('apartments');
      // Months after the lease are billed to nobody: a payment still open for one is canceled.
      // The lease has ended either way; a provider out of reach only leaves that for later.
      const payments = paymentsContext(app, request.log);
      await closeIntentsAfter(
        payments,
        request.body.id,
        removed.lastBilledMonth,
        request.now,
      ).catch((error: unknown) =>
        request.log.error(
          { err: error, userId: request.body.id },
          'open payments after the lease could not be canceled',
        ),
      );
      request.log.info({ userId: request.body.id }, 'member removed');
      return { ok: true as const, displayName: removed.displayName, role: 'user' as const };
    },
  );

  // Renewing and ending leases (ours): the admin works on the lease from the member's account.
  const leaseChange = {
    params: LeaseIdParamsSchema,
    response: { 200: LeaseResponseSchema, ...refusals },
  };
  /** The lease as it stands, with the last month paid under it (the form's earliest end). */
  const leaseAnswer = async (leaseId: string) => {
    const result = await agreementById(app.db, leaseId);
    return { result, paidThrough: (await paidThrough(app.db, leaseId)) ?? null };
  };
  const changed = async (change: LeaseChange, leaseId: string, message: string, log: object) => {
    app.log.info({ leaseId, tenantId: change.tenantId, ...log }, message);
    return leaseAnswer(leaseId);
  };

  /** One lease with its terms, for the admin (the member's account shows and changes it). */
  app.get(
    '/admin/leases/:id',
    { config: { access: ['admin'] }, schema: leaseChange },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const answer = await leaseAnswer(request.params.id);
      if (answer.result.status === 'pending' || answer.result.status === 'rejected') {
        throw new AppError('NOT_FOUND', 'No lease has this id');
      }
      return answer;
    },
  );

  app.post(
    '/admin/leases/:id/renew',
    { config: { access: ['admin'] }, schema: { ...leaseChange, body: RenewLeaseRequestSchema } },
    async (request) => {
      const change = await renewLease(
        app.db,
        actorOf(request, currentUser(request)),
        request.params.id,
        request.body,
        request.now,
        app.config.rent.timeZone,
      );
      const { rent, rentFrom } = request.body;
      if (rent !== undefined && rentFrom !== undefined) {
        // A tab still showing the old rent for one of those months cannot charge it (a provider
        // out of reach leaves that to recording, which refunds a charge at the old rent).
        await closeIntentsAtOtherRent(
          paymentsContext(app, request.log),
          request.params.id,
          rentFrom,
          rent,
          request.now,
        ).catch((error: unknown) =>
          request.log.error(
            { err: error, leaseId: request.params.id },
            'open payments at the old rent could not be canceled',
          ),
        );
      }
      return changed(change, request.params.id, 'lease renewed', { endDate: request.body.endDate });
    },
  );

  /** Gives notice: the lease runs through the day named; the apartment is free the next. */
  app.post(
    '/admin/leases/:id/end',
    { config: { access: ['admin'] }, schema: { ...leaseChange, body: EndLeaseRequestSchema } },
    async (request) => {
      const { endDate } = request.body;
      const change = await endLease(
        app.db,
        actorOf(request, currentUser(request)),
        request.params.id,
        endDate,
        request.now,
        app.config.rent.timeZone,
      );
      // Months after the last one are billed to nobody: a payment still open for one is
      // canceled (a provider out of reach only leaves that for later, as on removal).
      await closeIntentsAfter(
        paymentsContext(app, request.log),
        change.tenantId,
        endDate.slice(0, 7),
        request.now,
      ).catch((error: unknown) =>
        request.log.error(
          { err: error, leaseId: request.params.id },
          'open payments after the lease could not be canceled',
        ),
      );
      return changed(change, request.params.id, 'lease end set', { endDate });
    },
  );

  app.delete(
    '/admin/leases/:id/end',
    { config: { access: ['admin'] }, schema: leaseChange },
    async (request) => {
      const change = await withdrawNotice(
        app.db,
        actorOf(request, currentUser(request)),
        request.params.id,
        request.now,
        app.config.rent.timeZone,
      );
      return changed(change, request.params.id, 'lease end withdrawn', {});
    },
  );
};
