import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import type { DatabaseHandle } from '../src/db/client';
import { seedDemoData } from '../src/db/seed';
import { createTestDatabase } from './database';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  close(): Promise<void>;
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), ...overrides };
}

/** The real app on a fresh database; `demo` seeds the demo building and accounts. */
export async function buildTestApp(
  options: { demo?: boolean; config?: Partial<Config> } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  if (options.demo) await seedDemoData(database.db);
  const app = await buildApp({ config: testConfig(options.config), database });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
