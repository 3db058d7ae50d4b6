/**
 * `npm run bench -- --scale`: every screen's API answer with the demo's data, then with a large
 * building's, side by side.
 *
 *   npm run build && DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench -- --scale
 *
 * On a new database on the PostgreSQL server DATABASE_URL names (dropped afterwards), the
 * compiled server starts with the demo data and each screen's API call is timed (sequential
 * requests after a warm-up: the median and the 95th percentile, and the answer's size), twice:
 * repeated as they come, and each just after a change is announced, so that what the servers
 * keep in memory (ADR 019) answers none of them and the database's work is timed. Then the
 * server stops, the database gets 10,000 more apartments, 5,000 members each renting one with 40
 * months paid (200,000 payments), 1,000 users waiting on a request and 20,000 announcements, is
 * vacuumed and analysed, and the server starts again for the same calls. Targets: every answer
 * within 2× its small-data time (a millisecond of slack for answers under a millisecond, where
 * the clock's grain is the difference), repeated and after a change, and none over 100 KB. The
 * exit code is 1 when one is missed.
 */
import type { ChildProcess } from 'node:child_process';
import { MEMBERS_PAGE_SIZE, PENDING_REQUESTS_PAGE_SIZE } from '@structomate/contract';
import pg from 'pg';
import { login, spawnServer, stop, waitFor } from './processes';

interface Screen {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  as: 'visitor' | 'member' | 'admin';
  /** A POST's body as the web app sends it (`{}` when it sends none). */
  body?: Record<string, unknown>;
}

/** The calls each screen makes first, as the web app makes them. */
const screens: Screen[] = [
  { name: 'listing', method: 'GET', path: '/api/apartments', as: 'visitor' },
  {
    name: 'listing, rent up to 30,000',
    method: 'GET',
    path: '/api/apartments?maxRent=30000',
    as: 'visitor',
  },
  { name: 'member: payment history', method: 'POST', path: '/api/get/transactions', as: 'member' },
  { name: 'member: rent ledger', method: 'POST', path: '/api/rent/ledger', as: 'member' },
  {
    name: 'member: announcements',
    method: 'POST',
    path: '/api/get/memberAnnouncement',
    as: 'member',
  },
  { name: 'member: maintenance', method: 'GET', path: '/api/maintenance/requests', as: 'member' },
  { name: 'admin: figures', method: 'POST', path: '/api/admin', as: 'admin' },
  // The lists the spec posts for are asked a page at a time, at the screen's size (without one
  // the spec's default of 50 comes, which no screen asks for).
  {
    name: 'admin: members',
    method: 'POST',
    path: '/api/manageMembers',
    as: 'admin',
    body: { page: 1, limit: MEMBERS_PAGE_SIZE },
  },
  {
    name: 'admin: pending requests',
    method: 'POST',
    path: '/api/pending/agreements',
    as: 'admin',
    body: { page: 1, limit: PENDING_REQUESTS_PAGE_SIZE },
  },
  { name: 'admin: apartments', method: 'GET', path: '/api/admin/apartments', as: 'admin' },
  { name: 'admin: rent roll', method: 'GET', path: '/api/admin/rent-roll', as: 'admin' },
  { name: 'admin: announcements', method: 'GET', path: '/api/announcements', as: 'admin' },
  { name: 'admin: maintenance inbox', method: 'GET', path: '/api/admin/maintenance', as: 'admin' },
  {
    name: 'admin: maintenance figures',
    method: 'GET',
    path: '/api/admin/maintenance-figures',
    as: 'admin',
  },
  { name: 'admin: audit log', method: 'GET', path: '/api/audit', as: 'admin' },
  { name: 'admin: sent mail', method: 'GET', path: '/api/admin/mail', as: 'admin' },
];

