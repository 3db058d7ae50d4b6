/**
 * Soak: StructoMate scaled out as it is deployed (deploy/cluster.ts: N servers on one PostgreSQL
 * behind Caddy), under C connections of what tenants do: log in, browse the listing, read
 * announcements, pay rent in the sandbox (some payments sent twice, at once, from two
 * connections), log out. After W seconds of warm-up come the D measured seconds: the memory of
 * each server is compared between their start and their end, under the same load. Then, with the
 * load still on, one server is SIGKILLed (and started again 5 s later) for a kill phase of K
 * seconds. Afterwards the database is compared with what the servers acknowledged, and the table
 * says what passed.
 *
 *   npm run build && createdb -h 127.0.0.1 -U postgres soak
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/soak npm run bench:soak -- \
 *     [--duration 60] [--connections 200] [--servers 2] [--tenants 400] [--port 4800] \
 *     [--warmup 60] [--kill-phase 30] [--no-restart]
 *
 * Every client connection comes from its own loopback address (127.20.x.y; each tenant
 * registers from 127.10.x.y), so Caddy's X-Forwarded-For names a distinct client and the
 * servers' per-address throttles see many people, as they would on the internet. Nothing is
 * trusted from the client: Caddy overwrites X-Forwarded-For with the peer's address.
 * Exits 1 when a check fails.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import {
  ApartmentListResponseSchema,
  InsertedResponseSchema,
  LoginResponseSchema,
  ManagedApartmentResponseSchema,
  PaymentIntentResponseSchema,
  RentLedgerSchema,
  SandboxConfirmResponseSchema,
  SaveTransactionResponseSchema,
} from '@structomate/contract';
import pg from 'pg';
import { Client } from 'undici';
import { demoAccounts } from '../apps/server/src/db/demo-data';
import { clusterProblem, startCluster, type Cluster } from '../deploy/cluster';

const { values: flags } = parseArgs({
  options: {
    duration: { type: 'string', default: '60' },
    connections: { type: 'string', default: '200' },
    servers: { type: 'string', default: '2' },
    tenants: { type: 'string' },
    port: { type: 'string', default: '4800' },
    'kill-phase': { type: 'string', default: '30' },
    'no-restart': { type: 'boolean', default: false },
    warmup: { type: 'string', default: '60' },
  },
});
const durationS = Number(flags.duration);
const connections = Number(flags.connections);
const serverCount = Number(flags.servers);
const tenantCount = Number(flags.tenants ?? Math.max(2 * connections, 20));
/**
 * Seconds of load after the measured run, in which one server is killed: after the measured run,
 * so the survivor's memory (it takes the whole load when alone) does not blur the flatness check.
 */
const killPhaseS = Number(flags['kill-phase']);
const killing = killPhaseS > 0 && serverCount > 1;
/** The kill comes this long into the kill phase. */
const KILL_DELAY_MS = 5_000;
const restartAfterMs = 5_000;
/**
 * Load before the measured run. A server's memory grows for its first minute or two under load
 * (V8 sizes its heap to the work, code is compiled, pools fill) and then holds: the memory check
 * compares the start and the end of the measured run, after that.
 */
const warmupMs = Number(flags.warmup) * 1000;
/** Caddy's 502s for writes in flight on the killed server land within this time of the kill. */
const KILL_WINDOW_MS = 2_000;
/** The measured run, in ms from the start of the load: memory is compared at its two ends. */
const measuredFrom = warmupMs;
const measuredUntil = warmupMs + durationS * 1000;
const SESSION_COOKIE = 'sm_session';
const CARD = {
  number: '4242 4242 4242 4242',
  expMonth: 12,
  expYear: 2040,
  cvc: '123',
  postalCode: '12345',
};

