import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import PgBoss from 'pg-boss';
import { z } from 'zod';
import { retryOnDeadlock } from '../lib/db-errors';

/**
 * Work that must happen once and survive a restart (mail, maintenance, reminders) runs on pg-boss,
 * in the database we already run (ADR 011): a job is a row, taken by one server with `SKIP LOCKED`,
 * retried with backoff when it throws, and a cron schedule starts it once a slot across servers.
 */
export interface JobDefinition<Data> {
  /** The queue's name: `<module>.<what it does>`. */
  name: string;
  /** Job data crosses the database, so it is parsed before the handler sees it. */
  data: z.ZodType<Data>;
  run(app: FastifyInstance, data: Data, attempt: JobAttempt): Promise<void>;
  /** Attempts after the first (with doubling delays from `retryDelaySeconds`). */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** A cron line (in the building's time zone) for jobs the engine starts by itself. */
  cron?: string;
}

export interface JobAttempt {
  id: string;
  /** 0 on the first try. */
  retryCount: number;
  /** True when a failure now is final (no retry follows). */
  lastTry: boolean;
  log: FastifyBaseLogger;
}

// Handlers are stored without their data type; `send` keeps callers typed.
type AnyJob = JobDefinition<unknown>;

/**
 * A scheduled job's data: empty from the cron; tests (and TEST_CLOCK servers) may name the instant
 * the run happens at.
 */
export const ScheduledRunSchema = z.object({ at: z.iso.datetime().optional() });
export const runsAt = (app: FastifyInstance, data: z.infer<typeof ScheduledRunSchema>) =>
  data.at ? new Date(data.at) : app.clock.now();

export const defineJob = <Data>(definition: JobDefinition<Data>): JobDefinition<Data> => definition;

export interface SendOptions {
  /** Not before this instant (a retry the caller schedules, a reminder's day). */
  startAfter?: Date;
}

export interface Jobs {
  send<Data>(job: JobDefinition<Data>, data: Data, options?: SendOptions): Promise<void>;
  /**
   * Runs every job that is due, in this process, until none is left (jobs sent meanwhile too);
   * `includeDelayed` also takes retries still waiting for their backoff. Tests use it instead of
   * workers, so a test decides exactly when jobs run.
   */
  drain(options?: { includeDelayed?: boolean }): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

const DEFAULT_RETRY_LIMIT = 5;
const DEFAULT_RETRY_DELAY_SECONDS = 30;

export async function registerJobs(
  app: FastifyInstance,
  definitions: readonly JobDefinition<unknown>[],
): Promise<void> {
  const { config, database } = app;
  const workers = config.jobWorkers;
  const boss = new PgBoss({
    db: {
      executeSql: async (text, values) => database.executeSql(text, values),
    },
    // Without workers (tests) nothing runs by itself: no cron, no archiving, no polling.
    supervise: workers,
    schedule: workers,
    migrate: true,
  });
  boss.on('error', (error) => app.log.warn({ err: error }, 'job engine error; it keeps going'));

  const byName = new Map<string, AnyJob>(definitions.map((job) => [job.name, job]));
  const runOne = async (job: AnyJob, raw: PgBoss.JobWithMetadata<unknown>) => {
    const retryLimit = job.retryLimit ?? DEFAULT_RETRY_LIMIT;
    const log = app.log.child({ job: job.name, jobId: raw.id });
    const lastTry = raw.retryCount >= retryLimit;
    try {
      const data = job.data.parse(raw.data ?? {});
      await job.run(app, data, { id: raw.id, retryCount: raw.retryCount, lastTry, log });
    } catch (error) {
      log.warn(
        { err: error, retryCount: raw.retryCount },
        lastTry ? 'job failed for good' : 'job failed; the engine retries it',
      );
      throw error;
    }
  };

  app.addHook('onReady', async () => {
    await boss.start();
    for (const job of byName.values()) {
      const options = {
        name: job.name,
        retryLimit: job.retryLimit ?? DEFAULT_RETRY_LIMIT,
        retryDelay: job.retryDelaySeconds ?? DEFAULT_RETRY_DELAY_SECONDS,
        retryBackoff: true,
      };
      // pg-boss creates a queue's table and constraints in one statement that two servers
      // starting at once on a new database can deadlock on; PostgreSQL aborts one, whose retry
      // then finds the queue made (ON CONFLICT DO NOTHING).
      await retryOnDeadlock(() => boss.createQueue(job.name, options));
      await retryOnDeadlock(() => boss.updateQueue(job.name, options));
      if (!workers) continue;
      if (job.cron) {
        await retryOnDeadlock(() =>
          boss.schedule(job.name, job.cron ?? '', {}, { tz: config.rent.timeZone }),
        );
      } else {
        await boss.unschedule(job.name);
      }
      // A worker fetches once per interval; a batch keeps a backlog (an announcement to every
      // member) moving at 10 jobs a poll instead of 1. Each job fails or completes on its own.
      await boss.work(
        job.name,
        { pollingIntervalSeconds: 2, batchSize: 10, includeMetadata: true },
        async (batch) => {
          for (const raw of batch) {
            try {
              await runOne(job, raw);
            } catch (error) {
              await boss.fail(job.name, raw.id, { message: String(error) });
            }
          }
        },
      );
    }
  });
  app.addHook('onClose', async () => {
    await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  });

  app.decorate('jobs', {
    send: async (job, data, options = {}) => {
      await boss.send(job.name, data as object, {
        ...(options.startAfter ? { startAfter: options.startAfter } : {}),
      });
    },
    drain: async ({ includeDelayed = false } = {}) => {
      let ran = 0;
      // Delayed retries are taken in the first pass only, so a job that keeps failing ends.
      for (let pass = 0; ; pass++) {
        let took = 0;
        for (const job of byName.values()) {
          const batch = await boss.fetch(job.name, {
            batchSize: 10,
            includeMetadata: true,
            ignoreStartAfter: includeDelayed && pass === 0,
          });
          for (const raw of batch ?? []) {
            took += 1;
            try {
              await runOne(job, raw);
              await boss.complete(job.name, raw.id);
            } catch (error) {
              await boss.fail(job.name, raw.id, { message: String(error) });
            }
          }
        }
        ran += took;
        if (took === 0) return ran;
      }
    },
  } satisfies Jobs);
}

/**
 * TEST_CLOCK servers only (never production): starts a scheduled job now, at the request's
 * X-Test-Clock time, as its schedule would, so tests with several server processes can race it.
 */
export const scheduledJobTestRoutes = (definitions: readonly JobDefinition<unknown>[]) =>
  async function routes(app: FastifyInstance): Promise<void> {
    app.post<{ Params: { name: string } }>(
      '/test/jobs/:name',
      { config: { access: 'public' } },
      async (request, reply) => {
        const job = definitions.find(
          (candidate) => candidate.name === request.params.name && candidate.cron,
        );
        if (!job)
          return reply.code(404).send({ error: { code: 'NOT_FOUND', message: 'No such job' } });
        await app.jobs.send(job, { at: request.now.toISOString() });
        return reply.code(202).send({ ok: true });
      },
    );
  };