/**
 * Calls to warm up and to time, per screen. A repeated call is answered from memory in well under
 * a millisecond of the server's time (its request line), so the client's and the processes' own
 * warming decide its figure: over its first few hundred calls a replayed page of 6.5 KB went from
 * about 1.5 to 0.8 ms, on the demo's data and at scale alike. Repeated calls are cheap, so they
 * are warmed and timed long enough to compare the servers, not how warm they were.
 */
const CALLS = {
  repeated: { warmUp: 200, samples: 100 },
  afterChange: { warmUp: 5, samples: 30 },
} as const;
type Calls = (typeof CALLS)[keyof typeof CALLS];
const MAX_BYTES = 100 * 1024;
/** A call that takes longer is reported as such, and the screen's other calls are skipped. */
const CALL_LIMIT_MS = 10_000;
const SCREEN_BUDGET_MS = 20_000;
const WARM_UP_BUDGET_MS = 5_000;

interface Timing {
  median: number;
  p95: number;
  bytes: number;
}

/** The large building, written straight into the database (the server is stopped meanwhile). */
const SCALE_SQL = `
  insert into apartments (apartment_no, details, floor_no, block_name, rent)
  select 'S-' || g, '2 bedrooms, 1 bathroom, 820 sq ft.', 1 + g % 40, 'S' || g % 10,
    20000 + (g % 60) * 1000
  from generate_series(1, 10000) g;

  insert into users (email, display_name, role)
  select 'scale.member.' || g || '@example.com', 'Scale Member ' || g, 'member'
  from generate_series(1, 5000) g;

  insert into users (email, display_name, role)
  select 'scale.user.' || g || '@example.com', 'Scale User ' || g, 'user'
  from generate_series(1, 1000) g;

  insert into agreements (tenant_id, apartment_id, status, rent, start_date, end_date,
    term_months, rent_due_day, signed_at, checked_at)
  select u.id, a.id, 'accepted', a.rent, '2023-03-01', '2028-02-29', 60, 1,
    '2023-02-01', '2023-02-02'
  from (select id, row_number() over (order by email) n from users
        where email like 'scale.member.%') u
  join (select id, rent, row_number() over (order by apartment_no) n from apartments
        where apartment_no like 'S-%') a using (n);

  insert into agreements (tenant_id, apartment_id, status, rent, signed_at)
  select u.id, a.id, 'pending', a.rent, now() - (u.n || ' minutes')::interval
  from (select id, row_number() over (order by email) n from users
        where email like 'scale.user.%') u
  join (select id, rent, row_number() over (order by apartment_no desc) n from apartments
        where apartment_no like 'S-%') a using (n);

  insert into payments (transaction_id, user_id, agreement_id, billing_month, rent,
    amount_charged, currency, paid_at)
  select 'scale_' || g.id || '_' || m, g.tenant_id, g.id,
    ('2023-03-01'::date + (m || ' months')::interval)::date, g.rent, g.rent, 'bdt',
    '2023-03-02'::timestamptz + (m || ' months')::interval
  from agreements g
  join users u on u.id = g.tenant_id and u.email like 'scale.member.%'
  cross join generate_series(0, 39) m;

  insert into announcements (title, details, type, created_at)
  select 'Notice ' || g, 'The lifts in block ' || g % 10 || ' are serviced on Tuesday morning.',
    (array['member', 'user', 'all'])[1 + g % 3]::announcement_audience,
    now() - (g || ' minutes')::interval
  from generate_series(1, 20000) g;
`;

function start(env: Record<string, string>, port: number): ChildProcess {
  return spawnServer(port, {
    REQUESTS_PER_MINUTE: '100000000',
    // The jobs (lease closing, reminders) would write while the reads are timed.
    JOB_WORKERS: '0',
    ...env,
  });
}

/**
 * Every screen timed twice: calls repeated as they come (what the servers keep in memory answers
 * them, ADR 019), and calls each made just after a change is announced, so that nothing kept
 * answers them and each reads the database as the first read after a change does.
 */
