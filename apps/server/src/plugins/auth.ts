import cookie from '@fastify/cookie';
import { AUTH_MESSAGES, type Role, type SessionUser } from '@structomate/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { retryOnDeadlock } from '../lib/db-errors';
import { AppError } from '../lib/app-error';
import { eq, type SQL } from 'drizzle-orm';
import { agreements } from '../db/schema';
import { calendarDay } from '../lib/clock';
import {
  cookieSigningKey,
  createSession,
  hashToken,
  userForToken,
  type TokenSession,
} from '../modules/auth/auth.service';
import { settleLeaseEnds } from '../modules/leases/leases.service';

/**
 * Who may call a route. Every `/api` route must say; the app refuses to start otherwise, so a
 * route cannot be left open by omission.
 */
export type Access = 'public' | 'signed-in' | readonly Role[];

export type AuthVia = 'cookie' | 'header' | 'body';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * The route only reads: its caller's session may be answered from this server's memory
     * (ADR 019), and it does not make this server forget what it keeps. Routes that change
     * anything always read the session from the database. GET and HEAD routes read only unless
     * they say otherwise.
     */
    readOnly?: boolean;
  }
  interface FastifyRequest {
    /**
     * The signed-in user, read from the database on this request (for a read, possibly from this
     * server's memory, ADR 019); null for visitors.
     */
    user: SessionUser | null;
    sessionToken: string | undefined;
    authVia: AuthVia | undefined;
    /** The request reached a route that may change data (ADR 019): forget what is kept. */
    mayChange: boolean;
  }
}

export const SESSION_COOKIE = 'sm_session';
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const SAFE_METHODS = new Set(['GET', 'HEAD']);
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export interface AccessRecord {
  method: string;
  url: string;
  access: Access;
}

export async function registerAuth(app: FastifyInstance): Promise<AccessRecord[]> {
  // Signs the cookies that carry state through a redirect (the pending Google sign-in).
  await app.register(cookie, { secret: await cookieSigningKey(app.db) });
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', undefined);
  app.decorateRequest('authVia', undefined);
  app.decorateRequest('mayChange', false);
  app.decorateRequest('keptSession', undefined);

  const table: AccessRecord[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const access = route.config?.access;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (access === undefined) {
      throw new Error(`${methods.join(',')} ${route.url} declares no access rule (config.access)`);
    }
    for (const method of methods) {
      if (method !== 'HEAD') table.push({ method, url: route.url, access });
    }
  });

  app.addHook('preValidation', async (request) => {
    const { access } = request.routeOptions.config;
    if (access === undefined) return;
    const readOnly = readsOnly(request);
    refuseForeignOrigin(request, app.config.publicUrl);
    const found = tokenFrom(request);
    if (found) {
      let kept = readOnly ? sessionKey(found.token) : undefined;
      const session = kept
        ? await keptSession(app, kept, found.token)
        : await userForToken(app.db, found.token);
      if (session) {
        // The admin's read of today, when it skipped the probe for ended leases (below).
        let settled: string | undefined;
        const user = { ...session.user };
        const timeZone = app.config.rent.timeZone;
        // Leases closed before the route change what this very request reads (an apartment kept
        // as occupied, say): forgotten here at once, before the database's notice comes.
        const closeEndedLeases = async (scope?: SQL) => {
          // Its own transaction, run again if PostgreSQL ends it as a deadlock (a charge or a
          // payment for the same person at that moment holds their row the other way round).
          const closed = await retryOnDeadlock(() =>
            settleLeaseEnds(app.db, request.now, timeZone, scope),
          );
          if (closed > 0) app.changesCache.forgetChanges();
        };
        if (
          session.leaseEndsOn !== null &&
          session.leaseEndsOn < calendarDay(request.now, timeZone)
        ) {
          // Their lease's last day has passed: it ends now, and they are a member no longer.
          await closeEndedLeases(eq(agreements.tenantId, user._id));
          user.role = 'user';
          user.formerTenant = true;
          kept = undefined;
        } else if (user.role === 'admin') {
          // The admin sees members, rooms and the rent roll as they stand today: leases whose
          // last day has passed are closed first (an index probe when there is none). A read
          // skips the probe when this server already made it today and no agreement changed.
          const today = calendarDay(request.now, timeZone);
          const settle = async () => {
            await closeEndedLeases();
            return true;
          };
          if (readOnly) {
            settled = `leases settled:${today}`;
            await app.changesCache.get('who', settled, settle);
          } else {
            await settle();
          }
        }
        request.user = user;
        request.sessionToken = found.token;
        request.authVia = found.via;
        // The same request again may be answered before the pipeline while this session and
        // what it read are the very ones kept here (plugins/replays.ts, ADR 023).
        if (kept !== undefined && found.via === 'cookie') {
          request.keptSession = { key: kept, session, settled };
        }
      }
    }
    if (access === 'public') return;
    if (!request.user) throw new AppError('UNAUTHORIZED', 'Log in to continue');
    if (access !== 'signed-in' && !access.includes(request.user.role)) {
      throw new AppError('FORBIDDEN', AUTH_MESSAGES.accessDenied);
    }
  });

  // A request that may have changed something (it reached a route that does not only read, past
  // its access rule and its validation) makes this server forget what it keeps before its answer
  // leaves: the caller's next request here sees its own change even before the database's notice
  // arrives. Refused, throttled and unknown requests change nothing and forget nothing.
  app.addHook('preHandler', (request, _reply, done) => {
    if (request.routeOptions.config.access !== undefined && !readsOnly(request)) {
      request.mayChange = true;
    }
    done();
  });
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (request.mayChange) app.changesCache.forgetChanges();
    done(null, payload);
  });
  return table;
}

