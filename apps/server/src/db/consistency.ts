import { readFileSync } from 'node:fs';
import path from 'node:path';
import { is } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { rowsOf } from '../lib/sql-rows';
import type { DatabaseHandle } from './client';
import * as schema from './schema';
import { migrationsFolder } from '../paths';

/**
 * What a restore could break, checked on the restored database: the migrations it carries against
 * the code's, every table, index, constraint and trigger the code relies on (present and valid: a
 * unique index that could not be built means its rule no longer holds), the rules those stand for,
 * read from the data itself, and the rows of every table (compare them with the backup's).
 */

/** Anything that runs one SQL statement without parameters. */
type RunSql = (text: string) => Promise<{ rows: unknown[] }>;

export interface CheckLine {
  ok: boolean;
  text: string;
}

export interface ConsistencyReport {
  ok: boolean;
  lines: CheckLine[];
  rowCounts: Record<string, number>;
}

const CountRow = z.object({ n: z.number().int() });
const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;
/** PostgreSQL keeps the first 63 bytes of a name (Drizzle's long foreign key names are cut). */
const storedName = (name: string) => Buffer.from(name).subarray(0, 63).toString('utf8');

async function count(run: RunSql, text: string): Promise<number> {
  const [row] = rowsOf(CountRow, await run(text));
  return row?.n ?? 0;
}

export type MigrationState =
  | { status: 'current'; applied: number }
  /** The backup predates the code's last migrations: starting the server would apply them. */
  | { status: 'behind'; applied: number; pending: number }
  | { status: 'diverged'; reason: string };

/** The database's migrations (Drizzle's journal) against the code's `apps/server/drizzle`. */
export async function migrationState(run: RunSql): Promise<MigrationState> {
  const known = readMigrationFiles({ migrationsFolder });
  const hasTable = await count(
    run,
    `select count(*)::int as n from pg_tables
      where schemaname = 'drizzle' and tablename = '__drizzle_migrations'`,
  );
  if (hasTable === 0) return { status: 'diverged', reason: 'it has no migrations table' };
  const applied = rowsOf(
    z.object({ hash: z.string(), created_at: z.coerce.number() }),
    await run('select hash, created_at from drizzle.__drizzle_migrations order by created_at, id'),
  );
  if (applied.length > known.length) {
    return {
      status: 'diverged',
      reason: `it has ${applied.length} migrations, the code ${known.length} (made by a newer version?)`,
    };
  }
  for (const [index, row] of applied.entries()) {
    const expected = known[index];
    if (!expected || expected.hash !== row.hash || expected.folderMillis !== row.created_at) {
      return { status: 'diverged', reason: `migration ${index} differs from the code's` };
    }
  }
  return applied.length === known.length
    ? { status: 'current', applied: applied.length }
    : { status: 'behind', applied: applied.length, pending: known.length - applied.length };
}

/** Row counts of every table in every schema of ours (public, Drizzle's journal, the job engine). */
export async function rowCounts(run: RunSql): Promise<Record<string, number>> {
  const tables = rowsOf(
    z.object({ schema: z.string(), name: z.string() }),
    await run(
      `select n.nspname as schema, c.relname as name
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p')
          and n.nspname not in ('pg_catalog', 'information_schema')
          and n.nspname not like 'pg\\_%'
        order by n.nspname = 'public' desc, n.nspname, c.relname`,
    ),
  );
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const label = table.schema === 'public' ? table.name : `${table.schema}.${table.name}`;
    counts[label] = await count(
      run,
      `select count(*)::int as n from ${quote(table.schema)}.${quote(table.name)}`,
    );
  }
  return counts;
}

const tables = Object.values(schema).flatMap((value: unknown) =>
  is(value, PgTable) ? [getTableConfig(value)] : [],
);

