import type { FastifyInstance } from 'fastify';
import { deleteExpiredLimits } from '../lib/rate-limit';
import { deleteExpiredSessions } from '../modules/auth/auth.service';
import { deleteUnusedUploads } from '../modules/images/images.service';

const EVERY_MS = 10 * 60_000;

/** Removes expired sessions and throttling windows, and uploads nobody uses. */
export async function runMaintenance(app: FastifyInstance): Promise<void> {
  const [sessions, limits, uploads] = [
    await deleteExpiredSessions(app.db),
    await deleteExpiredLimits(app.db),
    await deleteUnusedUploads(app.db),
  ];
  if (sessions + limits + uploads > 0) {
    app.log.info({ sessions, limits, uploads }, 'maintenance: removed expired and unused rows');
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
