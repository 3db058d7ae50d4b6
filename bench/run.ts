/**
 * `npm run bench`: the production server's throughput and latency on the reads people make most,
 * beside what the machine can serve at all.
 *
 *   npm run build && npm run bench [-- --duration 10 --connections 50]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench     (PostgreSQL)
 *   DATABASE_URL=… npm run bench -- --scale     (each screen with a large building's data: scale.ts)
 *
 * It starts the compiled server (`apps/server/dist/server.js`, as `npm start` runs it) on a fresh
 * database with the demo data: a new PGlite data directory, or a new database on the PostgreSQL
 * server DATABASE_URL names (dropped afterwards). In the same run it starts the ceiling
 * (`bench/ceiling.ts`): a bare `node:http` server in its own process answering each request with
 * the very bytes the app answered it with, headers included; and, for comparison only, a bare
 * ceiling that sends the body with its content type alone. autocannon then drives each read
 * against the three, twice each, in the order app, ceiling, bare, bare, ceiling, app (each run
 * after 3 s of warm-up that is not counted), and a login flood with a read beside it. The table
 * shows req/s, p50, p99, errors, the app's share of the ceiling and of the bare ceiling (each
 * server's two runs combined: see `combined`), and each target, judged against the ceiling, as
 * PASS or FAIL; the exit code is 1 when one is missed.
 *
 * The benchmark comes from one address, so the server's per-address ceiling
 * (REQUESTS_PER_MINUTE) is lifted for it; logins come from addresses of their own
 * (X-Forwarded-For, with TRUST_PROXY=1), as people's do.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  freePort,
  login,
  loginFlood,
  serverEntry,
  spawnServer,
  stop,
  tracked,
  waitFor,
} from './processes';
import { type Answer, SET_BY_NODE } from './answers';
import { scaleBench } from './scale';

const repoRoot = path.resolve(import.meta.dirname, '..');
const { values: flags } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    scale: { type: 'boolean', default: false },
  },
});
const duration = Number(flags.duration);
/** Seconds of load before each measured run, for both servers alike. */
const WARMUP_SECONDS = 3;
const connections = Number(flags.connections);
const databaseUrl = process.env.DATABASE_URL;
const engine = databaseUrl ? 'PostgreSQL' : 'embedded (PGlite)';

for (const built of [serverEntry, path.join(repoRoot, 'apps/web/dist/index.html')]) {
  if (!existsSync(built)) {
    console.error(`${path.relative(repoRoot, built)} is missing: run \`npm run build\` first.`);
    process.exit(2);
  }
}

/** Peak resident memory of a process so far (the kernel's high-water mark), in MB. */
function peakMemoryMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('VmHWM:'));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? 0) / 1024;
}

interface Read {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  cookie?: string;
  /** Public reads are answered from the cache; the others are a signed-in person's. */
  public: boolean;
}

