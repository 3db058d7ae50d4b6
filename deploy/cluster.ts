/**
 * Several StructoMate servers on one PostgreSQL behind Caddy (deploy/Caddyfile), on loopback.
 *
 *   npm run build
 *   DATABASE_URL=postgres://… node --import tsx deploy/cluster.ts [--servers 2] [--port 4800]
 *
 * Caddy listens on --port, the servers on the ports after it (4801, 4802, …), each started as
 * `npm run serve` does. Ctrl-C (or SIGTERM) stops Caddy, then the servers, by their process ids.
 * bench/soak.ts starts the same cluster through startCluster().
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, openSync, closeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../apps/server/src/node-flags';

const repoRoot = path.resolve(import.meta.dirname, '..');
const caddyfile = path.join(repoRoot, 'deploy', 'Caddyfile');
const serverEntry = path.join(repoRoot, 'apps', 'server', 'dist', 'server.js');

/** The brief's port range for this machine: Caddy and every server stay inside it. */
export const PORT_RANGE = { first: 4800, last: 4899 } as const;

export interface ClusterOptions {
  /** postgres://…: the one database every server uses. */
  databaseUrl: string;
  servers: number;
  /** Caddy's port; server i (from 1) listens on port + i. */
  port: number;
  /** Where each process writes its log (server-1.log, …, caddy.log). */
  logDir?: string;
  /** Added to (and overriding) the servers' environment. */
  serverEnv?: Record<string, string>;
  /** How long a server may take to answer /readyz after it starts (migrations, demo data). */
  startTimeoutMs?: number;
}

export interface AppServer {
  index: number;
  port: number;
  pid: number;
  logFile: string;
  process: ChildProcess;
}

export interface Cluster {
  /** Caddy's address: the site as people reach it. */
  url: string;
  logDir: string;
  /** By index - 1; a restarted server replaces its entry. */
  servers: AppServer[];
  caddy: { pid: number; logFile: string; process: ChildProcess };
  /** Sends `signal` to server `index` (by its pid) and waits until it has exited. */
  kill(index: number, signal: NodeJS.Signals): Promise<void>;
  /** Starts server `index` again on its port and waits until it is ready. */
  restart(index: number): Promise<AppServer>;
  /** Stops Caddy, then every server (SIGTERM, then SIGKILL after a grace period), by pid. */
  stop(): Promise<void>;
}

/** Why this configuration cannot run as a cluster, or undefined when it can. */
export function clusterProblem(databaseUrl: string | undefined): string | undefined {
  if (!databaseUrl) {
    return [
      'DATABASE_URL is required: several servers must share one PostgreSQL.',
      'The embedded database (PGlite) lives in one process and its data directory cannot be',
      'shared by several; for a single server use `npm start` instead.',
      'Example: DATABASE_URL=postgres://postgres@127.0.0.1:5432/structomate',
    ].join('\n');
  }
  if (!/^postgres(ql)?:\/\//.test(databaseUrl)) {
    return `DATABASE_URL must be a postgres:// or postgresql:// URL (got ${JSON.stringify(databaseUrl)}).`;
  }
  const dist = process.env.WEB_DIST_DIR ?? path.join(repoRoot, 'apps', 'web', 'dist');
  if (!existsSync(path.join(dist, 'index.html'))) {
    return `The web app is not built (${dist}/index.html is missing): run \`npm run build\` first; production servers serve it.`;
  }
  if (!existsSync(serverEntry)) {
    return `The server is not built (${serverEntry} is missing): run \`npm run build\` first.`;
  }
  return undefined;
}

function withoutUndefined(env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

async function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (exited(child)) return true;
  const timer = new Promise<false>((resolve) => setTimeout(() => resolve(false), timeoutMs));
  return Promise.race([once(child, 'exit').then(() => true), timer]);
}

/** Stops one process by its pid: `signal`, then SIGKILL if it is still there after the grace. */
async function stopProcess(child: ChildProcess, signal: NodeJS.Signals, graceMs: number) {
  if (exited(child) || child.pid === undefined) return;
  process.kill(child.pid, signal);
  if (await waitForExit(child, graceMs)) return;
  process.kill(child.pid, 'SIGKILL');
  await waitForExit(child, 5_000);
}

