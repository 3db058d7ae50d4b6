import type { FastifyInstance } from 'fastify';
import type { JobDefinition } from '../src/plugins/jobs';

/** Starts `job` now as its schedule would (at the app clock's time) and runs what is due. */
export async function runScheduledJob(
  app: FastifyInstance,
  job: JobDefinition<{ at?: string }> | JobDefinition<Record<string, never>>,
): Promise<void> {
  await app.jobs.send(job as JobDefinition<object>, {});
  await app.jobs.drain();
}