interface Measured {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/** autocannon's options, with its warm-up (a run before the measured one; not in its types). */
type RunOptions = Partial<autocannon.Options> & {
  warmup?: { connections: number; duration: number };
};

/** One run; autocannon's promise form, the one that honours a warm-up. */
async function measure(url: string, read: Read, overrides: RunOptions = {}): Promise<Measured> {
  const result = await autocannon({
    url: `${url}${read.path}`,
    method: read.method,
    connections,
    duration,
    headers: {
      ...(read.body ? { 'content-type': 'application/json' } : {}),
      ...(read.cookie ? { cookie: read.cookie } : {}),
    },
    ...(read.body ? { body: read.body } : {}),
    ...overrides,
  } as autocannon.Options);
  return measured(result);
}

/** What the table shows of a run. */
function measured(result: autocannon.Result): Measured {
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/** Two runs of one server as one: mean throughput, the worse latency, every error. */
function combined(first: Measured, second: Measured): Measured {
  return {
    rps: (first.rps + second.rps) / 2,
    p50: Math.max(first.p50, second.p50),
    p99: Math.max(first.p99, second.p99),
    errors: first.errors + second.errors,
  };
}

async function main() {
  const scratch = await mkdtemp(path.join(tmpdir(), 'structomate-bench-'));
  const dbName = `structomate_bench_${process.pid}`;
  let databaseEnv: Record<string, string>;
  if (databaseUrl) {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const url = new URL(databaseUrl);
    url.pathname = `/${dbName}`;
    databaseEnv = { DATABASE_URL: url.toString() };
  } else {
    databaseEnv = { DATA_DIR: path.join(scratch, 'data') };
  }

  const port = await freePort();
  const appUrl = `http://127.0.0.1:${port}`;
  const server = spawnServer(port, {
    TRUST_PROXY: '1',
    REQUESTS_PER_MINUTE: '100000000',
    ...databaseEnv,
  });
  try {
    await waitFor(`${appUrl}/readyz`, server, 'the server');
    const member = await login(appUrl, 'member@structo.com', 'Member1234');
    const admin = await login(appUrl, 'admin@structo.com', 'Admin1234');
    const listing = (await (await fetch(`${appUrl}/api/apartments`)).json()) as {
      result: { _id: string }[];
    };
    const apartmentId = listing.result[0]?._id;
    if (!apartmentId) throw new Error('no apartment in the listing');

    const reads: Read[] = [
      { name: 'GET /api/apartments', method: 'GET', path: '/api/apartments', public: true },
      {
        name: 'GET /api/apartments/:id',
        method: 'GET',
        path: `/api/apartments/${apartmentId}`,
        public: true,
      },
      { name: 'GET / (HTML)', method: 'GET', path: '/', public: true },
      {
        name: 'member announcements',
        method: 'POST',
        path: '/api/get/memberAnnouncement',
        body: '{}',
        cookie: member,
        public: false,
      },
      {
        name: 'member transactions',
        method: 'POST',
        path: '/api/get/transactions',
        body: '{}',
        cookie: member,
        public: false,
      },
      {
        name: 'admin figures',
        method: 'POST',
        path: '/api/admin',
        body: '{}',
        cookie: admin,
        public: false,
      },
    ];

    // The ceiling answers what the app answered: its status, headers and body.
    const answers: Answer[] = [];
    for (const read of reads) {
      const response = await fetch(`${appUrl}${read.path}`, {
        method: read.method,
        headers: {
          ...(read.body ? { 'content-type': 'application/json' } : {}),
          ...(read.cookie ? { cookie: read.cookie } : {}),
          'accept-encoding': 'identity',
        },
        ...(read.body ? { body: read.body } : {}),
      });
      const body = Buffer.from(await response.arrayBuffer());
      if (response.status !== 200) throw new Error(`${read.name}: ${response.status}`);
      const headers: Answer['headers'] = {};
      response.headers.forEach((value, name) => {
        if (!SET_BY_NODE.includes(name) && name !== 'set-cookie') headers[name] = value;
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length) headers['set-cookie'] = cookies;
      answers.push({
        method: read.method,
        path: read.path,
        status: response.status,
        headers,
        body: body.toString('base64'),
      });
    }
    const answersFile = path.join(scratch, 'answers.json');
    await writeFile(answersFile, JSON.stringify(answers));
    /** A ceiling's process: the app's very answers, or (`--bare`) without its other headers. */
    const startCeiling = async (mode: string[]) => {
      const ceilingPort = await freePort();
      const process_ = tracked(
        spawn(
          process.execPath,
          [
            '--import',
            'tsx',
            path.join(repoRoot, 'bench/ceiling.ts'),
            answersFile,
            String(ceilingPort),
            ...mode,
          ],
          { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] },
        ),
      );
      const url = `http://127.0.0.1:${ceilingPort}`;
      await waitFor(`${url}/`, process_, mode.length ? 'the bare ceiling' : 'the ceiling');
      return { process: process_, url };
    };
    const ceiling = await startCeiling([]);
    const bareCeiling = await startCeiling(['--bare']);

    console.log(
      `\nnpm run bench: ${engine}, ${connections} connections, ${duration} s per run (two runs of each server per read), node ${process.version}\n`,
    );
    const rows: {
      read: Read;
      app: Measured;
      ceiling: Measured;
      bare: Measured;
    }[] = [];
    // Each run starts after a warm-up of its own (autocannon's, not counted): the first read
    // measured would otherwise carry the app's compilation of its code (V8 optimises a function
    // once it runs hot) and a cold start of every connection, which the reads after it do not.
    // Each server is measured twice, in the order app, ceiling, bare ceiling, bare ceiling,
    // ceiling, app: this machine's speed drifts from one minute to the next (the same server, the
    // same read, measured twice in a row has differed by a third), and whichever ran first would
    // otherwise be measured on a different machine from the others. Its throughput is the mean
    // of its two runs, its latency the worse of them, its errors their sum.
    const warmup = { warmup: { connections, duration: WARMUP_SECONDS } };
    for (const read of reads) {
      const app1 = await measure(appUrl, read, warmup);
      const ceiling1 = await measure(ceiling.url, read, warmup);
      const bare1 = await measure(bareCeiling.url, read, warmup);
      const bare2 = await measure(bareCeiling.url, read, warmup);
      const ceiling2 = await measure(ceiling.url, read, warmup);
      const app2 = await measure(appUrl, read, warmup);
      for (const [what, run] of Object.entries({ ceiling1, ceiling2, bare1, bare2 })) {
        // A ceiling that answered nothing, or not every request, measured nothing to compare.
        if (run.rps === 0 || run.errors > 0) {
          throw new Error(`${read.name}: ${what} answered ${run.rps} req/s, ${run.errors} errors`);
        }
      }
      rows.push({
        read,
        app: combined(app1, app2),
        ceiling: combined(ceiling1, ceiling2),
        bare: combined(bare1, bare2),
      });
      process.stdout.write(`  measured ${read.name}\n`);
    }

    // A login flood (right passwords, 50 people on 50 addresses, argon2id each) and, beside it,
    // a visitor reading the listing on 10 connections.
    const flood = autocannon(loginFlood(appUrl, connections, duration)).then(measured);
    const beside = measure(appUrl, reads[0] as Read, { connections: 10 });
    const [logins, readDuringFlood] = await Promise.all([flood, beside]);
    const memory = peakMemoryMb(server.pid ?? 0);
    await stop(ceiling.process);
    await stop(bareCeiling.process);

    const ms = (value: number) => `${value} ms`;
    const authenticatedShare = databaseUrl ? 0.25 : 0.1;
    const checks: { what: string; pass: boolean }[] = [];
    console.log(
      '\n| Read | app req/s | p50 | p99 | errors | ceiling req/s | ceiling p99 | % of ceiling | bare ceiling req/s | % of bare |',
    );
    console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    const percent = (share: number) => `${(share * 100).toFixed(1)} %`;
    for (const { read, app, ceiling: same, bare } of rows) {
      const share = app.rps / same.rps;
      console.log(
        `| ${read.name} | ${Math.round(app.rps)} | ${ms(app.p50)} | ${ms(app.p99)} | ${app.errors} | ${Math.round(same.rps)} | ${ms(same.p99)} | ${percent(share)} | ${Math.round(bare.rps)} | ${percent(app.rps / bare.rps)} |`,
      );
      const target = read.public ? 0.5 : authenticatedShare;
      checks.push({
        what: `${read.name}: ≥ ${target * 100} % of the ceiling (${percent(share)})`,
        pass: share >= target,
      });
      checks.push({ what: `${read.name}: p99 < 25 ms (${app.p99} ms)`, pass: app.p99 < 25 });
      checks.push({ what: `${read.name}: no errors (${app.errors})`, pass: app.errors === 0 });
    }
    console.log(
      `| POST /api/login (argon2id) | ${Math.round(logins.rps)} | ${ms(logins.p50)} | ${ms(logins.p99)} | ${logins.errors} | | | | | |`,
    );
    console.log(
      `| GET /api/apartments during the login flood (10 connections) | ${Math.round(readDuringFlood.rps)} | ${ms(readDuringFlood.p50)} | ${ms(readDuringFlood.p99)} | ${readDuringFlood.errors} | | | | | |`,
    );
    checks.push({ what: `logins: no errors (${logins.errors})`, pass: logins.errors === 0 });
    checks.push({
      what: `a read during the login flood: p99 < 50 ms (${readDuringFlood.p99} ms)`,
      pass: readDuringFlood.p99 < 50,
    });
    checks.push({
      what: `server memory at its peak < 250 MB (${memory.toFixed(0)} MB)`,
      pass: memory < 250,
    });
    console.log(`\nPeak server memory (VmHWM): ${memory.toFixed(0)} MB\n`);
    for (const check of checks) console.log(`${check.pass ? 'PASS' : 'FAIL'}  ${check.what}`);
    const missed = checks.filter((check) => !check.pass).length;
    console.log(missed ? `\n${missed} target(s) missed.` : '\nEvery target met.');
    process.exitCode = missed ? 1 : 0;
  } finally {
    await stop(server);
    if (databaseUrl) {
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
    await rm(scratch, { recursive: true, force: true });
  }
}

if (flags.scale) await scaleBench(databaseUrl, await freePort());
else await main();
