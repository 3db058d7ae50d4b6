import {
  ErrorResponseSchema,
  MailPreferencesSchema,
  UnsubscribedSchema,
  UnsubscribeSchema,
  UNSUBSCRIBE_MESSAGES,
} from '@structomate/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { currentUser } from '../../plugins/auth';
import { readPreferences, savePreferences, unsubscribe } from './notifications.service';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema };

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  /** What the signed-in person gets by email (the account page's Email notifications). */
  app.get(
    '/account/notifications',
    {
      config: { access: 'signed-in' },
      schema: { response: { 200: MailPreferencesSchema, ...errors } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return readPreferences(app.db, currentUser(request)._id);
    },
  );

  app.put(
    '/account/notifications',
    {
      config: { access: 'signed-in' },
      schema: { body: MailPreferencesSchema, response: { 200: MailPreferencesSchema, ...errors } },
    },
    async (request) => savePreferences(app.db, currentUser(request)._id, request.body),
  );

  // Mail apps' one-click unsubscribe posts a form (List-Unsubscribe=One-Click) to the link in
  // the header; its body says nothing we need, the link's query says what to turn off.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, _body, done) => done(null, {}),
  );

  /** The unsubscribe link of a mail: from our page (JSON) or a mail app's one-click POST. */
  app.post(
    '/unsubscribe',
    {
      config: { access: 'public' },
      schema: {
        querystring: z.object({ token: z.string().optional(), topic: z.string().optional() }),
        body: z.unknown(),
        response: { 200: UnsubscribedSchema, ...errors },
      },
    },
    async (request) => {
      const fromQuery = request.query.token ? request.query : undefined;
      const parsed = UnsubscribeSchema.safeParse(fromQuery ?? request.body ?? {});
      if (!parsed.success) throw new AppError('BAD_REQUEST', UNSUBSCRIBE_MESSAGES.badLink);
      return unsubscribe(app.db, parsed.data.token, parsed.data.topic);
    },
  );
};
