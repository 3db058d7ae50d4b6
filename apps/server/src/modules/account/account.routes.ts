import {
  ACCOUNT_MESSAGES,
  AccountSchema,
  AccountSessionsSchema,
  ChangeEmailSchema,
  ChangePasswordSchema,
  ConfirmEmailSchema,
  DELETE_ACCOUNT_MESSAGES,
  DeleteAccountSchema,
  EMAIL_CHANGE_MESSAGES,
  EmailChangeRequestedSchema,
  EmailConfirmedSchema,
  ErrorResponseSchema,
  OkResponseSchema,
  SignedOutSchema,
  UpdateProfileSchema,
} from '@structomate/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { clearSessionCookie, currentUser } from '../../plugins/auth';
import { billingRules } from '../payments/payments.service';
import { deleteAccount, exportAccountData } from './account-data.service';
import { confirmEmailChange, requestEmailChange } from './email-change.service';
import { mailContext } from '../mail/mail.service';
import { mailPasswordChanged } from '../auth/auth.service';
import {
  changePassword,
  listSessions,
  readAccount,
  signOutOthers,
  updateProfile,
} from './account.service';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  409: ErrorResponseSchema,
  429: ErrorResponseSchema,
};

/** The account page's calls: every signed-in person, on their own account only. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const sessionToken = (token: string | undefined) => {
    if (!token) throw new AppError('UNAUTHORIZED', 'Log in to continue');
    return token;
  };

  app.get(
    '/account',
    { config: { access: 'signed-in' }, schema: { response: { 200: AccountSchema, ...errors } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return readAccount(app.db, currentUser(request)._id);
    },
  );

  app.put(
    '/account/profile',
    {
      config: { access: 'signed-in' },
      schema: { body: UpdateProfileSchema, response: { 200: AccountSchema, ...errors } },
    },
    async (request) => {
      const user = currentUser(request);
      await updateProfile(app.db, user._id, request.body);
      request.log.info({ userId: user._id }, 'profile updated');
      return readAccount(app.db, user._id);
    },
  );

  app.post(
    '/account/password',
    {
      config: { access: 'signed-in' },
      schema: { body: ChangePasswordSchema, response: { 200: OkResponseSchema, ...errors } },
    },
    async (request) => {
      const user = currentUser(request);
      await changePassword(app.db, user._id, sessionToken(request.sessionToken), request.body);
      await mailPasswordChanged(mailContext(app), {
        userId: user._id,
        email: user.email,
        name: user.displayName,
      });
      request.log.info({ userId: user._id }, 'password changed');
      return { ok: true as const };
    },
  );

  app.get(
    '/account/sessions',
    {
      config: { access: 'signed-in' },
      schema: { response: { 200: AccountSessionsSchema, ...errors } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const user = currentUser(request);
      return { sessions: await listSessions(app.db, user._id, sessionToken(request.sessionToken)) };
    },
  );

  /** "Sign out everywhere else". */
  app.delete(
    '/account/sessions',
    {
      config: { access: 'signed-in' },
      schema: { response: { 200: SignedOutSchema, ...errors } },
    },
    async (request) => {
      const user = currentUser(request);
      const signedOut = await signOutOthers(app.db, user._id, sessionToken(request.sessionToken));
      return { signedOut, message: ACCOUNT_MESSAGES.signedOutOthers(signedOut) };
    },
  );

  /** A new email: a link goes to the new address; the account keeps its own until it is opened. */
  app.post(
    '/account/email',
    {
      config: { access: 'signed-in' },
      schema: { body: ChangeEmailSchema, response: { 202: EmailChangeRequestedSchema, ...errors } },
    },
    async (request, reply) => {
      const message = await requestEmailChange(
        mailContext(app),
        currentUser(request),
        request.body,
      );
      return reply.code(202).send({ message });
    },
  );

  /** The link from the new mailbox; it may be opened in another browser, signed in or not. */
  app.post(
    '/account/email/confirm',
    {
      config: { access: 'public' },
      schema: { body: ConfirmEmailSchema, response: { 200: EmailConfirmedSchema, ...errors } },
    },
    async (request) => {
      const email = await confirmEmailChange(mailContext(app), request.body.token);
      return { email, message: EMAIL_CHANGE_MESSAGES.confirmed(email) };
    },
  );

  /** "Download my data". */
  app.get('/account/export', { config: { access: 'signed-in' } }, async (request, reply) => {
    const data = await exportAccountData(app.db, currentUser(request)._id, request.now);
    const day = request.now.toISOString().slice(0, 10);
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="my-structomate-data-${day}.json"`)
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(data, null, 2));
  });

  app.delete(
    '/account',
    {
      config: { access: 'signed-in' },
      schema: { body: DeleteAccountSchema, response: { 200: OkResponseSchema, ...errors } },
    },
    async (request, reply) => {
      const user = currentUser(request);
      await deleteAccount(app.db, billingRules(app.config), user._id, request.body, request.now);
      request.log.info({ userId: user._id }, DELETE_ACCOUNT_MESSAGES.deleted);
      clearSessionCookie(request, reply);
      return { ok: true as const };
    },
  );
};
