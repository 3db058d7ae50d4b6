import multipart from '@fastify/multipart';
import {
  ContactIdParamsSchema,
  ErrorResponseSchema,
  MaintenanceAssignRequestSchema,
  MaintenanceCommentRequestSchema,
  MaintenanceContactRequestSchema,
  MaintenanceContactSchema,
  MaintenanceContactsSchema,
  MaintenanceCostRequestSchema,
  MaintenanceFiguresSchema,
  MaintenanceIdParamsSchema,
  MaintenanceInboxQuerySchema,
  MaintenancePageSchema,
  MaintenancePhotoParamsSchema,
  MaintenancePhotoUploadSchema,
  MaintenanceRatingRequestSchema,
  MaintenanceReopenRequestSchema,
  MaintenanceRequestSchema,
  MaintenanceStatusRequestSchema,
  MaintenanceVersionRequestSchema,
  MaintenanceVisitRequestSchema,
  MyMaintenanceSchema,
  NewMaintenanceRequestSchema,
  OkSchema,
} from '@structomate/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calendarDay } from '../../lib/clock';
import { currentUser } from '../../plugins/auth';
import { actorOf } from '../audit/audit.service';
import { buildingDefaults, readBuilding } from '../building/building.service';
import {
  assertMultipart,
  consumeUpload,
  readUploadedImage,
  UPLOAD_LIMITS,
} from '../images/images.service';
import { memberAgreement } from '../leases/leases.service';
import { addComment } from './maintenance-comments.service';
import { addCost, assignRequest, changeStatus, scheduleVisit } from './maintenance-changes.service';
import { fileRequest, rateRequest, tenantMove } from './maintenance-tenant.service';
import {
  createContact,
  listContacts,
  removeContact,
  updateContact,
} from './maintenance-contacts.service';
import { maintenanceFigures } from './maintenance-figures.service';
import { readPhoto, uploadPhoto } from './maintenance-photos.service';
import { inbox, listOwnRequests, readRequest } from './maintenance.service';

const refusals = {
  400: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
};

/** Who takes part in requests: tenants, former tenants (reading theirs) and the admins. */
const PARTIES = ['member', 'user', 'admin'] as const;

const people = (request: FastifyRequest) => {
  const user = currentUser(request);
  return { viewer: user, actor: actorOf(request, user) };
};

