import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import { isClientRoute, TIME_ZONE_COOKIE } from '@structomate/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { sendError, apiNotFound } from './errors';
import { AppError } from '../lib/app-error';
import { calendarDay, TEST_CLOCK_HEADER } from '../lib/clock';
import { PAGE_RENDER_HEADER, pageRenderToken } from '../lib/page-render-token';
import { prepareAnswer, sendPrepared, type PreparedAnswer } from '../lib/prepared-answer';
import { cookieSessionIsLive, SESSION_COOKIE } from './auth';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The module `vite build --ssr` makes from apps/web/src/entry-server.tsx. */
interface PageRenderer {
  render(
    url: string,
    fetchApi: typeof fetch,
    now: number,
    timeZone?: string,
  ): Promise<{ html: string; title: string | undefined; head: string; stateScript: string }>;
}

/** The built page with a place for a drawn page's markup, title and state. */
interface PageTemplate {
  shell: PreparedAnswer;
  beforeTitle: string;
  betweenTitleAndRoot: string;
  afterRoot: string;
}

const HTML = 'text/html; charset=utf-8';
const TITLE = '<title>StructoMate</title>';
const ROOT = '<div id="root"></div>';
/**
 * What the page's API calls take from the page's request: who the visitor is, their browser, and
 * (only honoured where TEST_CLOCK is on) the time a test names.
 */
const PASSED_ON = ['cookie', 'user-agent', 'accept-language', TEST_CLOCK_HEADER] as const;

/**
 * Serves the built web app: content-hashed files under /assets cached for a year, brotli/gzip
 * variants made at build time, and a page for every client route (404 status for paths the app
 * has no page for, so crawlers and monitors see the truth while the app shows its 404 page).
 * The public pages arrive drawn, with their data (ADR 015): the server renders them with the
 * module `vite build --ssr` made, reading their data from this API as the visitor. The others
 * arrive as the empty shell the browser draws into.
 * Without a build (development), only the API's 404 handling is installed.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string | undefined,
): Promise<void> {
  const indexHtml = distDir ? await readIndexHtml(distDir) : undefined;
  const shell = indexHtml ? prepareAnswer(indexHtml, HTML) : undefined;
  const template = indexHtml && shell ? splitTemplate(indexHtml, shell) : undefined;
  const renderer = distDir ? await loadRenderer(app, distDir) : undefined;
  const slots = new DrawSlots(app.config.pageDrawsAtOnce);

  if (distDir) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        const relative = path.relative(distDir, filePath);
        reply.header(
          'cache-control',
          relative.startsWith(`assets${path.sep}`) ? IMMUTABLE : 'public, max-age=3600',
        );
      },
    });
  }

  // Pages and unknown paths count against the per-address ceiling like every route.
  app.setNotFoundHandler({ preHandler: app.rateLimit() }, async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname === '/api' || pathname.startsWith('/api/') || !shell) {
      return sendError(reply, apiNotFound(request.method, request.url));
    }
    if (!wantsPage(request, pathname)) {
      return sendError(reply, new AppError('NOT_FOUND', `Nothing is served at ${pathname}`));
    }
    const status = isClientRoute(pathname) ? 200 : 404;
    if (DASHBOARD.test(pathname)) {
      // Drawn for one person, or the shell: which depends on the cookies.
      reply.header('vary', 'cookie');
      const signedIn = await cookieSessionIsLive(app, request);
      if (!signedIn) reply.header('x-robots-tag', 'noindex');
      if (renderer && template && status === 200 && signedIn && drawsDashboard(request, pathname)) {
        return sendDrawnPage(app, request, reply, { renderer, template, slots }, status);
      }
      return sendIndex(request, reply, shell, status);
    }
    if (!renderer || !template || !isDrawnPage(pathname)) {
      return sendIndex(request, reply, shell, status);
    }
    return sendDrawnPage(app, request, reply, { renderer, template, slots }, status);
  });
}

/**
 * The pages a visitor arrives at from outside: home, the listing, a lease agreement, login,
 * registration, and the 404 page for paths the app has none for. The others start from what only
 * the browser holds (a link's `#token`) or only lead elsewhere (`/dashboard` opens the first page
 * of the person's menu), and arrive as the shell. The dashboard's pages: `drawsDashboardFor`.
 */
