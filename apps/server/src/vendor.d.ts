/** @fastify/rate-limit's in-memory store (the one it uses when given none), typed as it is. */
declare module '@fastify/rate-limit/store/LocalStore.js' {
  import type { FastifyRateLimitStore } from '@fastify/rate-limit';

  export default class LocalStore implements FastifyRateLimitStore {
    constructor(continueExceeding: boolean, exponentialBackoff: boolean, cache?: number);
    incr: FastifyRateLimitStore['incr'];
    child: FastifyRateLimitStore['child'];
    read: FastifyRateLimitStore['incr'];
  }
}