/** Polls `url` until it answers 200; fails when `child` exits first or time runs out. */
async function waitUntilReady(url: string, child: ChildProcess, what: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    if (exited(child)) throw new Error(`${what} exited (${child.exitCode ?? child.signalCode})`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
      last = `status ${response.status}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what} was not ready at ${url} after ${timeoutMs / 1000} s (${last})`);
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const problem = clusterProblem(options.databaseUrl);
  if (problem) throw new Error(problem);
  const { servers: count, port } = options;
  if (!Number.isInteger(count) || count < 1) throw new Error('--servers must be 1 or more');
  if (port < PORT_RANGE.first || port + count > PORT_RANGE.last) {
    throw new Error(
      `Caddy's port and the ${count} after it must lie within ${PORT_RANGE.first}-${PORT_RANGE.last}`,
    );
  }
  const logDir = options.logDir ?? mkdtempSync(path.join(os.tmpdir(), 'structomate-cluster-'));
  mkdirSync(logDir, { recursive: true });
  const url = `http://127.0.0.1:${port}`;
  const startTimeoutMs = options.startTimeoutMs ?? 180_000;
  const children = new Set<ChildProcess>();
  // Whatever happens to this process, nothing it started outlives it.
  const killLeftovers = () => {
    for (const child of children) {
      if (!exited(child) && child.pid !== undefined) process.kill(child.pid, 'SIGKILL');
    }
  };
  process.on('exit', killLeftovers);

  const serverEnv = (serverPort: number) =>
    withoutUndefined({
      ...process.env,
      // As `npm start` does: the allocator's setting, unless the environment has a value of its
      // own (an empty one is no value: glibc would read it as 0 and map every block apart).
      ...Object.fromEntries(
        Object.entries(SERVER_ENV).map(([name, value]) => [name, process.env[name] || value]),
      ),
      NODE_ENV: 'production',
      PORT: String(serverPort),
      // Reachable by Caddy only: TRUST_PROXY believes X-Forwarded-For from whoever connects.
      HOST: '127.0.0.1',
      DATABASE_URL: options.databaseUrl,
      TRUST_PROXY: '1',
      PUBLIC_URL: process.env.PUBLIC_URL ?? url,
      // As `npm start` does; with the three STRIPE_* keys set, the config picks Stripe itself.
      PAYMENTS: process.env.PAYMENTS ?? (process.env.STRIPE_SECRET_KEY ? undefined : 'sandbox'),
      DEMO: process.env.DEMO ?? '1',
      ...options.serverEnv,
    });

  // Each child gets its own process group (detached), so a Ctrl-C in the terminal reaches this
  // script only, which then stops Caddy before the servers.
  const launch = (command: string, args: string[], env: Record<string, string>, log: string) => {
    const fd = openSync(log, 'a');
    const child = spawn(command, args, {
      cwd: repoRoot,
      env,
      detached: true,
      stdio: ['ignore', fd, fd],
    });
    closeSync(fd);
    children.add(child);
    child.once('exit', () => children.delete(child));
    return child;
  };

  const startServer = async (index: number): Promise<AppServer> => {
    const serverPort = port + index;
    const logFile = path.join(logDir, `server-${index}.log`);
    const child = launch(
      process.execPath,
      [...SERVER_NODE_FLAGS, serverEntry],
      serverEnv(serverPort),
      logFile,
    );
    await once(child, 'spawn');
    await waitUntilReady(
      `http://127.0.0.1:${serverPort}/readyz`,
      child,
      `server ${index} (log: ${logFile})`,
      startTimeoutMs,
    );
    return { index, port: serverPort, pid: child.pid ?? -1, logFile, process: child };
  };

  const servers: AppServer[] = [];
  let caddy: Cluster['caddy'] | undefined;
  const stop = async () => {
    process.off('exit', killLeftovers);
    if (caddy) await stopProcess(caddy.process, 'SIGTERM', 5_000);
    await Promise.all([...children].map((child) => stopProcess(child, 'SIGTERM', 15_000)));
  };

  try {
    // The first server migrates and loads the demo data alone; the others then start together.
    servers.push(await startServer(1));
    servers.push(
      ...(await Promise.all(Array.from({ length: count - 1 }, (_, i) => startServer(i + 2)))),
    );
    const caddyLog = path.join(logDir, 'caddy.log');
    const caddyHome = path.join(logDir, 'caddy-home');
    const caddyProcess = launch(
      'caddy',
      ['run', '--config', caddyfile, '--adapter', 'caddyfile'],
      withoutUndefined({
        PATH: process.env.PATH,
        // Caddy keeps its autosaved config and storage here, not in the home directory.
        HOME: caddyHome,
        XDG_CONFIG_HOME: caddyHome,
        XDG_DATA_HOME: caddyHome,
        STRUCTOMATE_SITE: `http://:${port}`,
        STRUCTOMATE_BIND: '127.0.0.1',
        STRUCTOMATE_UPSTREAMS: servers.map((server) => `127.0.0.1:${server.port}`).join(' '),
      }),
      caddyLog,
    );
    const [spawnError] = await Promise.race([
      once(caddyProcess, 'spawn').then(() => [undefined]),
      once(caddyProcess, 'error'),
    ]);
    if (spawnError) {
      throw new Error(
        `Caddy did not start (${spawnError instanceof Error ? spawnError.message : String(spawnError)}): install it with \`apt-get install -y caddy\``,
      );
    }
    caddy = { pid: caddyProcess.pid ?? -1, logFile: caddyLog, process: caddyProcess };
    await waitUntilReady(`${url}/readyz`, caddyProcess, `Caddy (log: ${caddyLog})`, 30_000);
  } catch (error) {
    await stop();
    throw error;
  }

  const serverAt = (index: number) => {
    const server = servers[index - 1];
    if (!server) throw new Error(`no server ${index}`);
    return server;
  };
  return {
    url,
    logDir,
    servers,
    caddy,
    kill: async (index, signal) => {
      const { process: child } = serverAt(index);
      if (exited(child) || child.pid === undefined) return;
      process.kill(child.pid, signal);
      await waitForExit(child, 30_000);
    },
    restart: async (index) => {
      const previous = serverAt(index);
      if (!exited(previous.process)) throw new Error(`server ${index} is still running`);
      const server = await startServer(index);
      servers[index - 1] = server;
      return server;
    },
    stop,
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      servers: { type: 'string', default: '2' },
      port: { type: 'string', default: String(PORT_RANGE.first) },
      logs: { type: 'string' },
    },
  });
  const problem = clusterProblem(process.env.DATABASE_URL);
  if (problem || !process.env.DATABASE_URL) {
    process.stderr.write(`${problem}\n`);
    process.exit(2);
  }
  const running: { cluster?: Cluster } = {};
  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`\n${signal}: stopping Caddy and the servers…\n`);
    // Interrupted while starting: exiting kills what was started (startCluster's exit hook).
    if (!running.cluster) process.exit(130);
    void running.cluster.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  process.stdout.write(`Starting ${values.servers} servers and Caddy…\n`);
  const cluster = await startCluster({
    databaseUrl: process.env.DATABASE_URL,
    servers: Number(values.servers),
    port: Number(values.port),
    logDir: values.logs,
  });
  running.cluster = cluster;
  const lines = [
    '',
    `  StructoMate is running at ${cluster.url} (Caddy, pid ${cluster.caddy.pid})`,
    ...cluster.servers.map(
      (server) => `    server ${server.index}: 127.0.0.1:${server.port}, pid ${server.pid}`,
    ),
    `  logs: ${cluster.logDir}`,
    '  Ctrl-C stops everything.',
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  // A server or Caddy that dies on its own is reported; the rest keep running.
  for (const child of [cluster.caddy.process, ...cluster.servers.map((server) => server.process)]) {
    child.once('exit', (code, signal) => {
      if (!stopping) process.stderr.write(`process ${child.pid} exited (${code ?? signal})\n`);
    });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
