import rateLimit, { normalizeIP, type FastifyRateLimitStore } from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error';
import { isPageRenderCall } from '../lib/page-render-token';

const HEALTH_CHECKS = new Set(['/healthz', '/readyz']);
const WINDOW_MS = 60_000;
/** Addresses whose counts are kept at once, the most recent first (the plugin's default). */
const ADDRESSES_KEPT = 5000;

/**
 * The ceiling's counts: the plugin's own in-memory store (ADR 014), held here so a request
 * answered before the pipeline (the public replays, ADR 020) is counted in the same count, under
 * the same key, at once: without the plugin's promise and turns of the microtask queue.
 */
export class RequestCeiling implements FastifyRateLimitStore {
  private readonly counts = new LocalStore(false, false, ADDRESSES_KEPT);

  constructor(readonly requestsPerMinute: number) {}

  incr(...args: Parameters<FastifyRateLimitStore['incr']>): void {
    this.counts.incr(...args);
  }

  child(...args: Parameters<FastifyRateLimitStore['child']>): FastifyRateLimitStore {
    return this.counts.child(...args);
  }

  read(...args: Parameters<FastifyRateLimitStore['incr']>): void {
    this.counts.read(...args);
  }

  /**
   * Counts one request from `ip` now and says whether it is within the ceiling; `undefined` when
   * it could not be counted at once (the caller then leaves the request to the pipeline).
   */
  countNow(ip: string): boolean | undefined {
    let within: boolean | undefined;
    try {
      this.counts.incr(
        // The key the plugin's own key generator gives (an IPv6 address counted by its /64).
        normalizeIP(ip),
        (error, result) => {
          if (!error && result) within = result.current <= this.requestsPerMinute;
        },
        WINDOW_MS,
        this.requestsPerMinute,
      );
    } catch {
      // An address the key cannot be made from: the pipeline's turn (it answers in its own words).
      return undefined;
    }
    return within;
  }
}

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
  ceiling: RequestCeiling,
): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    max: ceiling.requestsPerMinute,
    timeWindow: WINDOW_MS,
    // The plugin makes its store with `new`; a constructor that returns an object gives that one.
    store: function ceilingStore() {
      return ceiling;
    } as unknown as NonNullable<Parameters<typeof rateLimit>[1]>['store'],
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
