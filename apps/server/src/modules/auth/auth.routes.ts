import {
  AUTH_PATH,
  ErrorResponseSchema,
  GoogleStartQuerySchema,
  LoginRequestSchema,
  LoginResponseSchema,
  OkResponseSchema,
  PASSWORD_RESET_MESSAGES,
  PasswordResetCheckResponseSchema,
  PasswordResetCheckSchema,
  PasswordResetRequestedSchema,
  PasswordResetRequestSchema,
  PasswordResetSchema,
  SessionResponseSchema,
  TokenOnlyBodySchema,
  resolveSitePath,
  type GoogleOutcome,
} from '@structomate/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { clearSessionCookie, secureCookies, startSession } from '../../plugins/auth';
import { findOrCreateExternalUser, getUserById } from '../users/users.service';
import { mailContext } from '../mail/mail.service';
import { revokeSession, verifyCredentials } from './auth.service';
import {
  checkResetToken,
  mailPasswordChanged,
  passwordResetMailJob,
  requestPasswordReset,
  resetPassword,
} from './password-reset.service';
import { GOOGLE_CALLBACK_PATH, GoogleSignIn, PendingSignInSchema } from './google';

const PENDING_COOKIE = 'sm_oidc';
const PENDING_MAX_AGE_SECONDS = 10 * 60;
const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 429: ErrorResponseSchema };

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const google = app.config.google && new GoogleSignIn(app.config.google, app.config.publicUrl);

  app.post(
    '/login',
    {
      config: { access: 'public' },
      schema: { body: LoginRequestSchema, response: { 200: LoginResponseSchema, ...errors } },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const user = await verifyCredentials(app.db, email, password, request.ip);
      const token = await startSession(request, reply, user._id);
      request.log.info({ userId: user._id }, 'signed in with a password');
      return { token, user };
    },
  );

  /** "Forgot password?": the same answer whether or not an account uses the address. */
  app.post(
    '/password-reset',
    {
      config: { access: 'public' },
      schema: {
        body: PasswordResetRequestSchema,
        response: { 202: PasswordResetRequestedSchema, ...errors },
      },
    },
    async (request, reply) => {
      await requestPasswordReset(
        app.db,
        (email) => app.jobs.send(passwordResetMailJob, { email }),
        request.body.email,
        request.ip,
      );
      return reply.code(202).send({ message: PASSWORD_RESET_MESSAGES.sent });
    },
  );

  app.post(
    '/password-reset/check',
    {
      config: { access: 'public', readOnly: true },
      schema: {
        body: PasswordResetCheckSchema,
        response: { 200: PasswordResetCheckResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return checkResetToken(app.db, request.body.token);
    },
  );

  /** Sets the new password, signs out every session of the account and starts one here. */
  app.post(
    '/password-reset/confirm',
    {
      config: { access: 'public' },
      schema: { body: PasswordResetSchema, response: { 200: LoginResponseSchema, ...errors } },
    },
    async (request, reply) => {
      const changed = await resetPassword(app.db, request.body.token, request.body.password);
      await mailPasswordChanged(mailContext(app), changed);
      const token = await startSession(request, reply, changed.userId);
      request.log.info({ userId: changed.userId }, 'password reset by email link');
      const user = await getUserById(app.db, changed.userId);
      if (!user) throw new AppError('BAD_REQUEST', PASSWORD_RESET_MESSAGES.badLink);
      return { token, user };
    },
  );

  app.post(
    '/logout',
    {
      config: { access: 'public' },
      schema: { body: TokenOnlyBodySchema, response: { 200: OkResponseSchema } },
    },
    async (request, reply) => {
      if (request.sessionToken) await revokeSession(app.db, request.sessionToken);
      clearSessionCookie(request, reply);
      return { ok: true as const };
    },
  );

  /** Who the browser's cookie belongs to; the web app's session starts here (spec §4). */
  app.get(
    '/session',
    { config: { access: 'public' }, schema: { response: { 200: SessionResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      // A cookie that no longer opens a session (expired, revoked) is removed.
      if (!request.user && request.cookies.sm_session) clearSessionCookie(request, reply);
      return { user: request.user };
    },
  );

  app.get(
    '/auth/google/start',
    {
      config: { access: 'public' },
      schema: { querystring: GoogleStartQuerySchema, response: { 404: ErrorResponseSchema } },
    },
    async (request, reply) => {
      if (!google) throw new AppError('NOT_FOUND', 'Sign-in with Google is not configured');
      const returnTo = request.query.returnTo ?? '/';
      try {
        const { url, pending } = await google.start(returnTo);
        reply.setCookie(PENDING_COOKIE, JSON.stringify(pending), {
          path: '/api/auth/google',
          httpOnly: true,
          sameSite: 'lax',
          secure: secureCookies(request),
          signed: true,
          maxAge: PENDING_MAX_AGE_SECONDS,
        });
        return reply.redirect(url);
      } catch (error) {
        request.log.error({ err: error }, 'Google sign-in could not start');
        return reply.redirect(withOutcome(AUTH_PATH, 'failed'));
      }
    },
  );

  app.get(
    GOOGLE_CALLBACK_PATH.replace(/^\/api/, ''),
    {
      // A GET that signs in (and may make an account): it changes what servers keep.
      config: { access: 'public', readOnly: false },
      // The provider decides these parameters; they are checked by the OpenID Connect client.
      schema: { querystring: z.record(z.string(), z.unknown()) },
    },
    async (request, reply) => {
      const pending = readPending(request, request.cookies[PENDING_COOKIE]);
      reply.clearCookie(PENDING_COOKIE, { path: '/api/auth/google' });
      if (!google || !pending) return reply.redirect(withOutcome(AUTH_PATH, 'failed'));
      try {
        const queryStart = request.url.indexOf('?');
        const query = queryStart === -1 ? '' : request.url.slice(queryStart);
        const identity = await google.finish(query, pending);
        const { user, created } = await findOrCreateExternalUser(app.db, identity);
        await startSession(request, reply, user._id);
        request.log.info({ userId: user._id, created }, 'signed in with Google');
        return reply.redirect(withOutcome(pending.returnTo, created ? 'welcome' : 'welcome-back'));
      } catch (error) {
        request.log.warn({ err: error }, 'Google sign-in failed');
        return reply.redirect(withOutcome(AUTH_PATH, 'failed'));
      }
    },
  );
};

/** The pending sign-in, if its cookie is ours (signed) and well formed. */
function readPending(request: FastifyRequest, raw: string | undefined) {
  if (!raw) return undefined;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || unsigned.value === null) return undefined;
  try {
    const parsed = PendingSignInSchema.safeParse(JSON.parse(unsigned.value));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The page to land on, told how the sign-in went (the web app shows the matching toast). */
function withOutcome(path: string, outcome: GoogleOutcome): string {
  // The path as a browser would resolve it, in case a dot-segment made it leave the site.
  const url = resolveSitePath(path) ?? new URL('/', 'http://site.invalid');
  url.searchParams.set('google', outcome);
  return `${url.pathname}${url.search}${url.hash}`;
}
