import {
  ANNOUNCEMENTS_PER_PAGE,
  AnnouncementIdParamsSchema,
  AnnouncementListRequestSchema,
  AnnouncementListResponseSchema,
  DeleteAnnouncementResponseSchema,
  ErrorResponseSchema,
  InsertedResponseSchema,
  MakeAnnouncementRequestSchema,
  POSTED_ANNOUNCEMENTS_PER_PAGE,
  PostedAnnouncementSchema,
  PostedAnnouncementsPageSchema,
  PostedAnnouncementsQuerySchema,
  UpdateAnnouncementRequestSchema,
} from '@structomate/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendKept } from '../../lib/changes-cache';
import { keptPageKey } from '../../lib/paging';
import { prepareJson, sendPrepared } from '../../lib/prepared-answer';
import { currentUser } from '../../plugins/auth';
import { actorOf } from '../audit/audit.service';
import {
  deleteAnnouncement,
  listAnnouncements,
  listPostedAnnouncements,
  makeAnnouncement,
  readersFor,
  updateAnnouncement,
  type Readers,
} from './announcements.service';

/** The page sizes of the newest announcements kept: the spec's (none) and the web app's. */
const KEPT_PAGE_SIZES = new Set([undefined, ANNOUNCEMENTS_PER_PAGE + 1]);

const listSchema = {
  body: AnnouncementListRequestSchema,
  response: {
    200: AnnouncementListResponseSchema,
    400: ErrorResponseSchema,
    404: ErrorResponseSchema,
  },
};

export const announcementRoutes: FastifyPluginAsyncZod = async (app) => {
  /** A page of announcements as this server keeps it until any data changes (ADR 019). */
  const keptAnnouncements = async (
    request: FastifyRequest,
    reply: FastifyReply,
    readers: Readers,
    page: { limit?: number; before?: string },
  ) => {
    const load = async () => prepareJson(reply, await listAnnouncements(app.db, readers, page));
    // Only the newest page as the web app (or a spec client) asks for it is kept: a few
    // entries per audience, however many other pages and sizes are asked for.
    const first = page.before === undefined && KEPT_PAGE_SIZES.has(page.limit);
    return first
      ? sendKept(request, reply, `announcements:${readers}:${page.limit ?? ''}`, load)
      : sendPrepared(request, reply, await load());
  };

  /**
   * Spec §7 reads. Each endpoint serves its own page's audience plus `all`; a user is refused the
   * members' endpoint and a member the users' one, while the admin may read both.
   */
  app.post(
    '/get/userAnnouncement',
    { config: { access: ['user', 'admin'], readOnly: true }, schema: listSchema },
    async (request, reply) => {
      const readers = readersFor(currentUser(request).role, 'user');
      reply.header('cache-control', 'no-store');
      return keptAnnouncements(request, reply, readers, request.body ?? {});
    },
  );

  app.post(
    '/get/memberAnnouncement',
    { config: { access: ['member', 'admin'], readOnly: true }, schema: listSchema },
    async (request, reply) => {
      const readers = readersFor(currentUser(request).role, 'member');
      reply.header('cache-control', 'no-store');
      return keptAnnouncements(request, reply, readers, request.body ?? {});
    },
  );

  /** Spec §7 /makeAnnouncement: the server sets the date and the author. */
  app.post(
    '/makeAnnouncement',
    {
      config: { access: ['admin'] },
      schema: {
        body: MakeAnnouncementRequestSchema,
        response: { 201: InsertedResponseSchema, 400: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      const insertedId = await makeAnnouncement(
        app.db,
        { ...actorOf(request, me), id: me._id },
        request.body.newAnnouncement,
      );
      request.log.info(
        { announcementId: insertedId, type: request.body.newAnnouncement.type },
        'announcement posted',
      );
      return reply.code(201).send({ insertedId });
    },
  );

  /** The admin's "Posted announcements": every audience, newest first, paged in the database. */
  app.get(
    '/announcements',
    {
      config: { access: ['admin'] },
      schema: {
        querystring: PostedAnnouncementsQuerySchema,
        response: { 200: PostedAnnouncementsPageSchema, 400: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { query } = request;
      const load = async () => prepareJson(reply, await listPostedAnnouncements(app.db, query));
      // A page as the admin browses it (one of the first, at the web app's size, with no typed
      // search: those are as many as the words typed) is kept by this server until any data
      // changes (ADR 019).
      const key = query.q
        ? undefined
        : keptPageKey(`posted announcements:${query.type ?? ''}`, query.page, query.limit, [
            POSTED_ANNOUNCEMENTS_PER_PAGE,
          ]);
      return sendKept(request, reply, key, load);
    },
  );

  /** Edits an announcement over the version the admin's form was filled from. */
  app.put(
    '/announcements/:id',
    {
      config: { access: ['admin'] },
      schema: {
        params: AnnouncementIdParamsSchema,
        body: UpdateAnnouncementRequestSchema,
        response: {
          200: PostedAnnouncementSchema,
          400: ErrorResponseSchema,
          404: ErrorResponseSchema,
          409: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const saved = await updateAnnouncement(
        app.db,
        actorOf(request, me),
        request.params.id,
        request.body,
      );
      request.log.info(
        { announcementId: saved._id, version: saved.version },
        'announcement edited',
      );
      return saved;
    },
  );

  app.delete(
    '/announcements/:id',
    {
      config: { access: ['admin'] },
      schema: {
        params: AnnouncementIdParamsSchema,
        response: {
          200: DeleteAnnouncementResponseSchema,
          400: ErrorResponseSchema,
          404: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      await deleteAnnouncement(app.db, actorOf(request, currentUser(request)), request.params.id);
      request.log.info({ announcementId: request.params.id }, 'announcement deleted');
      return { ok: true as const };
    },
  );
};