/** Triggers the migrations create (and do not drop again): they enforce rules the schema cannot. */
function migrationTriggers(): string[] {
  const journal = z
    .object({ entries: z.array(z.object({ tag: z.string() })) })
    .parse(JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')));
  const triggers = new Set<string>();
  for (const { tag } of journal.entries) {
    const text = readFileSync(path.join(migrationsFolder, `${tag}.sql`), 'utf8');
    for (const match of text.matchAll(
      /\b(create|drop)\s+trigger\s+(?:if\s+exists\s+)?"?(\w+)"?/gi,
    )) {
      const [, verb, name] = match;
      if (!name) continue;
      if (verb?.toLowerCase() === 'create') triggers.add(name);
      else triggers.delete(name);
    }
  }
  return [...triggers];
}

/** Every table, index, constraint and trigger the code declares: present, and valid. */
async function checkSchemaObjects(run: RunSql): Promise<CheckLine> {
  const present = rowsOf(
    z.object({ kind: z.string(), name: z.string(), valid: z.boolean() }),
    await run(
      `select 'table' as kind, c.relname::text as name, true as valid
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p')
       union all
       select 'index', c.relname, i.indisvalid and i.indisready
         from pg_index i join pg_class c on c.oid = i.indexrelid
         join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public'
       union all
       select 'constraint', t.relname || '.' || k.conname, k.convalidated
         from pg_constraint k join pg_class t on t.oid = k.conrelid
         join pg_namespace n on n.oid = t.relnamespace
        where n.nspname = 'public'
       union all
       select 'primary key', t.relname, true
         from pg_constraint k join pg_class t on t.oid = k.conrelid
         join pg_namespace n on n.oid = t.relnamespace
        where n.nspname = 'public' and k.contype = 'p'
       union all
       select 'trigger', g.tgname, g.tgenabled <> 'D'
         from pg_trigger g join pg_class t on t.oid = g.tgrelid
         join pg_namespace n on n.oid = t.relnamespace
        where n.nspname = 'public' and not g.tgisinternal`,
    ),
  );
  const found = new Map(present.map((row) => [`${row.kind} ${row.name}`, row.valid]));

  const expected: string[] = [];
  for (const table of tables) {
    expected.push(`table ${table.name}`);
    for (const index of table.indexes)
      expected.push(`index ${storedName(index.config.name ?? '')}`);
    const constraints = [
      ...table.checks.map((check) => check.name),
      ...table.foreignKeys.map((key) => key.getName()),
      ...table.primaryKeys.map((key) => key.getName()),
      ...table.uniqueConstraints.flatMap((unique) => unique.getName() ?? []),
      ...table.columns.flatMap((column) =>
        column.isUnique && column.uniqueName ? [column.uniqueName] : [],
      ),
    ];
    for (const name of constraints) expected.push(`constraint ${table.name}.${storedName(name)}`);
    if (table.primaryKeys.length > 0 || table.columns.some((column) => column.primary)) {
      expected.push(`primary key ${table.name}`);
    }
  }
  const triggers = migrationTriggers();
  for (const trigger of triggers) expected.push(`trigger ${trigger}`);

  const missing = expected.filter((object) => found.get(object) === undefined);
  const invalid = expected.filter((object) => found.get(object) === false);
  const problems = [
    ...missing.map((object) => `${object} is missing`),
    ...invalid.map((object) => `${object} is not valid`),
  ];
  return problems.length === 0
    ? {
        ok: true,
        text: `schema: all ${tables.length} tables, their indexes and constraints, and ${triggers.length} triggers are in place`,
      }
    : { ok: false, text: `schema: ${problems.join('; ')}` };
}

/** The building's rules, read from the data (the indexes above stand for them; this reads them). */
const invariants: { rule: string; violations: string }[] = [
  {
    rule: 'one payment per member and month',
    violations: `select count(*)::int as n from (select 1 from payments
      group by user_id, billing_month having count(*) > 1) d`,
  },
  {
    rule: 'one payment per transaction id',
    violations: `select count(*)::int as n from (select 1 from payments
      group by transaction_id having count(*) > 1) d`,
  },
  {
    rule: 'a coupon used once per member',
    violations: `select count(*)::int as n from (select 1 from payments where coupon_id is not null
      group by coupon_id, user_id having count(*) > 1) d`,
  },
  {
    rule: 'one open, processing or paid intent per member and month',
    violations: `select count(*)::int as n from (select 1 from payment_intents
      where status in ('open', 'processing', 'succeeded')
      group by user_id, billing_month having count(*) > 1) d`,
  },
  {
    rule: 'one accepted lease per apartment (no two leases overlap)',
    violations: `select count(*)::int as n from (select 1 from agreements where status = 'accepted'
      group by apartment_id having count(*) > 1) d`,
  },
  {
    rule: 'one accepted lease and one pending request per tenant',
    violations: `select count(*)::int as n from (select 1 from agreements
      where status in ('accepted', 'pending') group by tenant_id, status having count(*) > 1) d`,
  },
  {
    rule: 'no deposit refunded or paid as rent beyond what was received',
    violations: `select count(*)::int as n from (select 1 from (
        select agreement_id,
          case when kind in ('received', 'refund_undone') then -amount else amount end as given
        from deposit_entries
        union all
        select agreement_id, rent - discount from payments where method = 'deposit') m
      group by agreement_id having sum(given) > 0) d`,
  },
];

/** Rows whose reference (every foreign key the code declares) points at nothing. */
async function checkReferences(run: RunSql): Promise<CheckLine> {
  const broken: string[] = [];
  let checked = 0;
  for (const table of tables) {
    for (const key of table.foreignKeys) {
      const reference = key.reference();
      const parent = getTableConfig(reference.foreignTable).name;
      const columns = reference.columns.map((column) => quote(column.name));
      const matches = reference.foreignColumns
        .map((column, i) => `p.${quote(column.name)} = c.${columns[i] ?? ''}`)
        .join(' and ');
      const orphans = await count(
        run,
        `select count(*)::int as n from ${quote(table.name)} c
          where ${columns.map((column) => `c.${column} is not null`).join(' and ')}
            and not exists (select 1 from ${quote(parent)} p where ${matches})`,
      );
      checked += 1;
      if (orphans > 0) {
        const names = reference.columns.map((column) => column.name).join(', ');
        broken.push(`${orphans} ${table.name} rows name a missing ${parent} (${names})`);
      }
    }
  }
  return broken.length === 0
    ? { ok: true, text: `every reference resolves (${checked} foreign keys)` }
    : { ok: false, text: `references: ${broken.join('; ')}` };
}

function describeMigrations(state: MigrationState): CheckLine {
  switch (state.status) {
    case 'current':
      return { ok: true, text: `migrations: ${state.applied} applied, as in the code` };
    case 'behind':
      return {
        ok: false,
        text: `migrations: ${state.applied} applied, ${state.pending} of the code's not yet`,
      };
    case 'diverged':
      return { ok: false, text: `migrations: do not match the code: ${state.reason}` };
  }
}

/** The whole check; `ok` when every line is. */
export async function checkConsistency(database: DatabaseHandle): Promise<ConsistencyReport> {
  const run: RunSql = (text) => database.executeSql(text);
  const migrations = await migrationState(run);
  const lines = [describeMigrations(migrations)];
  // Without the code's schema, the rest would only report the same mismatch table by table.
  if (migrations.status === 'current') {
    lines.push(await checkSchemaObjects(run));
    for (const { rule, violations } of invariants) {
      const n = await count(run, violations);
      lines.push(n === 0 ? { ok: true, text: rule } : { ok: false, text: `${rule}: ${n} broken` });
    }
    lines.push(await checkReferences(run));
  }
  return { ok: lines.every((line) => line.ok), lines, rowCounts: await rowCounts(run) };
}

/** The report as printed by `npm run restore`. */
export function formatReport(report: ConsistencyReport): string {
  const counts = Object.entries(report.rowCounts)
    .map(([table, n]) => `${table} ${n}`)
    .join(', ');
  return [
    'consistency check:',
    ...report.lines.map((line) => `  ${line.ok ? 'ok  ' : 'FAIL'} ${line.text}`),
    `  rows: ${counts}`,
    report.ok ? 'consistency check passed' : 'consistency check FAILED',
  ].join('\n');
}
