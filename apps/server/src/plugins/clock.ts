import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error';
import { TEST_CLOCK_HEADER, type Clock } from '../lib/clock';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's time source, for work outside a request (jobs); requests use `request.now`. */
    clock: Clock;
  }
  interface FastifyRequest {
    /** When this request happens: one instant for everything it decides (dues, stamps, coupons). */
    now: Date;
  }
}

/**
 * Stamps each request with the app clock's time. With TEST_CLOCK (refused in production) a
 * request may name its own time in `X-Test-Clock`, so browser journeys on one server can live in
 * different months at once.
 */
export function registerClock(app: FastifyInstance, clock: Clock): void {
  app.decorate('clock', clock);
  const times = new WeakMap<object, Date>();
  app.decorateRequest('now', {
    getter() {
      return times.get(this) ?? clock.now();
    },
  });
  app.addHook('onRequest', (request, _reply, done) => {
    let now = clock.now();
    const named = app.config.testClock ? request.headers[TEST_CLOCK_HEADER] : undefined;
    if (typeof named === 'string') {
      now = new Date(named);
      if (Number.isNaN(now.getTime())) {
        done(new AppError('BAD_REQUEST', `${TEST_CLOCK_HEADER} must be an ISO 8601 instant`));
        return;
      }
    }
    times.set(request, now);
    done();
  });
}
