import { APARTMENT_CSV_COLUMNS, ErrorResponseSchema } from '@structomate/contract';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import fc from 'fast-check';
import type * as FastifyModule from 'fastify';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSession } from '../src/modules/auth/auth.service';
import { sendNotificationsJob } from '../src/modules/notifications/notifications.service';
import { buildTestApp, demoAccount, type DemoRole } from './build';
import { pngClaiming, testImage } from './images';
import { newPerson, renter } from './people';
import {
  isMethod,
  jsonSchemaOf,
  requestArb,
  type GeneratedRequest,
  type RequestContext,
  type RouteShape,
} from './request-arbitraries';

/**
 * Property-based tests of every route the app registers, as every kind of caller: whatever the
 * request (generated from the route's contract schemas, then broken in the ways a public API is
 * broken), the answer is never a 5xx, every refusal has the one error shape, and a refused
 * request changes no data.
 *
 * The seed is fixed (PROPERTIES_SEED overrides it), so a failure replays; fast-check prints the
 * seed, the path and the smallest request it shrank the failure to.
 *
 * The routes are shared out between test files (`properties-N.test.ts`), each calling
 * `routeProperties` for its share, so Vitest runs them on different cores: one file took ten
 * minutes on its own, the longest of the suite by far.
 */

interface RegisteredRoute {
  method: string;
  url: string;
  schema: { body?: unknown; querystring?: unknown; params?: unknown } | undefined;
}

// The app's own routes, as Fastify registers them: a new route is covered without listing it.
const registered = vi.hoisted(() => ({ routes: [] as RegisteredRoute[] }));
vi.mock('fastify', async (importOriginal) => {
  const actual = await importOriginal<typeof FastifyModule>();
  const fastify = new Proxy(actual.default, {
    apply(target, thisArg, args) {
      const app: FastifyInstance = Reflect.apply(target, thisArg, args);
      app.addHook('onRoute', (route) => {
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        for (const method of methods) {
          registered.routes.push({ method, url: route.url, schema: route.schema });
        }
      });
      return app;
    },
  });
  return { ...actual, default: fastify, fastify };
});

const BASE_SEED = Number(process.env.PROPERTIES_SEED ?? 16);
/** Requests per route and caller. */
const RUNS = 200;

type Caller = 'anonymous' | DemoRole;
const callers: Caller[] = ['anonymous', 'user', 'member', 'admin'];

const t = await buildTestApp({ demo: true });
afterAll(() => t.close());

// HEAD twins of GET routes (Fastify's exposeHeadRoutes) run the GET handler, and a HEAD answer
// has no body to carry the error shape: the GET route is tested instead.
const routes: RouteShape[] = registered.routes
  .filter((route) => route.method !== 'HEAD')
  .map((route) => {
    const method = route.method;
    if (!isMethod(method)) throw new Error(`No requests are generated for ${method} ${route.url}`);
    return {
      method,
      url: route.url,
      body: jsonSchemaOf(route.schema?.body),
      querystring: jsonSchemaOf(route.schema?.querystring),
      params: jsonSchemaOf(route.schema?.params),
    };
  });

// ---------------------------------------------------------------------------------------------
// Watching the data

/**
 * Tables a refused request may change, and why; every other table in these schemas is watched
 * (a table added later is watched without being listed).
 */
const WATCHED_SCHEMAS = ['public', 'pgboss'];
const MAY_CHANGE_WHEN_REFUSED: Record<string, string> = {
  // Throttling counts attempts that fail (a wrong password, an upload refused): counting them is
  // what makes a refusal effective, so a refused request is expected to bump its counter.
  'public.rate_limits': 'refused attempts are what rate limits count',
};
/**
 * Rows of a table left out of its checksum, and why. The notification wake-up
 * (`wakeOnNotices`) sends its job 100 ms after a request queued a notice, so that job can appear
 * while any later request is running; every other job must come from the request that sent it.
 */
const ROWS_NOT_WATCHED: Record<string, string> = {
  'pgboss.job': `name <> '${sendNotificationsJob.name}'`,
};

const rowsOf = async (text: string) => (await t.database.executeSql(text)).rows;
const field = (row: unknown, name: string): unknown =>
  row !== null && typeof row === 'object'
    ? Object.getOwnPropertyDescriptor(row, name)?.value
    : undefined;

const tableRows = await rowsOf(`
  select n.nspname as schema, c.relname as name from pg_class c
  join pg_namespace n on n.oid = c.relnamespace
  where n.nspname in (${WATCHED_SCHEMAS.map((s) => `'${s}'`).join(', ')})
    and c.relkind in ('r', 'p') and not c.relispartition
  order by 1, 2`);
const allTables = tableRows.map(
  (row) => `${String(field(row, 'schema'))}.${String(field(row, 'name'))}`,
);
const watchedTables = allTables.filter((table) => !(table in MAY_CHANGE_WHEN_REFUSED));

