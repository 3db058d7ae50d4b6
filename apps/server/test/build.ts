import type { SessionUser } from '@structomate/contract';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app';
import { systemClock, type Clock } from '../src/lib/clock';
import { loadConfig, type Config } from '../src/config';
import type { DatabaseHandle } from '../src/db/client';
import { demoAccounts } from '../src/db/demo-data';
import { seedDemoData } from '../src/db/seed';
import { createTestDatabase } from './database';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** The app's clock (the system's unless the test gave one). */
  clock: Clock;
  close(): Promise<void>;
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  // Every injected request comes from one address, so the per-address ceiling is lifted here;
  // app.test.ts checks it at its real size.
  return {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', REQUESTS_PER_MINUTE: '1000000' }),
    ...overrides,
  };
}

/**
 * The real app on a fresh database; `demo` seeds the demo building and accounts (as of the
 * clock's time), `clock` replaces the system clock.
 */
export async function buildTestApp(
  options: {
    demo?: boolean;
    config?: Partial<Config>;
    logStream?: NodeJS.WritableStream;
    clock?: Clock;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = testConfig(options.config);
  const clock = options.clock ?? systemClock;
  if (options.demo) {
    await seedDemoData(database.db, { now: clock.now(), timeZone: config.rent.timeZone });
  }
  const app = await buildApp({ config, database, logStream: options.logStream, clock });
  await app.ready();
  return {
    app,
    database,
    clock,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

export type DemoRole = 'admin' | 'member' | 'user';

export function demoAccount(role: DemoRole) {
  const account = demoAccounts.find((candidate) => candidate.role === role);
  if (!account) throw new Error(`no demo ${role}`);
  return account;
}

export interface Session {
  user: SessionUser;
  token: string;
  /** The Cookie header a browser would send. */
  cookie: string;
  /** Calls the app as this person, by cookie (as the web app does) from this site's pages. */
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
}

/** Logs in with email and password through the real endpoint. */
export async function login(
  app: FastifyInstance,
  email: string,
  password: string,
): Promise<Session> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password },
  });
  if (response.statusCode !== 200) {
    throw new Error(`login as ${email} failed: ${response.statusCode} ${response.body}`);
  }
  const body = response.json<{ token: string; user: SessionUser }>();
  const cookie = `sm_session=${body.token}`;
  return {
    user: body.user,
    token: body.token,
    cookie,
    inject: (options) => app.inject({ ...options, headers: { cookie, ...options.headers } }),
  };
}

export const loginAs = (app: FastifyInstance, role: DemoRole) => {
  const account = demoAccount(role);
  return login(app, account.email, account.password);
};