/** GET and HEAD only read; so does a POST whose route says so (the spec's reads are POSTs). */
function readsOnly(request: FastifyRequest): boolean {
  return request.routeOptions.config.readOnly ?? SAFE_METHODS.has(request.method);
}

/**
 * The session for `token`, kept under `key` (sessionKey): from this server's memory, for a read
 * (ADR 019), until it expires or the database announces a change to sessions, users or
 * agreements. A request that may change anything reads it from the database (userForToken).
 */
function keptSession(
  app: FastifyInstance,
  key: string,
  token: string,
): Promise<TokenSession | null> {
  return app.changesCache.get('who', key, () => userForToken(app.db, token), {
    keep: (session) => session !== null,
    until: (session) => session?.expiresAt.getTime() ?? 0,
  });
}

/** Where a session is kept in this server's memory: under its token's hash, never the token. */
const sessionKey = (token: string) => `session:${hashToken(token)}`;

/**
 * Whether the request's session cookie opens a live session (kept in memory as for any read): a
 * page is drawn for the person signed in only then. An expired or unknown cookie is no one's.
 */
export async function cookieSessionIsLive(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<boolean> {
  const token = request.cookies[SESSION_COOKIE];
  return token ? (await keptSession(app, sessionKey(token), token)) !== null : false;
}

/** The spec's clients send the login token in the JSON body; API clients may use a header. */
function tokenFrom(request: FastifyRequest): { token: string; via: AuthVia } | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return { token: header.slice(7).trim(), via: 'header' };
  const body: unknown = request.body;
  if (body && typeof body === 'object' && 'token' in body && typeof body.token === 'string') {
    if (body.token) return { token: body.token, via: 'body' };
  }
  const fromCookie = request.cookies[SESSION_COOKIE];
  return fromCookie ? { token: fromCookie, via: 'cookie' } : undefined;
}

/**
 * A state-changing request from another site's page is refused (cross-site request forgery):
 * browsers name the page's origin in `Origin`, or at least say `Sec-Fetch-Site: cross-site`.
 */
function refuseForeignOrigin(request: FastifyRequest, publicUrl: string): void {
  if (!UNSAFE_METHODS.has(request.method)) return;
  const origin = request.headers.origin;
  const foreign =
    origin !== undefined
      ? !sameSite(origin, `${request.protocol}://${request.host}`, publicUrl)
      : request.headers['sec-fetch-site'] === 'cross-site';
  if (foreign) throw new AppError('FORBIDDEN', 'Requests from other sites are refused');
}

function sameSite(origin: string, requestOrigin: string, publicUrl: string): boolean {
  try {
    const from = new URL(origin).host;
    return from === new URL(requestOrigin).host || from === new URL(publicUrl).host;
  } catch {
    return false;
  }
}

/** The caller of a route whose access rule already demanded a signed-in user. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError('UNAUTHORIZED', 'Log in to continue');
  return request.user;
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  expires: Date,
): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookies(request),
    expires,
  });
}

/** Signs `userId` in: a new session, its cookie on the reply; the token for API clients. */
export async function startSession(
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
): Promise<string> {
  const { config, db } = request.server;
  const session = await createSession(
    db,
    userId,
    config.sessionDays,
    request.headers['user-agent'],
  );
  setSessionCookie(request, reply, session.token, session.expiresAt);
  return session.token;
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookies(request),
  });
}

/**
 * Secure in production, except on loopback (`npm start` on http://localhost), where the traffic
 * never crosses a network and some browsers would drop a Secure cookie sent over http.
 */
export function secureCookies(request: FastifyRequest): boolean {
  if (request.server.config.env !== 'production') return false;
  return !LOOPBACK_HOSTS.has(request.hostname);
}