/**
 * Every write to a watched table (inserted, updated or deleted rows, truncation) draws a number
 * from a sequence, through triggers added to this test's database only. A sequence is not rolled back:
 * the number moves even when the request's transaction is undone, which only costs a checksum.
 * So when the number has not moved, no row of any table can have changed, and the checksums
 * (the costly part) are computed only after requests that wrote something.
 */
await t.database.executeSql(`
  create schema properties;
  create sequence properties.writes;
  select nextval('properties.writes');
  create function properties.count_write() returns trigger language plpgsql as $$
    begin perform nextval('properties.writes'); return null; end $$;
  ${watchedTables
    .map(
      (table) => `
  create trigger properties_rows after insert or update or delete on ${table}
    for each row execute function properties.count_write();
  create trigger properties_truncate after truncate on ${table}
    for each statement execute function properties.count_write();`,
    )
    .join('')}`);

const checksumQuery = `select ${watchedTables
  .map((table, index) => {
    const where = ROWS_NOT_WATCHED[table] ? `where ${ROWS_NOT_WATCHED[table]}` : '';
    return `(select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) from ${table} t ${where}) as c${index}`;
  })
  .join(', ')}`;

async function writesSoFar(): Promise<string> {
  const [row] = await rowsOf(`select last_value::text as n from properties.writes`);
  return String(field(row, 'n'));
}

async function checksums(): Promise<string[]> {
  const [row] = await rowsOf(checksumQuery);
  return watchedTables.map((_, index) => String(field(row, `c${index}`)));
}

/** The data as of the last request, updated after each one. */
class DataWatch {
  private constructor(
    private writes: string,
    private sums: string[],
  ) {}

  static async start(): Promise<DataWatch> {
    return new DataWatch(await writesSoFar(), await checksums());
  }

  /** The watched tables whose content differs from before the request just made. */
  async changed(): Promise<string[]> {
    const writes = await writesSoFar();
    if (writes === this.writes) return [];
    const sums = await checksums();
    const changed = watchedTables.filter((_, index) => sums[index] !== this.sums[index]);
    this.writes = writes;
    this.sums = sums;
    return changed;
  }
}

// ---------------------------------------------------------------------------------------------
// Callers and what generators may draw on

/**
 * The demo account of each role, or, when an earlier route changed it (an admin's generated
 * request may demote the member, a user may delete their account), a new account of that role.
 */
const standIns = new Map<DemoRole, string>();

async function hasRole(userId: string, role: DemoRole): Promise<boolean> {
  const [row] = await rowsOf(`
    select u.role::text as role, u.deleted_at is null as active,
      exists (select 1 from agreements a where a.tenant_id = u.id and a.status = 'accepted') as leased
    from users u where u.id = '${userId}'`);
  const ok = field(row, 'role') === role && field(row, 'active') === true;
  return role === 'member' ? ok && field(row, 'leased') === true : ok;
}

async function accountFor(role: DemoRole): Promise<string> {
  const email = demoAccount(role).email;
  const [demo] = await rowsOf(`select id::text as id from users where lower(email) = '${email}'`);
  const candidates = [field(demo, 'id'), standIns.get(role)].filter((id) => typeof id === 'string');
  for (const id of candidates) if (await hasRole(id, role)) return id;
  let id: string;
  if (role === 'member') {
    const [vacant] = await rowsOf(`
      select apartment_no from apartments p where not exists
        (select 1 from agreements a where a.apartment_id = p.id and a.status in ('accepted', 'pending'))
      order by apartment_no limit 1`);
    id = (await renter(t.database, String(field(vacant, 'apartment_no')))).id;
  } else {
    id = (await newPerson(t.app, t.database, role)).id;
  }
  standIns.set(role, id);
  return id;
}

const sessions = new Map<DemoRole, { token: string; cookie: string }>();

/** A signed-in session of this role, still valid (a generated request may have signed it out). */
async function sessionFor(caller: Caller): Promise<{ token?: string; cookie?: string }> {
  if (caller === 'anonymous') return {};
  const known = sessions.get(caller);
  if (known) {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/session',
      headers: { cookie: known.cookie },
    });
    const user = field(parsedBody(response), 'user');
    if (field(user, 'role') === caller) return known;
  }
  const { token } = await createSession(t.database.db, await accountFor(caller), 1, undefined);
  const session = { token, cookie: `sm_session=${token}` };
  sessions.set(caller, session);
  return session;
}

const idTables = await rowsOf(`
  select c.table_name as name from information_schema.columns c
  join information_schema.tables s using (table_schema, table_name)
  where c.table_schema = 'public' and c.column_name = 'id' and c.data_type = 'uuid'
    and s.table_type = 'BASE TABLE'
  order by 1`);

