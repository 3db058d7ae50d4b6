import {
  AnnouncementListRequestSchema,
  AnnouncementListResponseSchema,
  ErrorResponseSchema,
  InsertedResponseSchema,
  MakeAnnouncementRequestSchema,
} from '@structomate/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth';
import { actorOf, recordAudit } from '../audit/audit.service';
import { listAnnouncements, makeAnnouncement, readersFor } from './announcements.service';

const listSchema = {
  body: AnnouncementListRequestSchema,
  response: {
    200: AnnouncementListResponseSchema,
    400: ErrorResponseSchema,
    404: ErrorResponseSchema,
  },
};

export const announcementRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * Spec §7 reads. Each endpoint serves its own page's audience plus `all`; a user is refused the
   * members' endpoint and a member the users' one, while the admin may read both.
   */
  app.post(
    '/get/userAnnouncement',
    { config: { access: ['user', 'admin'] }, schema: listSchema },
    async (request, reply) => {
      const readers = readersFor(currentUser(request).role, 'user');
      reply.header('cache-control', 'no-store');
      return listAnnouncements(app.db, readers, request.body ?? {});
    },
  );

  app.post(
    '/get/memberAnnouncement',
    { config: { access: ['member', 'admin'] }, schema: listSchema },
    async (request, reply) => {
      const readers = readersFor(currentUser(request).role, 'member');
      reply.header('cache-control', 'no-store');
      return listAnnouncements(app.db, readers, request.body ?? {});
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
      const { newAnnouncement } = request.body;
      const insertedId = await makeAnnouncement(app.db, me._id, newAnnouncement);
      await recordAudit(app.db, actorOf(request, me), {
        action: 'announcement.create',
        subjectType: 'announcement',
        subjectId: insertedId,
        summary: `Posted "${newAnnouncement.title}" to ${newAnnouncement.type === 'all' ? 'everyone' : `${newAnnouncement.type}s`}`,
        after: newAnnouncement,
      });
      request.log.info(
        { announcementId: insertedId, type: request.body.newAnnouncement.type },
        'announcement posted',
      );
      return reply.code(201).send({ insertedId });
    },
  );
};
