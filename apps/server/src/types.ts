import type { Config } from './config';
import type { Database, DatabaseHandle } from './db/client';
import type { ChangesCache } from './lib/changes-cache';
import type { PublicCache } from './lib/public-cache';
import type { AccessRecord } from './plugins/auth';
import type { Replays } from './plugins/replays';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    database: DatabaseHandle;
    /** Every /api route with the roles that may call it (filled as routes register). */
    accessTable: AccessRecord[];
    /** Rarely changing public answers, kept in this process and invalidated across servers. */
    publicCache: PublicCache;
    /**
     * Answers sent again before the pipeline: a public one to the next visitor asking alike
     * (ADR 020), a signed-in read to the same session asking alike (ADR 023).
     */
    replays: Replays;
    /** Sessions and signed-in answers, kept in this process and forgotten on any change. */
    changesCache: ChangesCache;
  }
}
