import {
  ACCOUNT_MESSAGES,
  AccountSchema,
  AccountSessionsSchema,
  ChangePasswordSchema,
  ErrorResponseSchema,
  OkResponseSchema,
  SignedOutSchema,
  UpdateProfileSchema,
} from '@structomate/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { currentUser } from '../../plugins/auth';
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
};
