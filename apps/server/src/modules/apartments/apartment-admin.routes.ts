import {
  ADMIN_APARTMENTS_PAGE_SIZE,
  AdminApartmentExportQuerySchema,
  AdminApartmentListQuerySchema,
  ApartmentIdParamsSchema,
  ApartmentStatusRequestSchema,
  ApartmentVersionQuerySchema,
  CreateApartmentRequestSchema,
  ErrorResponseSchema,
  ImportApartmentsRequestSchema,
  ImportApartmentsResponseSchema,
  ImportPreviewSchema,
  MAX_UPLOAD_BYTES,
  ManagedApartmentPageSchema,
  ManagedApartmentResponseSchema,
  UpdateApartmentRequestSchema,
} from '@structomate/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { sendKept } from '../../lib/changes-cache';
import { keptPageKey } from '../../lib/paging';
import { prepareJson } from '../../lib/prepared-answer';
import { currentUser } from '../../plugins/auth';
import { actorOf } from '../audit/audit.service';
import {
  changeApartmentStatus,
  createApartment,
  deleteApartment,
  exportManagedApartments,
  getManagedApartment,
  importApartments,
  listManagedApartments,
  updateApartment,
} from './apartment-admin.service';
import { apartmentsCsv, previewImport } from './apartment-csv.service';

const refusals = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
};

/** CSV files arrive as they are; spreadsheets on Windows label them application/vnd.ms-excel. */
const CSV_TYPES = ['text/csv', 'application/csv', 'application/vnd.ms-excel'];

/**
 * The admin's apartments: every one whatever its status, created, edited, listed or not,
 * archived, deleted while it has no history, imported and exported as CSV. Every change clears
 * the public listing's cache on every server.
 */
export const apartmentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser(
    CSV_TYPES,
    { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES },
    (_request, body, done) => done(null, body),
  );
  const admin = { access: ['admin' as const] };
  const listingChanged = () => app.publicCache.invalidate('apartments');

  app.get(
    '/admin/apartments',
    {
      config: admin,
      schema: {
        querystring: AdminApartmentListQuerySchema,
        response: { 200: ManagedApartmentPageSchema, ...refusals },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { query } = request;
      const load = async () => prepareJson(reply, await listManagedApartments(app.db, query));
      // A page as the admin browses it (one of the first, at the web app's size, with no typed
      // search or block: those are as many as the words typed) is kept by this server until any
      // data changes (ADR 019).
      const list = `admin apartments:${query.status}:${query.floor ?? ''}:${query.occupancy ?? ''}:${query.sort}`;
      const key =
        query.q || query.block
          ? undefined
          : keptPageKey(list, query.page, query.limit, [ADMIN_APARTMENTS_PAGE_SIZE]);
      return sendKept(request, reply, key, load);
    },
  );

  app.get(
    '/admin/apartments/export.csv',
    { config: admin, schema: { querystring: AdminApartmentExportQuerySchema } },
    async (request, reply) => {
      const rows = await exportManagedApartments(app.db, request.query);
      const day = request.now.toISOString().slice(0, 10);
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="apartments-${day}.csv"`)
        .type('text/csv; charset=utf-8')
        .send(apartmentsCsv(rows));
    },
  );

  app.post(
    '/admin/apartments',
    {
      config: admin,
      schema: {
        body: CreateApartmentRequestSchema,
        response: { 201: ManagedApartmentResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const result = await createApartment(
        app.db,
        actorOf(request, currentUser(request)),
        request.body,
      );
      await listingChanged();
      return reply.code(201).send({ result });
    },
  );

  app.get(
    '/admin/apartments/:id',
    {
      config: admin,
      schema: {
        params: ApartmentIdParamsSchema,
        response: { 200: ManagedApartmentResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { result: await getManagedApartment(app.db, request.params.id) };
    },
  );

  app.put(
    '/admin/apartments/:id',
    {
      config: admin,
      schema: {
        params: ApartmentIdParamsSchema,
        body: UpdateApartmentRequestSchema,
        response: { 200: ManagedApartmentResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const result = await updateApartment(
        app.db,
        actorOf(request, currentUser(request)),
        request.params.id,
        request.body,
      );
      await listingChanged();
      return { result };
    },
  );

  app.post(
    '/admin/apartments/:id/status',
    {
      config: admin,
      schema: {
        params: ApartmentIdParamsSchema,
        body: ApartmentStatusRequestSchema,
        response: { 200: ManagedApartmentResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const result = await changeApartmentStatus(
        app.db,
        actorOf(request, currentUser(request)),
        request.params.id,
        request.body,
      );
      await listingChanged();
      return { result };
    },
  );

  app.delete(
    '/admin/apartments/:id',
    {
      config: admin,
      schema: {
        params: ApartmentIdParamsSchema,
        querystring: ApartmentVersionQuerySchema,
        response: { 200: z.object({ deleted: z.literal(true) }), ...refusals },
      },
    },
    async (request) => {
      await deleteApartment(
        app.db,
        actorOf(request, currentUser(request)),
        request.params.id,
        request.query.version,
      );
      await listingChanged();
      return { deleted: true as const };
    },
  );

  /** Step one of an import: the file in the body (text/csv), checked row by row; nothing is saved. */
  app.post(
    '/admin/apartments/import/preview',
    {
      config: admin,
      schema: {
        response: {
          200: ImportPreviewSchema,
          ...refusals,
          413: ErrorResponseSchema,
          415: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!Buffer.isBuffer(request.body)) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as text/csv.');
      }
      return previewImport(app.db, request.body);
    },
  );

  /** Step two: the rows the admin confirmed, created together or not at all. */
  app.post(
    '/admin/apartments/import',
    {
      config: admin,
      schema: {
        body: ImportApartmentsRequestSchema,
        response: { 201: ImportApartmentsResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const imported = await importApartments(
        app.db,
        actorOf(request, currentUser(request)),
        request.body.rows,
      );
      await listingChanged();
      return reply.code(201).send({ imported });
    },
  );
};
