import type { Config } from './config';
import type { Database, DatabaseHandle } from './db/client';
import type { AccessRecord } from './plugins/auth';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    database: DatabaseHandle;
    /** Every /api route with the roles that may call it (filled as routes register). */
    accessTable: AccessRecord[];
  }
}