interface ScreenTimings {
  repeated: Map<string, Timing>;
  afterChange: Map<string, Timing>;
}

async function timeScreens(url: string, databaseUrl: string): Promise<ScreenTimings> {
  const notifier = new pg.Client({ connectionString: databaseUrl });
  await notifier.connect();
  try {
    const repeated = await timeEach(url, CALLS.repeated, async () => undefined);
    const afterChange = await timeEach(url, CALLS.afterChange, async () => {
      // As a change committed elsewhere would: every kept answer and session is forgotten.
      await notifier.query(
        `select pg_notify('structomate_changed', 'who'), pg_notify('structomate_public_cache', 'all')`,
      );
      // The notice reaches the server's listening connection in well under this.
      await new Promise((resolve) => setTimeout(resolve, 25));
    });
    return { repeated, afterChange };
  } finally {
    await notifier.end();
  }
}

async function timeEach(
  url: string,
  calls: Calls,
  beforeCall: () => Promise<void>,
): Promise<Map<string, Timing>> {
  const cookies = {
    visitor: '',
    member: await login(url, 'member@structo.com', 'Member1234'),
    admin: await login(url, 'admin@structo.com', 'Admin1234'),
  };
  const timings = new Map<string, Timing>();
  for (const screen of screens) {
    const call = async () => {
      await beforeCall();
      const begun = performance.now();
      const response = await fetch(`${url}${screen.path}`, {
        signal: AbortSignal.timeout(CALL_LIMIT_MS),
        method: screen.method,
        headers: {
          'accept-encoding': 'identity',
          ...(screen.method === 'POST' ? { 'content-type': 'application/json' } : {}),
          ...(cookies[screen.as] ? { cookie: cookies[screen.as] } : {}),
        },
        ...(screen.method === 'POST' ? { body: JSON.stringify(screen.body ?? {}) } : {}),
      });
      const body = await response.arrayBuffer();
      const elapsed = performance.now() - begun;
      if (response.status !== 200) {
        throw new Error(`${screen.name}: ${response.status} ${Buffer.from(body).toString()}`);
      }
      return { elapsed, bytes: body.byteLength };
    };
    const samples = [];
    try {
      // A slow screen is warmed for a few seconds at most, and gets fewer samples (at least 3)
      // rather than minutes of them.
      const warming = performance.now();
      for (let warm = 0; warm < calls.warmUp; warm += 1) {
        await call();
        if (performance.now() - warming > WARM_UP_BUDGET_MS) break;
      }
      const begun = performance.now();
      for (let sample = 0; sample < calls.samples; sample += 1) {
        samples.push(await call());
        if (samples.length >= 3 && performance.now() - begun > SCREEN_BUDGET_MS) break;
      }
    } catch (error) {
      if (!(error instanceof DOMException && error.name === 'TimeoutError')) throw error;
      process.stdout.write(`  ${screen.name}: no answer within ${CALL_LIMIT_MS / 1000} s\n`);
      timings.set(screen.name, { median: Infinity, p95: Infinity, bytes: Infinity });
      continue;
    }
    process.stdout.write(`  timed ${screen.name}\n`);
    const sorted = samples.map((sample) => sample.elapsed).sort((a, b) => a - b);
    timings.set(screen.name, {
      median: sorted[Math.floor(sorted.length / 2)] ?? 0,
      p95: sorted[Math.ceil(sorted.length * 0.95) - 1] ?? 0,
      bytes: Math.max(...samples.map((sample) => sample.bytes)),
    });
  }
  return timings;
}