export const maintenanceRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, UPLOAD_LIMITS);
  const defaults = buildingDefaults(app.config);
  const timeZone = app.config.rent.timeZone;

  /** Every change answers with the request as its maker now sees it. */
  const answer = (request: FastifyRequest, id: string) =>
    readRequest(app.db, id, currentUser(request), request.now);

  app.post(
    '/maintenance/photos',
    {
      config: { access: ['member', 'admin'] },
      schema: {
        response: {
          200: MaintenancePhotoUploadSchema,
          400: ErrorResponseSchema,
          413: ErrorResponseSchema,
          415: ErrorResponseSchema,
          429: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      assertMultipart(request);
      await consumeUpload(app.db, user, request.ip);
      const bytes = await readUploadedImage(request);
      return { photo: await uploadPhoto(app.db, user._id, bytes, request.now) };
    },
  );

  app.get(
    '/maintenance/photos/:file',
    // Bytes out: no response schema. Private: only the tenant and the admins may fetch it.
    { config: { access: PARTIES }, schema: { params: MaintenancePhotoParamsSchema } },
    async (request, reply) => {
      const data = await readPhoto(app.db, request.params.file.slice(0, 36), currentUser(request));
      return reply
        .header('cache-control', 'private, max-age=86400, immutable')
        .type('image/webp')
        .send(data);
    },
  );

  app.get(
    '/maintenance/requests',
    { config: { access: PARTIES }, schema: { response: { 200: MyMaintenanceSchema } } },
    async (request, reply) => {
      const user = currentUser(request);
      reply.header('cache-control', 'no-store');
      const [result, building, lease] = await Promise.all([
        listOwnRequests(app.db, user._id),
        readBuilding(app.db, defaults),
        user.role === 'member' ? memberAgreement(app.db, user._id) : null,
      ]);
      return {
        result,
        emergencyPhone: building.emergencyPhone ?? building.contactPhone,
        canFile: lease !== null,
      };
    },
  );

  app.post(
    '/maintenance/requests',
    {
      config: { access: ['member'] },
      schema: {
        body: NewMaintenanceRequestSchema,
        response: { 201: MaintenanceRequestSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const { viewer, actor } = people(request);
      const id = await fileRequest(app.db, viewer, actor, request.body, request.now);
      request.log.info(
        { requestId: id, urgency: request.body.urgency },
        'maintenance request filed',
      );
      return reply.code(201).send(await answer(request, id));
    },
  );

  app.get(
    '/maintenance/requests/:id',
    {
      config: { access: PARTIES },
      schema: {
        params: MaintenanceIdParamsSchema,
        response: { 200: MaintenanceRequestSchema, ...refusals },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return answer(request, request.params.id);
    },
  );

  app.post(
    '/maintenance/requests/:id/comments',
    {
      config: { access: PARTIES },
      schema: {
        params: MaintenanceIdParamsSchema,
        body: MaintenanceCommentRequestSchema,
        response: { 200: MaintenanceRequestSchema, ...refusals },
      },
    },
    async (request) => {
      const { viewer, actor } = people(request);
      await addComment(app.db, request.params.id, viewer, actor, request.body, request.now);
      return answer(request, request.params.id);
    },
  );

  for (const move of ['cancel', 'confirm'] as const) {
    app.post(
      `/maintenance/requests/:id/${move}`,
      {
        config: { access: PARTIES },
        schema: {
          params: MaintenanceIdParamsSchema,
          body: MaintenanceVersionRequestSchema,
          response: { 200: MaintenanceRequestSchema, ...refusals },
        },
      },
      async (request) => {
        const { viewer, actor } = people(request);
        await tenantMove(app.db, request.params.id, viewer, actor, move, request.body, request.now);
        return answer(request, request.params.id);
      },
    );
  }

  app.post(
    '/maintenance/requests/:id/reopen',
    {
      config: { access: PARTIES },
      schema: {
        params: MaintenanceIdParamsSchema,
        body: MaintenanceReopenRequestSchema,
        response: { 200: MaintenanceRequestSchema, ...refusals },
      },
    },
    async (request) => {
      const { viewer, actor } = people(request);
      await tenantMove(
        app.db,
        request.params.id,
        viewer,
        actor,
        'reopen',
        request.body,
        request.now,
      );
      return answer(request, request.params.id);
    },
  );

  app.post(
    '/maintenance/requests/:id/rating',
    {
      config: { access: PARTIES },
      schema: {
        params: MaintenanceIdParamsSchema,
        body: MaintenanceRatingRequestSchema,
        response: { 200: MaintenanceRequestSchema, ...refusals },
      },
    },
    async (request) => {
      const { viewer, actor } = people(request);
      await rateRequest(app.db, request.params.id, viewer, actor, request.body, request.now);
      return answer(request, request.params.id);
    },
  );

  app.get(
    '/admin/maintenance',
    {
      config: { access: ['admin'] },
      schema: {
        querystring: MaintenanceInboxQuerySchema,
        response: { 200: MaintenancePageSchema, 400: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return inbox(app.db, request.query, request.now);
    },
  );

  app.post(
    '/admin/maintenance/:id/status',
    {
      config: { access: ['admin'] },
      schema: {
        params: MaintenanceIdParamsSchema,
        body: MaintenanceStatusRequestSchema,
        response: { 200: MaintenanceRequestSchema, ...refusals },
      },
    },
    async (request) => {
      const { viewer, actor } = people(request);
      await changeStatus(app.db, request.params.id, viewer, actor, request.body, request.now);
      return answer(request, request.params.id);
    },
  );

  app.put(
    '/admin/maintenance/:id/assignee',
    {
      config: { access: ['admin'] },
      schema: {
        params: MaintenanceIdParamsSchema,
        body: MaintenanceAssignRequestSchema,
        response: { 200: MaintenanceRequestSchema, ...refusals },
      },
    },
    async (request) => {
      const { viewer, actor } = people(request);
      await assignRequest(app.db, request.params.id, viewer, actor, request.body, request.now);
      return answer(request, request.params.id);
    },
  );

  app.put(
    '/admin/maintenance/:id/visit',
    {
      config: { access: ['admin'] },
      schema: {
        params: MaintenanceIdParamsSchema,
        body: MaintenanceVisitRequestSchema,
        response: { 200: MaintenanceRequestSchema, ...refusals },
      },
    },
    async (request) => {
      const { viewer, actor } = people(request);
      const today = calendarDay(request.now, timeZone);
      await scheduleVisit(
        app.db,
        request.params.id,
        viewer,
        actor,
        request.body,
        today,
        request.now,
      );
      return answer(request, request.params.id);
    },
  );

  app.post(
    '/admin/maintenance/:id/costs',
    {
      config: { access: ['admin'] },
      schema: {
        params: MaintenanceIdParamsSchema,
        body: MaintenanceCostRequestSchema,
        response: { 200: MaintenanceRequestSchema, ...refusals },
      },
    },
    async (request) => {
      const { viewer, actor } = people(request);
      await addCost(app.db, request.params.id, viewer, actor, request.body, request.now);
      return answer(request, request.params.id);
    },
  );

  app.get(
    '/admin/maintenance-figures',
    { config: { access: ['admin'] }, schema: { response: { 200: MaintenanceFiguresSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return maintenanceFigures(app.db, request.now, timeZone);
    },
  );

  app.get(
    '/admin/maintenance-contacts',
    { config: { access: ['admin'] }, schema: { response: { 200: MaintenanceContactsSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return listContacts(app.db);
    },
  );

  app.post(
    '/admin/maintenance-contacts',
    {
      config: { access: ['admin'] },
      schema: {
        body: MaintenanceContactRequestSchema,
        response: { 201: MaintenanceContactSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const contact = await createContact(app.db, people(request).actor, request.body, request.now);
      return reply.code(201).send(contact);
    },
  );

  app.put(
    '/admin/maintenance-contacts/:id',
    {
      config: { access: ['admin'] },
      schema: {
        params: ContactIdParamsSchema,
        body: MaintenanceContactRequestSchema,
        response: { 200: MaintenanceContactSchema, ...refusals },
      },
    },
    async (request) =>
      updateContact(app.db, people(request).actor, request.params.id, request.body),
  );

  app.delete(
    '/admin/maintenance-contacts/:id',
    {
      config: { access: ['admin'] },
      schema: { params: ContactIdParamsSchema, response: { 200: OkSchema, ...refusals } },
    },
    async (request) => {
      await removeContact(app.db, people(request).actor, request.params.id, request.now);
      return { ok: true as const };
    },
  );
};