for (const [name, value] of Object.entries({ durationS, connections, serverCount, tenantCount })) {
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number ≥ 1`);
}
if (tenantCount < connections) throw new Error('--tenants must be at least --connections');
if (!(killPhaseS >= 0)) throw new Error('--kill-phase must be a number of seconds (0: no kill)');
if (!(warmupMs >= 0)) throw new Error('--warmup must be a number of seconds');
if (durationS < 10)
  throw new Error('--duration must be at least 10 s (memory is compared over 5 s at each end)');
const databaseUrl = process.env.DATABASE_URL;
const problem = clusterProblem(databaseUrl);
if (problem || !databaseUrl) {
  console.error(problem);
  process.exit(2);
}

// ---------------------------------------------------------------------------------------------
// HTTP through Caddy, one undici Client (one keep-alive connection) per simulated device.

type Kind = 'read' | 'login' | 'logout' | 'pay' | 'setup';

interface Answer {
  status: number;
  body: unknown;
  /** Answered by Caddy itself (no upstream answered), not by an app server. */
  proxy: boolean;
}

interface Failure {
  at: number;
  status: number;
  method: string;
  route: string;
  proxy: boolean;
  detail: string;
}

const latencies: Record<Kind, number[]> = { read: [], login: [], logout: [], pay: [], setup: [] };
const statusCounts = new Map<string, number>();
const failures: Failure[] = [];
const unexpected: Failure[] = [];
let startedAt = 0;
let requestsInLoad = 0;

const bump = (key: string) => statusCounts.set(key, (statusCounts.get(key) ?? 0) + 1);

/** Loopback addresses: all of 127.0.0.0/8 reaches this machine, each a distinct client. */
const loopback = (net: number, n: number) => `127.${net}.${Math.floor(n / 250)}.${(n % 250) + 1}`;

let baseUrl = '';
const device = (address: string) =>
  new Client(baseUrl, { localAddress: address, pipelining: 1, keepAliveTimeout: 30_000 });

async function send(
  client: Client,
  kind: Kind,
  method: 'GET' | 'POST',
  path: string,
  route: string,
  options: { cookie?: string; body?: unknown } = {},
): Promise<Answer & { cookie?: string }> {
  const headers: Record<string, string> = { origin: baseUrl, accept: 'application/json' };
  if (options.cookie) headers.cookie = options.cookie;
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  if (payload !== undefined) headers['content-type'] = 'application/json';
  const started = performance.now();
  let answer: Answer & { cookie?: string };
  try {
    const response = await client.request({ method, path, headers, body: payload });
    const text = await response.body.text();
    const json = String(response.headers['content-type'] ?? '').includes('json');
    const setCookie = [response.headers['set-cookie'] ?? []].flat().join(';');
    const cookie = new RegExp(`${SESSION_COOKIE}=([^;]+)`).exec(setCookie)?.[1];
    answer = {
      status: response.statusCode,
      body: json && text ? JSON.parse(text) : text,
      // The app answers every request with its request id; Caddy's own errors carry none.
      proxy: response.headers['x-request-id'] === undefined,
      ...(cookie ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {}),
    };
  } catch (error) {
    answer = {
      status: 0,
      body: error instanceof Error ? error.message : String(error),
      proxy: true,
    };
  }
  latencies[kind].push(performance.now() - started);
  if (kind !== 'setup') requestsInLoad += 1;
  bump(`${kind} ${answer.status}`);
  if (answer.status === 0 || answer.status >= 500) {
    failures.push({
      at: Date.now() - startedAt,
      status: answer.status,
      method,
      route,
      proxy: answer.proxy,
      detail:
        typeof answer.body === 'string'
          ? answer.body.slice(0, 200)
          : JSON.stringify(answer.body).slice(0, 200),
    });
  }
  return answer;
}

/** A person seeing an error page tries again: 5xx and broken connections are repeated. */
async function persist<T extends Answer>(request: () => Promise<T>, tries = 8): Promise<T> {
  let answer = await request();
  for (
    let attempt = 1;
    attempt < tries && (answer.status === 0 || answer.status >= 500);
    attempt++
  ) {
    await delay(250 * attempt);
    answer = await request();
  }
  return answer;
}

function expectStatus(answer: Answer, expected: number, method: string, route: string): boolean {
  if (answer.status === expected) return true;
  unexpected.push({
    at: Date.now() - startedAt,
    status: answer.status,
    method,
    route,
    proxy: answer.proxy,
    detail: JSON.stringify(answer.body).slice(0, 300),
  });
  return false;
}

async function mapLimit<T, R>(
  items: T[],
  limit: number,
  task: (item: T, index: number) => Promise<R>,
) {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await task(items[index] as T, index);
      }
    }),
  );
  return results;
}

// ---------------------------------------------------------------------------------------------
// Setup, all through the API: apartments (admin), tenants who register, ask for a lease and are
// accepted, each with the months their ledger bills.

interface Tenant {
  index: number;
  userId: string;
  email: string;
  password: string;
  /** Unpaid months, oldest first; each is paid once during the soak. */
  months: string[];
}

async function setUp(runId: string): Promise<Tenant[]> {
  const adminAccount = demoAccounts.find((account) => account.role === 'admin');
  if (!adminAccount) throw new Error('no demo admin account');
  const adminDevice = device('127.0.0.1');
  const login = await send(adminDevice, 'setup', 'POST', '/api/login', 'login', {
    body: { email: adminAccount.email, password: adminAccount.password },
  });
  if (login.status !== 200 || !login.cookie) {
    throw new Error(`admin login failed (${login.status}): the soak needs the demo data (DEMO=1)`);
  }
  const adminCookie = login.cookie;
  const listing = await send(adminDevice, 'setup', 'GET', '/api/apartments', 'listing');
  const photo = ApartmentListResponseSchema.parse(listing.body).result[0]?.apartmentImage;
  if (!photo) throw new Error('the listing has no apartment photo to reuse');

  const apartmentIds = await mapLimit(
    Array.from({ length: tenantCount }, (_, i) => i),
    8,
    async (i) => {
      const created = await send(
        adminDevice,
        'setup',
        'POST',
        '/api/admin/apartments',
        'apartment',
        {
          cookie: adminCookie,
          body: {
            apartmentNo: `S${runId}-${i + 1}`,
            blockName: 'Soak',
            floorNo: (i % 20) + 1,
            rent: 10_000 + ((i * 37) % 200) * 100,
            details: 'Made by bench/soak.ts for a load test.',
            photos: [photo],
            status: 'listed',
          },
        },
      );
      if (created.status !== 201)
        throw new Error(`apartment ${i}: ${created.status} ${JSON.stringify(created.body)}`);
      return ManagedApartmentResponseSchema.parse(created.body).result._id;
    },
  );

  const tenants = await mapLimit(apartmentIds, 8, async (apartmentId, i) => {
    // Registration is throttled per address (10 an hour): each tenant signs up from their own.
    const own = device(loopback(10, i));
    try {
      const email = `soak-${runId}-${i + 1}@example.com`;
      const password = `Soak${runId}pw${i + 1}`;
      const registered = await send(own, 'setup', 'POST', '/api/users', 'register', {
        body: { name: `Soak Tenant ${i + 1}`, email, password, photoURL: photo },
      });
      if (registered.status !== 201 || !registered.cookie) {
        throw new Error(`register ${i}: ${registered.status} ${JSON.stringify(registered.body)}`);
      }
      const userId = InsertedResponseSchema.parse(registered.body).insertedId;
      const cookie = registered.cookie;
      const asked = await send(own, 'setup', 'POST', '/api/create/agreements', 'lease request', {
        cookie,
        body: { newAgreement: { apartmentDetails: { _id: apartmentId } } },
      });
      if (asked.status !== 201)
        throw new Error(`lease request ${i}: ${asked.status} ${JSON.stringify(asked.body)}`);
      const agreementId = InsertedResponseSchema.parse(asked.body).insertedId;
      const accepted = await send(
        adminDevice,
        'setup',
        'POST',
        '/api/accept/agreements',
        'accept',
        {
          cookie: adminCookie,
          body: { agreement_id: agreementId },
        },
      );
      if (accepted.status !== 200)
        throw new Error(`accept ${i}: ${accepted.status} ${JSON.stringify(accepted.body)}`);
      const ledger = await send(own, 'setup', 'POST', '/api/rent/ledger', 'ledger', {
        cookie,
        body: {},
      });
      const months = RentLedgerSchema.parse(ledger.body)
        .months.filter((month) => month.status !== 'paid')
        .map((month) => month.billingMonth);
      await send(own, 'setup', 'POST', '/api/logout', 'logout', { cookie, body: {} });
      return { index: i, userId, email, password, months };
    } finally {
      await own.close();
    }
  });
  await adminDevice.close();
  return tenants;
}

// ---------------------------------------------------------------------------------------------
// The load: one worker per connection, each serving its own tenants in turn.

interface Charge {
  userId: string;
  month: string;
}
const attempted = new Set<string>();
const charged = new Map<string, Charge>();
const acknowledged = new Map<string, Charge & { at: number }>();
let duplicateSaves = 0;
let duplicateIntentsDiffered = 0;
let paymentsStarted = 0;
/** Payments sent twice at once from two connections (member and month). */
const twinned = new Set<string>();
let monthsLeft = 0;
let paymentsRanOutAt: number | undefined;

const pickRead = (pages: number, apartmentIds: string[]) => {
  const roll = Math.random();
  if (roll < 0.5) {
    const page = 1 + Math.floor(Math.random() * pages);
    return {
      method: 'GET' as const,
      path: `/api/apartments?page=${page}`,
      route: 'GET /api/apartments',
    };
  }
  if (roll < 0.65 && apartmentIds.length) {
    const id = apartmentIds[Math.floor(Math.random() * apartmentIds.length)];
    return {
      method: 'GET' as const,
      path: `/api/apartments/${id}`,
      route: 'GET /api/apartments/:id',
    };
  }
  if (roll < 0.9) {
    return {
      method: 'POST' as const,
      path: '/api/get/memberAnnouncement',
      route: 'POST /api/get/memberAnnouncement',
    };
  }
  return { method: 'GET' as const, path: '/api/session', route: 'GET /api/session' };
};

/** Pays `month` for `tenant` as the web app does: intent, card, save; `twin` sends each step too. */
async function pay(
  mine: Client,
  twin: Client | undefined,
  tenant: Tenant,
  cookie: string,
  month: string,
) {
  paymentsStarted += 1;
  if (twin) twinned.add(month + tenant.userId);
  const devices = twin ? [mine, twin] : [mine];
  const opened = await Promise.all(
    devices.map((client) =>
      persist(() =>
        send(client, 'pay', 'POST', '/api/create-payment-intent', 'intent', {
          cookie,
          body: { month },
        }),
      ),
    ),
  );
  const intents = new Map<string, string>();
  for (const answer of opened) {
    // Two requests for the same month at once may find it being prepared by the other: a 409.
    if (twin && answer.status === 409) continue;
    if (!expectStatus(answer, 200, 'POST', '/api/create-payment-intent')) continue;
    const intent = PaymentIntentResponseSchema.parse(answer.body);
    attempted.add(intent.paymentIntentId);
    intents.set(intent.paymentIntentId, intent.clientSecret);
  }
  if (intents.size > 1) duplicateIntentsDiffered += 1;
  for (const [intentId, clientSecret] of intents) {
    const confirmations = await Promise.all(
      devices.map((client) =>
        persist(() =>
          send(client, 'pay', 'POST', '/api/sandbox/confirm', 'confirm', {
            cookie,
            body: { clientSecret, card: CARD },
          }),
        ),
      ),
    );
    let paid = false;
    for (const answer of confirmations) {
      // The twin of a replaced intent is told so (409); only a 200 means the card was charged.
      if (intents.size > 1 && answer.status === 409) continue;
      if (!expectStatus(answer, 200, 'POST', '/api/sandbox/confirm')) continue;
      SandboxConfirmResponseSchema.parse(answer.body);
      charged.set(intentId, { userId: tenant.userId, month });
      paid = true;
    }
    if (!paid) continue;
    const saves = await Promise.all(
      devices.map((client) =>
        persist(() =>
          send(client, 'pay', 'POST', '/api/save/transaction', 'save', {
            cookie,
            body: { transaction: { transactionId: intentId } },
          }),
        ),
      ),
    );
    for (const answer of saves) {
      if (!expectStatus(answer, 200, 'POST', '/api/save/transaction')) continue;
      const { transaction } = SaveTransactionResponseSchema.parse(answer.body);
      if (
        transaction.transactionId !== intentId ||
        transaction.billingMonth !== month ||
        transaction.userId !== tenant.userId
      ) {
        unexpected.push({
          at: Date.now() - startedAt,
          status: answer.status,
          method: 'POST',
          route: '/api/save/transaction',
          proxy: false,
          detail: `acknowledged ${JSON.stringify(transaction)} for ${intentId} ${month}`,
        });
        continue;
      }
      if (acknowledged.has(intentId)) duplicateSaves += 1;
      acknowledged.set(intentId, { userId: tenant.userId, month, at: Date.now() - startedAt });
    }
  }
}

async function runWorker(
  w: number,
  clients: Client[],
  tenants: Tenant[],
  pages: number,
  apartmentIds: string[],
  endAt: number,
) {
  const mine = clients[w];
  if (!mine) return;
  const own = tenants.filter((tenant) => tenant.index % connections === w);
  for (let turn = 0; Date.now() < endAt; turn++) {
    const tenant = own[turn % own.length];
    if (!tenant) return;
    const login = await persist(() =>
      send(mine, 'login', 'POST', '/api/login', 'POST /api/login', {
        body: { email: tenant.email, password: tenant.password },
      }),
    );
    if (!expectStatus(login, 200, 'POST', '/api/login') || !login.cookie) continue;
    LoginResponseSchema.parse(login.body);
    const cookie = login.cookie;
    // A visit: 20-40 things done once signed in.
    const actions = 20 + Math.floor(Math.random() * 21);
    for (let a = 0; a < actions && Date.now() < endAt; a++) {
      const month = Math.random() < 0.3 ? tenant.months.shift() : undefined;
      if (month) {
        monthsLeft -= 1;
        if (monthsLeft === 0) paymentsRanOutAt = Date.now() - startedAt;
        // Every eighth payment (counted over all connections, so slow runs have them too) is
        // sent twice at once, from this connection and the next one.
        const twin = paymentsStarted % 8 === 7 ? clients[(w + 1) % clients.length] : undefined;
        await pay(mine, twin, tenant, cookie, month);
        continue;
      }
      const read = pickRead(pages, apartmentIds);
      const answer = await persist(() =>
        send(mine, 'read', read.method, read.path, read.route, {
          cookie,
          ...(read.method === 'POST' ? { body: {} } : {}),
        }),
      );
      expectStatus(answer, 200, read.method, read.route);
    }
    if (Math.random() < 0.5) {
      const out = await persist(() =>
        send(mine, 'logout', 'POST', '/api/logout', 'POST /api/logout', { cookie, body: {} }),
      );
      expectStatus(out, 200, 'POST', '/api/logout');
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Memory: VmRSS of every server, once a second.

interface RssSample {
  at: number;
  index: number;
  pid: number;
  kb: number;
}
const rssSamples: RssSample[] = [];

/** CPU seconds (user + system) a process has used: /proc/<pid>/stat, in clock ticks of 1/100 s. */
function cpuSeconds(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

/** CPU seconds per process: the first and the last reading during the load. */
const cpuReadings = new Map<number, { label: string; first: number; last: number }>();

function sampleRss(cluster: Cluster) {
  const processes = [
    ...cluster.servers.map((server) => ({
      server,
      pid: server.pid,
      label: `server ${server.index} (pid ${server.pid})`,
    })),
    { server: undefined, pid: cluster.caddy.pid, label: 'Caddy' },
  ];
  for (const { server, pid, label } of processes) {
    const cpu = cpuSeconds(pid);
    if (cpu !== undefined) {
      const reading = cpuReadings.get(pid);
      if (reading) reading.last = cpu;
      else cpuReadings.set(pid, { label, first: cpu, last: cpu });
    }
    if (!server || server.process.exitCode !== null || server.process.signalCode !== null) continue;
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]);
      if (kb) rssSamples.push({ at: Date.now() - startedAt, index: server.index, pid, kb });
    } catch {
      // Gone between the check and the read (the killed server).
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The database afterwards.

async function checkDatabase(tenants: Tenant[]) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const ids = tenants.map((tenant) => tenant.userId);
    const paymentRows = await db.query<{ transaction_id: string; user_id: string; month: string }>(
      `select transaction_id, user_id::text as user_id, to_char(billing_month, 'YYYY-MM') as month
         from payments where user_id = any($1::uuid[])`,
      [ids],
    );
    const unrecorded = await db.query<{ id: string }>(
      `select s.id from sandbox_intents s
        where s.status = 'succeeded' and s.refunded_at is null and s.metadata->>'userId' = any($1)
          and not exists (select 1 from payments p where p.transaction_id = s.id)`,
      [ids],
    );
    const refunded = await db.query<{ n: string }>(
      `select count(*) as n from sandbox_intents where refunded_at is not null and metadata->>'userId' = any($1)`,
      [ids],
    );
    return {
      rows: paymentRows.rows,
      chargedNotRecorded: unrecorded.rows.map((row) => row.id),
      refunded: Number(refunded.rows[0]?.n ?? 0),
    };
  } finally {
    await db.end();
  }
}

// ---------------------------------------------------------------------------------------------

/** What the database is doing: busy connections (each server's pool holds 10) and queued mail. */
async function watchDatabase() {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const active: number[] = [];
  const open: number[] = [];
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    db.query<{ active: string; open: string }>(
      `select count(*) filter (where state = 'active') as active, count(*) as open
         from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
    )
      .then((result) => {
        active.push(Number(result.rows[0]?.active ?? 0));
        open.push(Number(result.rows[0]?.open ?? 0));
      })
      .catch(() => undefined)
      .finally(() => {
        busy = false;
      });
  }, 1000);
  /** Jobs not yet done that turn payments into receipts (pg-boss's table; undefined if absent). */
  const mailBacklog = async () => {
    try {
      const result = await db.query<{ n: string }>(
        `select count(*) as n from pgboss.job
          where name in ('notifications.send', 'mail.deliver') and state in ('created', 'retry', 'active')`,
      );
      return Number(result.rows[0]?.n ?? 0);
    } catch {
      return undefined;
    }
  };
  return {
    mailBacklog,
    stop: async () => {
      clearInterval(timer);
      await db.end();
      const mean = active.length ? active.reduce((a, b) => a + b, 0) / active.length : 0;
      return { meanActive: mean, maxActive: Math.max(0, ...active), maxOpen: Math.max(0, ...open) };
    },
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted.length
    ? (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0)
    : 0;
const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;
const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;

async function main() {
  const runId = Date.now().toString(36).slice(-6);
  console.log(
    `Soak ${runId}: ${serverCount} servers behind Caddy, ${connections} connections, ${durationS} s, ${tenantCount} tenants`,
  );
  // Interrupted while starting: exiting kills what was started (startCluster's exit hook).
  const early = () => process.exit(130);
  process.once('SIGINT', early);
  process.once('SIGTERM', early);
  const cluster = await startCluster({
    databaseUrl: databaseUrl ?? '',
    servers: serverCount,
    port: Number(flags.port),
  });
  let stopped = false;
  const stopAll = async () => {
    if (stopped) return;
    stopped = true;
    await cluster.stop();
  };
  process.off('SIGINT', early);
  process.off('SIGTERM', early);
  process.once('SIGINT', () => void stopAll().then(() => process.exit(130)));
  process.once('SIGTERM', () => void stopAll().then(() => process.exit(143)));
  try {
    baseUrl = cluster.url;
    console.log(
      `cluster up at ${cluster.url} (logs: ${cluster.logDir}); setting up tenants through the API…`,
    );
    const setupStarted = Date.now();
    startedAt = Date.now();
    const tenants = await setUp(runId);
    monthsLeft = tenants.reduce((sum, tenant) => sum + tenant.months.length, 0);
    console.log(
      `${tenants.length} tenants with ${monthsLeft} months to pay, in ${((Date.now() - setupStarted) / 1000).toFixed(0)} s`,
    );
    const probe = device('127.0.0.1');
    const firstPage = ApartmentListResponseSchema.parse(
      (await send(probe, 'setup', 'GET', '/api/apartments', 'listing')).body,
    );
    const pages = Math.max(1, Math.ceil(firstPage.total / firstPage.limit));
    const apartmentIds = firstPage.result.map((apartment) => apartment._id);
    await probe.close();
    failures.length = 0;
    unexpected.length = 0;

    const clients = Array.from({ length: connections }, (_, w) => device(loopback(20, w)));
    const watch = await watchDatabase();
    const selfCpuAtStart = process.cpuUsage();
    const backlogAtStart = await watch.mailBacklog();
    startedAt = Date.now();
    loadAtStart = os.loadavg()[0] ?? 0;
    const endAt = startedAt + measuredUntil + (killing ? killPhaseS * 1000 : 0);
    const rssTimer = setInterval(() => sampleRss(cluster), 1000);
    sampleRss(cluster);
    let killedAt: number | undefined;
    let killedPid: number | undefined;
    let backAt: number | undefined;
    let restartedPid: number | undefined;
    const victim = serverCount;
    const chaos = killing
      ? (async () => {
          await delay(measuredUntil + KILL_DELAY_MS);
          killedPid = cluster.servers[victim - 1]?.pid;
          killedAt = Date.now() - startedAt;
          await cluster.kill(victim, 'SIGKILL');
          console.log(
            `  ${(killedAt / 1000).toFixed(1)} s: server ${victim} (pid ${killedPid}) SIGKILLed`,
          );
          if (flags['no-restart']) return;
          await delay(restartAfterMs);
          const server = await cluster.restart(victim);
          restartedPid = server.pid;
          backAt = Date.now() - startedAt;
          console.log(
            `  ${(backAt / 1000).toFixed(1)} s: server ${victim} ready again (pid ${server.pid})`,
          );
        })()
      : Promise.resolve();
    await Promise.all(
      Array.from({ length: connections }, (_, w) =>
        runWorker(w, clients, tenants, pages, apartmentIds, endAt),
      ),
    );
    const loadEnded = Date.now() - startedAt;
    loadAtEnd = os.loadavg()[0] ?? 0;
    sampleRss(cluster);
    clearInterval(rssTimer);
    const selfCpu = process.cpuUsage(selfCpuAtStart);
    selfCpuSeconds = (selfCpu.user + selfCpu.system) / 1e6;
    const backlogAtEnd = await watch.mailBacklog();
    const activity = await watch.stop();
    await chaos;
    await Promise.all(clients.map((client) => client.close()));

    // A charge whose save never got through is what the settle job (every 10 minutes) records;
    // here it is saved once more, as the tenant's next visit would.
    const unsaved = [...charged.keys()].filter((id) => !acknowledged.has(id));
    if (unsaved.length) {
      const cleaner = device('127.0.0.1');
      for (const id of unsaved) {
        const charge = charged.get(id);
        const tenant = tenants.find((t) => t.userId === charge?.userId);
        if (!tenant || !charge) continue;
        const login = await send(cleaner, 'setup', 'POST', '/api/login', 'login', {
          body: { email: tenant.email, password: tenant.password },
        });
        const saved = await send(cleaner, 'setup', 'POST', '/api/save/transaction', 'save', {
          cookie: login.cookie ?? '',
          body: { transaction: { transactionId: id } },
        });
        if (saved.status === 200) acknowledged.set(id, { ...charge, at: loadEnded });
      }
      await cleaner.close();
    }

    const database = await checkDatabase(tenants);
    await stopAll();
    report({
      cluster,
      tenants,
      database,
      loadEnded,
      killedAt,
      killedPid,
      backAt,
      restartedPid,
      unsaved: unsaved.length,
      activity,
      backlog: { start: backlogAtStart, end: backlogAtEnd },
    });
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/** What Caddy's active health checks saw: failed probes per server (a failed probe takes it out). */
function healthCheckSummary(caddyLog: string): string {
  const failed = new Map<string, number>();
  for (const line of readFileSync(caddyLog, 'utf8').split('\n')) {
    if (!line.includes('health_checker.active')) continue;
    const host = /"host":"([^"]+)"/.exec(line)?.[1] ?? '?';
    failed.set(host, (failed.get(host) ?? 0) + 1);
  }
  return failed.size
    ? `Caddy's active health checks failed: ${[...failed].map(([host, n]) => `${host} ${n}×`).join(', ')} (a killed or starting server fails them)`
    : "Caddy's active health checks: none failed";
}

let loadAtStart = 0;
let selfCpuSeconds = 0;
let loadAtEnd = 0;

function report(run: {
  cluster: Cluster;
  tenants: Tenant[];
  database: Awaited<ReturnType<typeof checkDatabase>>;
  loadEnded: number;
  killedAt: number | undefined;
  killedPid: number | undefined;
  backAt: number | undefined;
  restartedPid: number | undefined;
  unsaved: number;
  activity: { meanActive: number; maxActive: number; maxOpen: number };
  backlog: { start: number | undefined; end: number | undefined };
}) {
  const { database, killedAt } = run;
  const seconds = run.loadEnded / 1000;
  console.log(
    `\nLoad: ${requestsInLoad} requests in ${seconds.toFixed(1)} s (${(requestsInLoad / seconds).toFixed(0)}/s)`,
  );
  console.log('| kind   | requests | p50 | p95 | p99 | max |');
  console.log('| ------ | -------- | --- | --- | --- | --- |');
  for (const kind of ['read', 'login', 'pay', 'logout'] as const) {
    const sorted = [...latencies[kind]].sort((a, b) => a - b);
    console.log(
      `| ${kind.padEnd(6)} | ${sorted.length} | ${ms(percentile(sorted, 50))} | ${ms(percentile(sorted, 95))} | ${ms(percentile(sorted, 99))} | ${ms(sorted.at(-1) ?? 0)} |`,
    );
  }
  console.log(
    `statuses: ${[...statusCounts]
      .filter(([key]) => !key.startsWith('setup'))
      .map(([key, n]) => `${key}: ${n}`)
      .join(', ')}`,
  );
  console.log(
    `payments: ${paymentsStarted} started (${twinned.size} of them sent twice at once), ${acknowledged.size} acknowledged, ${duplicateSaves} duplicate saves answered with the same payment, ${duplicateIntentsDiffered} twin intents that differed, ${database.refunded} refunded second charges${paymentsRanOutAt === undefined ? '' : `; every month was paid by ${(paymentsRanOutAt / 1000).toFixed(1)} s`}`,
  );

  const inKillWindow = (failure: Failure) =>
    killedAt !== undefined && failure.at >= killedAt && failure.at <= killedAt + KILL_WINDOW_MS;
  const appErrors = failures.filter((failure) => !failure.proxy);
  const proxyOutsideKill = failures.filter((failure) => failure.proxy && !inKillWindow(failure));
  const atKill = failures.filter((failure) => failure.proxy && inKillWindow(failure));
  const readsAtKill = atKill.filter((failure) => failure.method === 'GET');

  const rowsById = new Map<string, number>();
  const perMonth = new Map<string, number>();
  for (const row of database.rows) {
    rowsById.set(row.transaction_id, (rowsById.get(row.transaction_id) ?? 0) + 1);
    const key = `${row.user_id} ${row.month}`;
    perMonth.set(key, (perMonth.get(key) ?? 0) + 1);
  }
  const rowOf = new Map(database.rows.map((row) => [row.transaction_id, row]));
  const ackProblems = [...acknowledged].filter(([id, ack]) => {
    const row = rowOf.get(id);
    return rowsById.get(id) !== 1 || row?.user_id !== ack.userId || row?.month !== ack.month;
  });
  const notAttempted = database.rows.filter((row) => !attempted.has(row.transaction_id));
  const doubled = [...perMonth.values()].filter((n) => n > 1).length;
  const ackedAfterKill =
    killedAt === undefined ? [] : [...acknowledged.values()].filter((ack) => ack.at >= killedAt);

  const rows: { check: string; measured: string; pass: boolean }[] = [
    {
      check: '5xx answered by the app servers',
      measured: String(appErrors.length),
      pass: appErrors.length === 0,
    },
    {
      check: '5xx or broken connections from Caddy, apart from the kill',
      measured: String(proxyOutsideKill.length),
      pass: proxyOutsideKill.length === 0,
    },
  ];
  if (killedAt !== undefined) {
    rows.push({
      check: `at the kill (${KILL_WINDOW_MS / 1000} s): reads failed (Caddy retries them)`,
      measured: String(readsAtKill.length),
      pass: readsAtKill.length === 0,
    });
    const byRoute = new Map<string, number>();
    for (const failure of atKill)
      byRoute.set(
        `${failure.status} ${failure.route}`,
        (byRoute.get(`${failure.status} ${failure.route}`) ?? 0) + 1,
      );
    rows.push({
      check: 'at the kill: writes in flight on the killed server (502, not retried by Caddy 2.6)',
      measured: atKill.length ? [...byRoute].map(([key, n]) => `${n} × ${key}`).join(', ') : '0',
      pass: true,
    });
  }
  rows.push(
    {
      check: 'acknowledged payments in the database exactly once',
      measured: `${acknowledged.size - ackProblems.length} of ${acknowledged.size}`,
      pass: ackProblems.length === 0,
    },
    {
      check: 'payments in the database never attempted',
      measured: String(notAttempted.length),
      pass: notAttempted.length === 0,
    },
    { check: 'member-months paid more than once', measured: String(doubled), pass: doubled === 0 },
    {
      check: 'payments sent twice at once (two connections): each recorded once',
      measured: `${twinned.size} sent twice, ${duplicateSaves} second saves answered with the same payment`,
      pass: twinned.size > 0 && doubled === 0,
    },
    {
      check: 'cards charged without a payment (nor a refund)',
      measured: `${database.chargedNotRecorded.length}${run.unsaved ? ` (${run.unsaved} saved after the load)` : ''}`,
      pass: database.chargedNotRecorded.length === 0,
    },
    {
      check: 'payments recorded but not acknowledged',
      measured: String(database.rows.length - (acknowledged.size - ackProblems.length)),
      pass: database.rows.length === acknowledged.size - ackProblems.length,
    },
    {
      check: 'unexpected 4xx (429 throttles included)',
      measured: String(unexpected.length),
      pass: unexpected.length === 0,
    },
  );
  if (killedAt !== undefined) {
    rows.push({
      check: `kill at ${(killedAt / 1000).toFixed(1)} s: acknowledged payments after it, all in the database`,
      measured: `${ackedAfterKill.length}${run.backAt ? `; back at ${(run.backAt / 1000).toFixed(1)} s` : ''}`,
      pass: ackProblems.every(([, ack]) => ack.at < killedAt),
    });
  }
  // argon2 takes 19 MiB per login being checked, so RSS jumps by tens of MB from one second to
  // the next: each end of the comparison is the mean of 5 s of samples.
  const meanKb = (samples: RssSample[]) =>
    samples.length ? samples.reduce((sum, sample) => sum + sample.kb, 0) / samples.length : 0;
  const rssWindows = (pid: number, until: number) => {
    const samples = rssSamples.filter((sample) => sample.pid === pid && sample.at <= until);
    const last = samples.at(-1)?.at ?? 0;
    return {
      baseline: meanKb(samples.filter((s) => s.at >= measuredFrom && s.at < measuredFrom + 5_000)),
      end: meanKb(samples.filter((s) => s.at > last - 5_000)),
      peak: Math.max(0, ...samples.map((sample) => sample.kb)),
    };
  };
  // Every server ran through the measured run (the kill comes after it).
  const firstPids = new Set(run.cluster.servers.map((server) => server.pid));
  if (run.killedPid !== undefined) firstPids.add(run.killedPid);
  firstPids.delete(run.restartedPid ?? -1);
  for (const pid of firstPids) {
    const index = rssSamples.find((sample) => sample.pid === pid)?.index;
    const { baseline, end, peak } = rssWindows(pid, measuredUntil);
    if (!baseline || !end) continue;
    const change = (end - baseline) / baseline;
    rows.push({
      check: `server ${index} RSS, ${measuredUntil / 1000 - 5}-${measuredUntil / 1000} s within 20 % of ${measuredFrom / 1000}-${measuredFrom / 1000 + 5} s (same load)`,
      measured: `${mb(baseline)} → ${mb(end)} (${change >= 0 ? '+' : ''}${(change * 100).toFixed(0)} %, peak ${mb(peak)})`,
      pass: Math.abs(change) <= 0.2,
    });
  }
  const survivors = run.cluster.servers.filter(
    (server) => server.pid !== run.restartedPid && server.pid !== run.killedPid,
  );
  if (killedAt !== undefined) {
    for (const server of survivors) {
      const { end, peak } = rssWindows(server.pid, Infinity);
      rows.push({
        check: `server ${server.index} RSS at the end, having served alone from ${(killedAt / 1000).toFixed(0)} s (no bound: twice the load)`,
        measured: `${mb(end)} (peak ${mb(peak)})`,
        pass: true,
      });
    }
  }

  console.log('\nRSS every 5 s (MB):');
  for (const pid of new Set(rssSamples.map((sample) => sample.pid))) {
    const samples = rssSamples.filter((sample) => sample.pid === pid);
    const points = samples.filter(
      (sample, i) =>
        i === samples.length - 1 ||
        Math.floor(sample.at / 5000) !== Math.floor((samples[i + 1]?.at ?? 0) / 5000),
    );
    console.log(
      `  server ${samples[0]?.index} pid ${pid}: ${points.map((sample) => `${(sample.at / 1000).toFixed(0)}s ${(sample.kb / 1024).toFixed(0)}`).join(', ')}`,
    );
  }

  console.log('\n| check | measured | result |');
  console.log('| ----- | -------- | ------ |');
  for (const row of rows)
    console.log(`| ${row.check} | ${row.measured} | ${row.pass ? 'PASS' : 'FAIL'} |`);
  const show = (title: string, list: Failure[]) => {
    if (!list.length) return;
    console.log(`\n${title} (first 10 of ${list.length}):`);
    for (const item of list.slice(0, 10)) {
      console.log(
        `  ${(item.at / 1000).toFixed(1)} s ${item.status} ${item.method} ${item.route}${item.proxy ? ' [caddy]' : ''} ${item.detail}`,
      );
    }
  };
  show('5xx and broken connections', failures);
  show('unexpected answers', unexpected);
  if (ackProblems.length)
    console.log('acknowledged but not recorded once:', ackProblems.slice(0, 10));
  if (notAttempted.length) console.log('recorded but never attempted:', notAttempted.slice(0, 10));
  console.log(`\n${healthCheckSummary(run.cluster.caddy.logFile)}`);
  const cpu = [...cpuReadings.values()].map(
    (reading) => `${reading.label} ${(reading.last - reading.first).toFixed(0)} s`,
  );
  console.log(
    `CPU used during the load: ${[...cpu, `this load generator ${selfCpuSeconds.toFixed(0)} s`].join(', ')}; ${os.cpus().length} cores × ${seconds.toFixed(0)} s = ${(os.cpus().length * seconds).toFixed(0)} s in all`,
  );
  console.log(
    `database: ${run.activity.meanActive.toFixed(1)} busy connections on average, at most ${run.activity.maxActive} busy of ${run.activity.maxOpen} open`,
  );
  if (run.backlog.start !== undefined && run.backlog.end !== undefined) {
    console.log(
      `receipt jobs waiting (notifications.send + mail.deliver): ${run.backlog.start} at the start, ${run.backlog.end} at the end of the load`,
    );
  }
  console.log(
    `load average (1 min) at the start ${loadAtStart.toFixed(1)}, at the end ${loadAtEnd.toFixed(1)} (${os.cpus().length} cores)`,
  );
  console.log(`logs: ${run.cluster.logDir}`);
  process.exitCode = rows.every((row) => row.pass) ? 0 : 1;
}

await main();
