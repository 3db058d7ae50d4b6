import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema';
import { createSession } from '../src/modules/auth/auth.service';
import { createPostgresTestDatabase } from './database';

/**
 * Real server processes for race tests: `node apps/server/src/server.ts` on loopback, as a
 * deployment runs several behind a load balancer. Each is stopped by its own PID.
 */
export interface ServerProcess {
  url: string;
  pid: number;
  /** Everything it wrote, for a failing test's message. */
  output(): string;
  stop(): Promise<void>;
  /** SIGKILL: no shutdown, as a crash or a pulled plug. */
  kill(): Promise<void>;
}

const serverEntry = path.resolve(import.meta.dirname, '../src/server.ts');

export async function freePort(): Promise<number> {
  const probe = net.createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  probe.close();
  await once(probe, 'close');
  return port;
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    }
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server at ${url} did not become healthy:\n${output()}`);
}

function spawnServer(port: number, env: Record<string, string>): ChildProcess {
  const url = `http://127.0.0.1:${port}`;
  return spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      // Every request of a race comes from 127.0.0.1: the per-address ceiling is lifted.
      REQUESTS_PER_MINUTE: '1000000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/**
 * Starts a server expected to refuse to start: resolves to its exit code and what it wrote.
 * One that starts after all is stopped, and reported with code null.
 */
export async function startExpectingRefusal(
  env: Record<string, string>,
  port?: number,
): Promise<{ code: number | null; output: string }> {
  const child = spawnServer(port ?? (await freePort()), env);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  const [code] = (await once(child, 'exit')) as [number | null];
  clearTimeout(timer);
  return { code, output };
}

/** Logs in on `server` through the real endpoint; the session cookie, as a Cookie header's value. */
export async function sessionCookie(
  server: ServerProcess,
  account: { email: string; password: string } | undefined,
): Promise<string> {
  const response = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account?.email, password: account?.password }),
  });
  if (response.status !== 200) throw new Error(`login ${account?.email}: ${response.status}`);
  return (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

/** Starts one server with `env` (on top of a quiet test configuration) and waits until it answers. */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawnServer(port, env);
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const output = () => log;
  try {
    await waitForHealth(url, child, output);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    url,
    pid: child.pid ?? 0,
    output,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
    kill: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/**
 * Two demo servers (TEST_CLOCK on) on a fresh PostgreSQL database, as behind a load balancer,
 * with the demo admin's session. `post` calls one of them at the clocked instant `now` and keeps
 * every answer's status, so a race file can require that none was a 5xx.
 */
export async function startDemoPair(
  serverUrl: string,
  now: string,
  extraEnv: Record<string, string> = {},
) {
  const created = await createPostgresTestDatabase(serverUrl);
  const env = {
    DATABASE_URL: created.url,
    DEMO: '1',
    TEST_CLOCK: '1',
    PAYMENTS: 'sandbox',
    ...extraEnv,
  };
  const servers = await Promise.all([startServer(env), startServer(env)]);
  const [admin] = await created.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'admin'));
  if (!admin) throw new Error('no admin');
  const session = await createSession(created.database.db, admin.id, 1, undefined);
  const statuses: number[] = [];
  /** A request as `cookie` to `server`, at the clocked instant; its status is kept. */
  const send = async (
    server: ServerProcess,
    cookie: string,
    method: 'POST' | 'PUT' | 'DELETE',
    url: string,
    body: unknown,
  ) => {
    const response = await fetch(`${server.url}${url}`, {
      method,
      headers: { cookie, 'content-type': 'application/json', 'x-test-clock': now },
      body: JSON.stringify(body),
      // A request that never answers fails the test rather than holding the run.
      signal: AbortSignal.timeout(60_000),
    });
    statuses.push(response.status);
    return { status: response.status, body: (await response.json()) as unknown };
  };
  return {
    database: created.database,
    servers: servers as [ServerProcess, ServerProcess],
    adminCookie: `sm_session=${session.token}`,
    /** Every status answered so far. */
    statuses,
    /** A POST as `cookie` to `server`, at the clocked instant. */
    post: (server: ServerProcess, cookie: string, url: string, body: unknown) =>
      send(server, cookie, 'POST', url, body),
    send,
    async stop() {
      await Promise.all(servers.map((server) => server.stop()));
      await created.database.close();
    },
  };
}