const DRAWN_PAGES = [
  /^\/$/,
  /^\/apartment\/?$/,
  /^\/apartment\/[^/]+\/?$/,
  /^\/authentiction(\/registration)?\/?$/,
];
/**
 * The signed-in part of the app. A crawler is never signed in: what it finds there is the way to
 * the login page, so those answers say `noindex` (X-Robots-Tag). Said on the answer rather than
 * by robots.txt, which would keep crawlers from reading it: an address found linked somewhere
 * (a rent email forwarded to a public list) could then be indexed bare, never read.
 */
const DASHBOARD = /^\/dashboard(\/|$)/;
const DASHBOARD_PAGE = /^\/dashboard\/[^/]/;
const isDrawnPage = (pathname: string) =>
  DRAWN_PAGES.some((pattern) => pattern.test(pathname)) ||
  (!isClientRoute(pathname) && !DASHBOARD.test(pathname));

/**
 * The time zone the app noted for the visitor's browser, or undefined when the cookie is missing
 * or names no zone.
 */
function readerTimeZone(request: FastifyRequest): string | undefined {
  const name = request.cookies[TIME_ZONE_COOKIE];
  if (!name) return undefined;
  try {
    // A zone this runtime knows; named as the browser named it, which the page's state carries
    // back for the browser to compare with its own.
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return name;
  } catch {
    return undefined;
  }
}

/**
 * A dashboard page is drawn for the person signed in (a member opening the rent page from an
 * email, on a phone) when their session is live (the caller knows) and the app has noted their
 * browser's time zone: dashboard pages show instants (a payment made at 10:15) as the reader's
 * clock shows them, and are drawn in that zone, so the browser taking the page over finds the
 * same text. Otherwise it arrives as the shell: without a session the app leads to the login
 * page, and a browser the app has not run in yet draws the page itself. `/dashboard` itself only
 * leads to the first page of the person's menu.
 */
const drawsDashboard = (request: FastifyRequest, pathname: string) =>
  DASHBOARD_PAGE.test(pathname) && readerTimeZone(request) !== undefined;

/**
 * A bound on the pages this process draws at once (PAGE_DRAWS_AT_ONCE). A page costs the server
 * 20–80 ms to draw, against about 2 ms for the shell, and pages that are not kept (a signed-in
 * person's, a 404) are drawn on every request: unbounded, a burst of them is drawn all at once,
 * every visitor waiting for every draw. Over the bound, the page goes as the shell, which is
 * always right: the browser draws it.
 */
class DrawSlots {
  private inFlight = 0;

  constructor(private readonly limit: number) {}

  /** `draw`'s page, or undefined at once when `limit` pages are being drawn. */
  async within<T>(draw: () => Promise<T>): Promise<T | undefined> {
    if (this.inFlight >= this.limit) return undefined;
    this.inFlight += 1;
    try {
      return await draw();
    } finally {
      this.inFlight -= 1;
    }
  }
}

interface PageDrawing {
  renderer: PageRenderer;
  template: PageTemplate;
  slots: DrawSlots;
}

