import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error';
import { isPageRenderCall } from '../lib/page-render-token';

const HEALTH_CHECKS = new Set(['/healthz', '/readyz']);

/**
 * A ceiling on requests per address and minute on every route (@fastify/rate-limit), far above
 * what a person clicking through the site sends, so a flood from one address meets 429 before it
 * meets argon2 or the database. Counted in this process's memory (ADR 014): a flood guard needs
 * no agreement between servers, and behind N servers an address gets at most N times the
 * ceiling. The limits that guard accounts (logins, registrations, uploads) are counted in the
 * database instead (lib/rate-limit.ts). The load balancer's health checks are never counted, nor
 * the API calls the server makes while it draws a page (the page's request counted once).
 */
export async function registerRequestCeiling(
  app: FastifyInstance,
  requestsPerMinute: number,
): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    max: requestsPerMinute,
    timeWindow: 60_000,
    // The counts go out only with a refusal (with Retry-After): a person never comes near the
    // ceiling, and three headers on every answer cost every request.
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    allowList: (request) => HEALTH_CHECKS.has(request.url) || isPageRenderCall(request.headers),
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new AppError(
        'TOO_MANY_REQUESTS',
        `Too many requests from this address. Try again in ${seconds} seconds.`,
        undefined,
        seconds,
      );
    },
  });
}