/** Real ids (a few of each table's), emails and file names, so requests find real rows. */
async function realValues(): Promise<Omit<RequestContext['pools'], 'token'>> {
  const ids = await rowsOf(
    idTables
      .map(
        (row) =>
          `(select id::text as id from public."${String(field(row, 'name'))}" order by id limit 3)`,
      )
      .join(' union all '),
  );
  const emails = await rowsOf(`select email from users order by email limit 6`);
  const images = await rowsOf(`select id from images order by id limit 3`);
  const photos = await rowsOf(`select id::text as id from maintenance_photos order by id limit 3`);
  return {
    uuids: ids.map((row) => String(field(row, 'id'))),
    emails: emails.map((row) => String(field(row, 'email'))),
    files: [...images, ...photos].map((row) => `${String(field(row, 'id'))}.webp`),
  };
}

const images = [
  await testImage('png', { width: 16, height: 16 }),
  await testImage('webp', { width: 16, height: 16 }),
  await pngClaiming(100_000, 100_000),
];

// ---------------------------------------------------------------------------------------------
// The properties

const clip = (text: string, max = 400) =>
  text.length > max ? `${text.slice(0, max)}… (${text.length} characters)` : text;

/** The body as the client reads it: decompressed when the answer was (`accept-encoding`). */
function bodyText(response: LightMyRequestResponse): string {
  const encoding = response.headers['content-encoding'];
  const raw = response.rawPayload;
  if (encoding === 'br') return brotliDecompressSync(raw).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(raw).toString('utf8');
  if (encoding === 'deflate') return inflateSync(raw).toString('utf8');
  return response.body;
}

function parsedBody(response: LightMyRequestResponse): unknown {
  try {
    return JSON.parse(bodyText(response));
  } catch {
    return undefined;
  }
}

/** A 32-bit seed of its own for each route and caller, from the base seed. */
function seedOf(name: string): number {
  let hash = 0x811c9dc5 ^ BASE_SEED;
  for (const char of name) hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 0x01000193);
  return hash | 0;
}

function send(request: GeneratedRequest): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: request.method,
    url: request.url,
    headers: request.headers,
    payload: request.payload,
    remoteAddress: request.remoteAddress,
  });
}

// Leases whose last day has passed close on the admin's first request; that is the clock's
// doing, not a request's, so it happens before the properties watch.
await t.app.inject({
  method: 'GET',
  url: '/api/session',
  headers: { cookie: (await sessionFor('admin')).cookie ?? '' },
});

/**
 * The properties of this file's share of the routes: part `part` of `parts`, every `parts`-th
 * route in the order Fastify registered them (uploads and plain reads spread across the parts).
 */
export async function routeProperties({ part, parts }: { part: number; parts: number }) {
  const share = routes.filter((_, index) => index % parts === part - 1);

  describe('every route the app registers', () => {
    it('includes every route of the access table', () => {
      const tested = routes.map((route) => `${route.method} ${route.url}`);
      const declared = t.app.accessTable.map((route) => `${route.method} ${route.url}`);
      expect(declared.length).toBeGreaterThan(50);
      expect(tested).toEqual(expect.arrayContaining(declared));
    });
  });

  // One watch for the whole file: setting up a test (a session, rate limits cleared) is allowed to
  // write, so the watch takes those writes in before each property starts.
  const watch = await DataWatch.start();

  for (const route of share) {
    describe(`${route.method} ${route.url}`, () => {
      let real: Omit<RequestContext['pools'], 'token'>;
      beforeAll(async () => {
        real = await realValues();
      });

      for (const caller of callers) {
        it(`as ${caller}: no 5xx, refusals in the error shape, and nothing changed by one`, async () => {
          // Each route starts unthrottled: limits spent on earlier routes would hide this one.
          await t.database.executeSql('delete from rate_limits');
          const session = await sessionFor(caller);
          const context: RequestContext = {
            pools: { ...real, token: session.token },
            cookie: session.cookie,
            images,
            csvColumns: APARTMENT_CSV_COLUMNS,
          };
          await watch.changed();
          await fc.assert(
            fc.asyncProperty(requestArb(route, context), async (request) => {
              const response = await send(request);
              const changed = await watch.changed();
              const status = response.statusCode;
              const answer = `${status} ${clip(bodyText(response))}`;
              if (status >= 500) throw new Error(`answered ${answer}`);
              if (status < 400) return;
              const shape = ErrorResponseSchema.safeParse(parsedBody(response));
              if (!shape.success) throw new Error(`refusal not in the error shape: ${answer}`);
              if (changed.length) {
                throw new Error(`refused (${answer}), yet changed ${changed.join(', ')}`);
              }
            }),
            { numRuns: RUNS, seed: seedOf(`${route.method} ${route.url} as ${caller}`) },
          );
        }, 300_000);
      }
    });
  }
}
