import {
  ErrorResponseSchema,
  MailDetailSchema,
  MailPageSchema,
  MailQuerySchema,
} from '@structomate/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { listMail, readMail } from './mail.service';

const MailParamsSchema = z.object({ id: z.uuid({ error: 'No such email' }) });
const notFound = () => new AppError('NOT_FOUND', 'No such email');

/**
 * A message's HTML is shown in a sandboxed frame: no script, no request leaves for anything but
 * images, and only our own pages may frame it.
 */
const MAIL_FRAME_POLICY = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  'img-src https: data:',
  "frame-ancestors 'self'",
  'sandbox allow-popups allow-popups-to-escape-sandbox',
].join('; ');

export const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The admin's Sent mail page: every email, newest first, with how its delivery went. */
  app.get(
    '/admin/mail',
    {
      config: { access: ['admin'] },
      schema: {
        querystring: MailQuerySchema,
        response: { 200: MailPageSchema, 400: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const page = await listMail(app.db, request.query);
      return { ...page, delivery: app.mailTransport.kind };
    },
  );

  app.get(
    '/admin/mail/:id',
    {
      config: { access: ['admin'] },
      schema: {
        params: MailParamsSchema,
        response: { 200: MailDetailSchema, 400: ErrorResponseSchema, 404: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const mail = await readMail(app.db, request.params.id, {
        revealSecrets: app.mailTransport.kind === 'outbox',
      });
      if (!mail) throw notFound();
      const { html: _html, ...detail } = mail;
      return detail;
    },
  );

  /** The message as it arrives, for the page's preview frame. */
  app.get(
    '/admin/mail/:id/html',
    {
      config: { access: ['admin'] },
      schema: { params: MailParamsSchema },
    },
    async (request, reply) => {
      const mail = await readMail(app.db, request.params.id, {
        revealSecrets: app.mailTransport.kind === 'outbox',
      });
      if (!mail) throw notFound();
      return (
        reply
          .header('cache-control', 'no-store')
          .header('content-security-policy', MAIL_FRAME_POLICY)
          .header('x-frame-options', 'SAMEORIGIN')
          // A page's privacy headers (it is shown as one): its images learn nothing of this address.
          .header('referrer-policy', 'no-referrer')
          .header('x-dns-prefetch-control', 'off')
          .type('text/html; charset=utf-8')
          .send(mail.html)
      );
    },
  );
};
