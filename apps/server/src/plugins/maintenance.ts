import type { FastifyInstance } from 'fastify';
import { deleteExpiredLimits } from '../lib/rate-limit';
import { deleteExpiredSessions } from '../modules/auth/auth.service';
import { deleteUnusedUploads } from '../modules/images/images.service';
import { settleLeaseEnds } from '../modules/leases/leases.service';
import { paymentsContext, settleListedIntents } from '../modules/payments/payments.service';

const EVERY_MS = 10 * 60_000;

/**
 * Closes leases whose last day (by notice) has passed; removes expired sessions and throttling windows, and uploads nobody uses; settles with their
 * provider the payments closed in our books without its word.
 */
export async function runMaintenance(app: FastifyInstance, now = new Date()): Promise<void> {
  const [leases, sessions, limits, uploads, intents] = [
    await settleLeaseEnds(app.db, now, app.config.rent.timeZone),
    await deleteExpiredSessions(app.db),
    await deleteExpiredLimits(app.db),
    await deleteUnusedUploads(app.db),
    await settleListedIntents(paymentsContext(app, app.log), now),
  ];
  if (leases + sessions + limits + uploads + intents > 0) {
    app.log.info(
      { leases, sessions, limits, uploads, intents },
      'maintenance: closed, removed and settled rows',
    );
  }
}

/**
 * Every server runs the same idempotent deletes on a timer; with several servers they simply
 * overlap harmlessly. Tests call `runMaintenance` themselves.
 */
export function scheduleMaintenance(app: FastifyInstance): void {
  if (app.config.env === 'test') return;
  let timer: NodeJS.Timeout | undefined;
  const run = () =>
    runMaintenance(app).catch((error: unknown) =>
      app.log.warn({ err: error }, 'maintenance failed; will retry'),
    );
  app.addHook('onReady', async () => {
    void run();
    timer = setInterval(run, EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
