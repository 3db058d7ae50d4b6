/** What the benchmarks share: ports, child servers (stopped with the run), readiness, logins. */
import { spawn, type ChildProcess } from 'node:child_process';
import type autocannon from 'autocannon';
import { once } from 'node:events';
import net from 'node:net';
import path from 'node:path';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../apps/server/src/node-flags';

const repoRoot = path.resolve(import.meta.dirname, '..');
/** The compiled server, as `npm start` and `npm run serve` run it. */
export const serverEntry = path.join(repoRoot, 'apps/server/dist/server.js');

export async function freePort(): Promise<number> {
  const probe = net.createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  probe.close();
  await once(probe, 'close');
  return port;
}

const children: ChildProcess[] = [];
process.on('exit', () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});

/** A child process killed when the benchmark exits, however it exits. */
export function tracked(child: ChildProcess): ChildProcess {
  children.push(child);
  return child;
}

/**
 * The compiled production server on loopback `port`, with the demo building and the payment
 * sandbox, started by `node` with the production flags (or `flags`) and environment, and stopped
 * with the run. `env` adds to its environment, or replaces a production setting (an empty value
 * leaves it out): the database (DATA_DIR or DATABASE_URL) and any setting a bench needs.
 */
export function spawnServer(
  port: number,
  env: Record<string, string>,
  {
    flags = SERVER_NODE_FLAGS,
    output = 'ignore',
  }: { flags?: readonly string[]; output?: 'ignore' | 'inherit' } = {},
): ChildProcess {
  const settings: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DEMO: '1',
    PAYMENTS: 'sandbox',
    ...SERVER_ENV,
    ...env,
  };
  return tracked(
    spawn(process.execPath, [...flags, serverEntry], {
      cwd: repoRoot,
      env: Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== '')),
      stdio: ['ignore', output, 'inherit'],
    }),
  );
}

export async function waitFor(url: string, child: ChildProcess, what: string) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`);
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what} did not answer at ${url}`);
}

export async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}

/** Logs in through the real endpoint; the session cookie, as a Cookie header's value. */
export async function login(url: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`login ${email}: ${response.status}`);
  return (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

/**
 * autocannon's options for a login flood: the demo accounts' right passwords (argon2id each),
 * each connection from an address of its own (X-Forwarded-For; the server trusts it with
 * TRUST_PROXY=1), as people's logins come.
 */
export function loginFlood(url: string, connections: number, duration: number): autocannon.Options {
  const accounts = [
    ['member@structo.com', 'Member1234'],
    ['user@structo.com', 'User1234'],
    ['former@structo.com', 'Former1234'],
    ['admin@structo.com', 'Admin1234'],
  ];
  let client = 0;
  return {
    url: `${url}/api/login`,
    method: 'POST',
    connections,
    duration,
    setupClient: (connection) => {
      const [email, password] = accounts[client % accounts.length] ?? [];
      const address = `10.${Math.floor(client / 250)}.${client % 250}.1`;
      client += 1;
      connection.setHeaders({ 'content-type': 'application/json', 'x-forwarded-for': address });
      connection.setBody(JSON.stringify({ email, password }));
    },
  };
}
