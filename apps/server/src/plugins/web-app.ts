import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { isClientRoute } from '@structomate/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError, apiNotFound } from './errors';
import { AppError } from '../lib/app-error';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app: content-hashed files under /assets cached for a year, brotli/gzip
 * variants made at build time, and index.html for every client route (404 status for paths the
 * app has no page for, so crawlers and monitors see the truth while the app shows its 404 page).
 * Without a build (development), only the API's 404 handling is installed.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string | undefined,
): Promise<void> {
  const indexHtml = distDir ? await readIndexHtml(distDir) : undefined;

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
  app.setNotFoundHandler({ preHandler: app.rateLimit() }, (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname === '/api' || pathname.startsWith('/api/') || !indexHtml) {
      return sendError(reply, apiNotFound(request.method, request.url));
    }
    if (!wantsPage(request, pathname)) {
      return sendError(reply, new AppError('NOT_FOUND', `Nothing is served at ${pathname}`));
    }
    return sendIndex(reply, indexHtml, isClientRoute(pathname) ? 200 : 404);
  });
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

function sendIndex(reply: FastifyReply, html: string, status: number): FastifyReply {
  return reply
    .code(status)
    .header('cache-control', 'no-cache')
    .type('text/html; charset=utf-8')
    .send(html);
}