async function sendDrawnPage(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  { renderer, template, slots }: PageDrawing,
  status: number,
): Promise<FastifyReply> {
  // A visitor who is not signed in sees what every such visitor sees that day: the page is drawn
  // once and kept (PublicCache, topic `pages`, cleared by any change to what it shows), so a
  // crowd on the home page costs one render, not one each. Signed-in visitors, pages that are
  // not there (404) and requests naming their own time (tests) are drawn every time, with
  // their instants in the visitor's time zone (the public pages show none).
  const signedIn = Boolean(request.cookies[SESSION_COOKIE]);
  const shared = status === 200 && !signedIn && request.headers[TEST_CLOCK_HEADER] === undefined;
  const drawPage = async () => {
    const page = await renderer.render(
      request.url,
      apiFetchAs(app, request),
      request.now.getTime(),
      shared ? undefined : readerTimeZone(request),
    );
    return prepareAnswer(
      template.beforeTitle +
        `<title>${page.title ?? 'StructoMate'}</title>` +
        page.head +
        template.betweenTitleAndRoot +
        `<div id="root">${page.html}</div>${page.stateScript}` +
        template.afterRoot,
      HTML,
    );
  };
  const draw = () => slots.within(drawPage);
  const day = calendarDay(request.now, app.config.rent.timeZone);
  const key = `${day}:${request.url}`;
  let page;
  try {
    page = shared
      ? await app.publicCache.get('pages', key, draw, { keep: (drawn) => drawn !== undefined })
      : await draw();
  } catch (error) {
    // The browser can still draw the page itself from the empty shell.
    request.log.error({ err: error }, 'Drawing the page on the server failed');
    return sendIndex(request, reply, template.shell, status);
  }
  if (!page) {
    request.log.debug('Pages are being drawn up to PAGE_DRAWS_AT_ONCE: the shell instead');
    return sendIndex(request, reply, template.shell, status);
  }
  // A kept page may be sent again, as it is, to the next visitor asking for it (ADR 020).
  if (shared) app.replays.offer(request, 'pages', key, page, day);
  // The page shows who is signed in: it may be kept only by this visitor's browser, and a page
  // drawn for someone signed in (their rent, their email) not even there, as their API answers.
  return sendPrepared(
    request,
    reply
      .code(status)
      .header('cache-control', signedIn ? 'no-store' : 'private, no-cache')
      .header('vary', 'cookie'),
    page,
  );
}

/**
 * A `fetch` for the page's API calls, answered by this server in-process (no network, no second
 * pass through the load balancer) as the visitor: their cookie and address, and the mark that
 * keeps the calls out of the request ceiling their page's request already counted against.
 */
function apiFetchAs(app: FastifyInstance, request: FastifyRequest): typeof fetch {
  return async (input, init = {}) => {
    const headers: Record<string, string> = {
      ...Object.fromEntries(new Headers(init.headers)),
      [PAGE_RENDER_HEADER]: pageRenderToken,
    };
    for (const name of PASSED_ON) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const answer = await app.inject({
      method: (init.method ?? 'GET') as HTTPMethods,
      url: typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      headers,
      payload: typeof init.body === 'string' ? init.body : undefined,
      remoteAddress: request.ip,
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [String(value)]) {
        responseHeaders.append(name, one);
      }
    }
    const bodiless = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(bodiless ? null : answer.rawPayload, {
      status: answer.statusCode,
      headers: responseHeaders,
    });
  };
}

/** The server-side renderer, when the build made one (`npm run build` does). */
async function loadRenderer(
  app: FastifyInstance,
  distDir: string,
): Promise<PageRenderer | undefined> {
  const entry = path.join(path.dirname(distDir), 'dist-ssr', 'entry-server.js');
  if (!existsSync(entry)) {
    app.log.warn(`${entry} is missing: pages arrive empty and are drawn in the browser`);
    return undefined;
  }
  return (await import(pathToFileURL(entry).href)) as PageRenderer;
}

function splitTemplate(indexHtml: string, shell: PreparedAnswer): PageTemplate | undefined {
  const title = indexHtml.indexOf(TITLE);
  const root = indexHtml.indexOf(ROOT);
  if (title < 0 || root < title) return undefined;
  return {
    shell,
    beforeTitle: indexHtml.slice(0, title),
    betweenTitleAndRoot: indexHtml.slice(title + TITLE.length, root),
    afterRoot: indexHtml.slice(root + ROOT.length),
  };
}

async function readIndexHtml(distDir: string): Promise<string> {
  try {
    return await readFile(path.join(distDir, 'index.html'), 'utf8');
  } catch {
    throw new Error(
      `The web app is not built: ${path.join(distDir, 'index.html')} is missing. Run "npm run build" first.`,
    );
  }
}

/** Page navigations get the app; a missing script, image or file keeps a plain 404. */
function wantsPage(request: FastifyRequest, pathname: string): boolean {
  const method = request.method;
  return (method === 'GET' || method === 'HEAD') && !path.extname(pathname);
}

function sendIndex(
  request: FastifyRequest,
  reply: FastifyReply,
  shell: PreparedAnswer,
  status: number,
): FastifyReply {
  return sendPrepared(request, reply.code(status).header('cache-control', 'no-cache'), shell);
}