export async function scaleBench(databaseUrl: string | undefined, port: number) {
  if (!databaseUrl) {
    console.error(
      'npm run bench -- --scale runs on PostgreSQL: set DATABASE_URL (for example postgres://postgres@127.0.0.1:5432/test).',
    );
    process.exitCode = 2;
    return;
  }
  const dbName = `structomate_scale_${process.pid}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.query(`create database ${dbName}`);
  const target = new URL(databaseUrl);
  target.pathname = `/${dbName}`;
  const env = { DATABASE_URL: target.toString() };
  const url = `http://127.0.0.1:${port}`;
  try {
    let server = start(env, port);
    await waitFor(`${url}/readyz`, server, 'the server');
    const small = await timeScreens(url, env.DATABASE_URL);
    await stop(server);

    const began = performance.now();
    const database = new pg.Client({ connectionString: target.toString() });
    await database.connect();
    await database.query(SCALE_SQL);
    // What autovacuum does to a database that grew over years: statistics for the planner and the
    // visibility map that lets a query read an index alone (VACUUM runs outside a transaction,
    // so apart from the inserts).
    await database.query('vacuum analyze');
    const counts = await database.query<{ what: string; n: string }>(`
      select 'apartments' what, count(*)::text n from apartments
      union all select 'members', count(*)::text from users where role = 'member'
      union all select 'payments', count(*)::text from payments
      union all select 'pending requests', count(*)::text from agreements where status = 'pending'
      union all select 'announcements', count(*)::text from announcements`);
    await database.end();
    console.log(
      `\nnpm run bench -- --scale: PostgreSQL, seeded in ${((performance.now() - began) / 1000).toFixed(1)} s: ${counts.rows
        .map((row) => `${Number(row.n).toLocaleString('en-US')} ${row.what}`)
        .join(', ')}`,
    );

    server = start(env, port);
    await waitFor(`${url}/readyz`, server, 'the server');
    const large = await timeScreens(url, env.DATABASE_URL);
    await stop(server);

    const ms = (value: number) => `${value.toFixed(1)} ms`;
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    console.log(
      `\nMedian (p95) of sequential calls (fewer past ${SCREEN_BUDGET_MS / 1000} s): ${CALLS.repeated.samples} repeated as they come after ${CALLS.repeated.warmUp} to warm up, and ${CALLS.afterChange.samples} each just after a change is announced (nothing kept in memory answers it) after ${CALLS.afterChange.warmUp}; size of the answer uncompressed. Within 2× on both.\n`,
    );
    console.log(
      '| Screen (API call) | demo data | at scale | × | after a change: demo | at scale | × | size at scale | within 2× | ≤ 100 KB |',
    );
    console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | :---: | :---: |');
    let missed = 0;
    const within = (before: Timing, after: Timing) =>
      after.median <= Math.max(2 * before.median, before.median + 1);
    for (const screen of screens) {
      const before = small.repeated.get(screen.name);
      const after = large.repeated.get(screen.name);
      const freshBefore = small.afterChange.get(screen.name);
      const freshAfter = large.afterChange.get(screen.name);
      if (!before || !after || !freshBefore || !freshAfter) continue;
      const withinTwice = within(before, after) && within(freshBefore, freshAfter);
      const small100 = Math.max(after.bytes, freshAfter.bytes) <= MAX_BYTES;
      if (!withinTwice) missed += 1;
      if (!small100) missed += 1;
      console.log(
        `| ${screen.name} (\`${screen.method} ${screen.path}\`) | ${ms(before.median)} (${ms(before.p95)}) | ${ms(after.median)} (${ms(after.p95)}) | ${(after.median / before.median).toFixed(1)} | ${ms(freshBefore.median)} (${ms(freshBefore.p95)}) | ${ms(freshAfter.median)} (${ms(freshAfter.p95)}) | ${(freshAfter.median / freshBefore.median).toFixed(1)} | ${kb(Math.max(after.bytes, freshAfter.bytes))} | ${withinTwice ? 'PASS' : 'FAIL'} | ${small100 ? 'PASS' : 'FAIL'} |`,
      );
    }
    console.log(missed ? `\n${missed} target(s) missed.` : '\nEvery target met.');
    process.exitCode = missed ? 1 : 0;
  } finally {
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
}
