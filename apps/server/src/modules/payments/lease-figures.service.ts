import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { calendarDay } from '../../lib/clock';
import { lockNotAvailable } from '../../lib/db-errors';
import { rowsOf } from '../../lib/sql-rows';
import { chargesOwedSql } from './charges.service';
import { depositsHeldSql } from './deposits.service';
import { billedMonths, owedSql, rentChangesIn, type BillingRules } from './ledger.service';
import { dayReceived } from './rent-collected.service';

/**
 * What each lease owes, kept for the day (ADR 016): the figures the ledger's billed months give a
 * lease (first month, first unpaid, last paid, what is owed today (owedSql) and how many months,
 * how many are overdue), worked out once and read again while the person's money and the day
 * have not changed. The billed months stay the one source of what is owed; `lease_figures` only
 * remembers their result, beside what the rent roll sorts and totals by (ADR 018). Triggers give
 * a person a new version with any change to their payments, leases, lease rents, deposits,
 * charges or their apartments' numbers, and write it into their leases' rows as `latest`; a kept
 * figure is read only with today's day, these rules and `version` equal to `latest` (`up_to_date`).
 */

/**
 * The billing rules as kept figures record them: figures worked out under others are not read.
 * The last part names how the ledger counts what is owed: change it when that changes, so
 * figures kept earlier in the day by the older code are worked out again.
 */
const rulesKey = (rules: BillingRules) =>
  `due ${rules.dueDay}, grace ${rules.graceDays}, ${rules.timeZone}, from ${rules.leaseStart}, ` +
  'owed from the lease start, due from acceptance, none if ended before the start, ' +
  'deposit less rent paid from it, entries undone, charges cancelled';

/**
 * What the roll sorts, totals and shows, of a lease `a` with its apartment `ap`, its rent changes
 * `rc` for this month, deposit held `dh`, charges owed `co` and last payment `lp`.
 */
const ROLL_COLUMNS_OF_LEASE = sql`ap.apartment_no, a.status, a.start_date,
  coalesce(rc.rent, a.rent) as rent, coalesce(dh.held, 0) as deposit_held,
  coalesce(co.owed, 0) as charges_owed, lp.on_day as last_payment_on,
  lp.amount as last_payment_amount`;

/** The columns of a lease's figures, as `leaseFigures` answers them, of the figures `f`. */
const FIGURE_COLUMNS = sql`f.agreement_id, f.tenant_id, f.first_month, f.first_unpaid, f.last_paid,
  f.balance, f.owed_months, f.overdue_months, f.apartment_no, f.status, f.start_date, f.rent,
  f.deposit_held, f.charges_owed, f.last_payment_on, f.last_payment_amount`;

/**
 * Whether the kept figures `f` hold now: today's, under these rules, and of the latest version
 * (`up_to_date`, `version = latest` as a column the planner has statistics of).
 */
const holds = (rules: BillingRules, today: string) =>
  sql`f.computed_for = ${today}::date and f.rules = ${rulesKey(rules)} and f.up_to_date`;

/** A list of ids as one uuid[] parameter. */
const uuids = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/**
 * The figures of every lease of the people named, worked out from the ledger's billed months,
 * with what the roll sorts and totals by. A person's leases are worked out together: a month two
 * of their leases share is billed to the earlier.
 */
function workedOut(rules: BillingRules, today: string, tenantIds: readonly string[]): SQL {
  const thisMonth = `${today.slice(0, 7)}-01`;
  const billed = billedMonths(rules, today, sql`a.tenant_id = any(${uuids(tenantIds)})`);
  return sql`(
    with billed as (${billed}),
    per_lease as (
      select b.agreement_id,
        min(b.month) as first_month,
        min(b.month) filter (where b.transaction_id is null) as first_unpaid,
        max(b.month) filter (where b.transaction_id is not null) as last_paid,
        coalesce(sum(b.rent) filter (where ${owedSql(today)}), 0) as balance,
        count(*) filter (where ${owedSql(today)}) as owed_months,
        count(*) filter (
          where b.transaction_id is null
            and greatest(b.month + (b.due_day - 1), b.granted_on) + b.grace_days < ${today}::date
        ) as overdue_months
      from billed b
      group by b.agreement_id
    )
    select a.id as agreement_id, a.tenant_id, pl.first_month, pl.first_unpaid, pl.last_paid,
      coalesce(pl.balance, 0) as balance, coalesce(pl.owed_months, 0) as owed_months,
      coalesce(pl.overdue_months, 0) as overdue_months, ${ROLL_COLUMNS_OF_LEASE}
    from agreements a
    join apartments ap on ap.id = a.apartment_id
    left join per_lease pl on pl.agreement_id = a.id
    left join ${rentChangesIn(sql`${thisMonth}::date`)} rc on rc.agreement_id = a.id
    left join ${depositsHeldSql} dh on dh.agreement_id = a.id
    left join ${chargesOwedSql} co on co.agreement_id = a.id
    -- The lease's latest payment by the building's day the money came: received (paid by hand)
    -- or charged (card).
    left join lateral (
      select ${dayReceived(rules.timeZone)} as on_day, rent - discount as amount
      from payments where agreement_id = a.id
      order by 1 desc, paid_at desc limit 1
    ) lp on true
    where a.status in ('accepted', 'ended') and a.tenant_id = any(${uuids(tenantIds)})
  )`;
}

/**
 * The people with a lease whose kept figures do not hold now (of those named in `within`, if
 * given): none kept, or kept for another day, under other rules, or from before the person's
 * latest change.
 */
export async function staleTenants(
  db: Database,
  rules: BillingRules,
  today: string,
  within?: readonly string[],
): Promise<string[]> {
  const result = await db.execute(sql`
    select distinct a.tenant_id::text as "tenantId" from agreements a
    left join lease_figures f on f.agreement_id = a.id
    where a.status in ('accepted', 'ended') and (f.agreement_id is null
      or not (${holds(rules, today)}) or f.tenant_id <> a.tenant_id)
      ${within ? sql`and a.tenant_id = any(${uuids(within)})` : sql``}
    order by 1`);
  return rowsOf(z.object({ tenantId: z.string() }), result).map((row) => row.tenantId);
}

/**
 * Works out again and keeps the figures of the people named (everyone's, the first time on a new
 * day). One statement: the figures and the versions they are stamped with come from one
 * snapshot. A person whose money changes meanwhile has had their new version written into their
 * rows' `latest` (a row made for a lease with none), and a row keeps the later of its `latest`
 * and ours, so figures from before the change are kept with an older version, and never read.
 * Rows are written in agreement order.
 *
 * Keeping is only a saving, so it never waits long for a row another transaction holds: a
 * change to someone's money locks their rows from its triggers, perhaps in another order, in a
 * transaction of several statements (accepting a lease ends the last tenant's first), and
 * another admin may be keeping the same rows. After `KEEP_LOCK_WAIT` the keeping gives up and
 * keeps nothing; the reader works out, in its own snapshot, whatever does not hold. So a
 * keeping and a change never deadlock, which would fail one of them: the keeping gives way.
 */
const KEEP_LOCK_WAIT = '100ms';

async function keepFigures(
  db: Database,
  rules: BillingRules,
  today: string,
  tenantIds: readonly string[],
): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const [before] = rowsOf(
        z.object({ wait: z.string() }),
        await tx.execute(sql`select current_setting('lock_timeout') as wait`),
      );
      await tx.execute(sql`select set_config('lock_timeout', ${KEEP_LOCK_WAIT}, true)`);
      await tx.execute(keepStatement(rules, today, tenantIds));
      // Inside a caller's transaction this is a savepoint, whose release would keep the short
      // wait for the caller's later statements (an account deletion's): it is put back. (A
      // keeping that gave up is rolled back to the savepoint, and the setting with it.)
      await tx.execute(sql`select set_config('lock_timeout', ${before?.wait ?? '0'}, true)`);
    });
  } catch (error) {
    if (!lockNotAvailable(error)) throw error;
  }
}

/** The one statement that keeps the figures of the people named. */
function keepStatement(rules: BillingRules, today: string, tenantIds: readonly string[]): SQL {
  return sql`
    insert into lease_figures (agreement_id, tenant_id, computed_for, rules, version, latest,
      first_month, first_unpaid, last_paid, balance, owed_months, overdue_months, apartment_no,
      status, start_date, rent, deposit_held, charges_owed, last_payment_on, last_payment_amount)
    select w.agreement_id, w.tenant_id, ${today}::date, ${rulesKey(rules)},
      coalesce(v.version, 0), coalesce(v.version, 0), w.first_month, w.first_unpaid, w.last_paid,
      w.balance, w.owed_months, w.overdue_months, w.apartment_no, w.status, w.start_date, w.rent,
      w.deposit_held, w.charges_owed, w.last_payment_on, w.last_payment_amount
    from ${workedOut(rules, today, tenantIds)} w
    left join tenant_money_versions v on v.tenant_id = w.tenant_id
    order by w.agreement_id
    on conflict (agreement_id) do update set tenant_id = excluded.tenant_id,
      computed_for = excluded.computed_for, rules = excluded.rules, version = excluded.version,
      latest = greatest(lease_figures.latest, excluded.latest),
      first_month = excluded.first_month, first_unpaid = excluded.first_unpaid,
      last_paid = excluded.last_paid, balance = excluded.balance,
      owed_months = excluded.owed_months, overdue_months = excluded.overdue_months,
      apartment_no = excluded.apartment_no, status = excluded.status,
      start_date = excluded.start_date, rent = excluded.rent,
      deposit_held = excluded.deposit_held, charges_owed = excluded.charges_owed,
      last_payment_on = excluded.last_payment_on,
      last_payment_amount = excluded.last_payment_amount`;
}

/** Keeps the figures of everyone (of those named in `within`) whose kept figures do not hold now. */
export async function keepStaleFigures(
  db: Database,
  rules: BillingRules,
  today: string,
  within?: readonly string[],
): Promise<void> {
  const stale = await staleTenants(db, rules, today, within);
  if (stale.length > 0) await keepFigures(db, rules, today, stale);
}

/**
 * Brings the planner's statistics of the kept figures to today (ANALYZE) when they lead it to
 * expect fewer than half of the figures of today that there are. The day's first keeping gives
 * every row a new day while the statistics still say every figure is of yesterday: the planner
 * then expects none to hold, and sorts every lease for a page of the rent roll instead of
 * reading the page in index order. So do statistics taken while only a few people's figures were
 * today's (autovacuum's, or a new building's before its first roll): they name today, for a
 * handful of rows. Counted, not read as a share of the table: the rows of requests refused or
 * still pending are never of any day. Autovacuum would come by in time on PostgreSQL; the
 * embedded database runs none. Called after a roll kept figures: it reads pg_stats and counts
 * today's figures (about a millisecond at 5,000 leases), and once the statistics are right it
 * takes none. (A building with one lease takes them each time: a value seen once is never
 * among the most common. Its table has a row or two.)
 *
 * Only a saving, like keeping: it waits no longer than KEEP_LOCK_WAIT for the table (another
 * server's ANALYZE, a VACUUM) and then gives up. Not for a caller's transaction, which would hold
 * the table's lock until it ends.
 */
export async function refreshFigureStatistics(db: Database, today: string): Promise<void> {
  // What the planner expects of today's figures: the share pg_stats gives today (none when it
  // names another day, or none) of the rows the table had when last analysed (-1 before then).
  const [known] = rowsOf(
    z.object({ known: z.boolean() }),
    await db.execute(sql`
      select coalesce((
          select s.most_common_freqs[
            array_position(s.most_common_vals::text::date[], ${today}::date)]
          from pg_stats s
          where s.schemaname = current_schema() and s.tablename = 'lease_figures'
            and s.attname = 'computed_for'
          limit 1
        ), 0)::float8 * greatest(c.reltuples, 0)
        >= (select count(*) from lease_figures f where f.computed_for = ${today}::date) / 2.0
        as known
      from pg_class c
      where c.oid = 'lease_figures'::regclass`),
  );
  if (known?.known) return;
  try {
    await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('lock_timeout', ${KEEP_LOCK_WAIT}, true)`);
      await tx.execute(sql`analyze lease_figures`);
    });
  } catch (error) {
    if (!lockNotAvailable(error)) throw error;
  }
}

/**
 * Every lease's figures as a query (`agreement_id`, `tenant_id`, `first_month`, `first_unpaid`,
 * `last_paid`, `balance`, `owed_months`, `overdue_months`, and the roll's `apartment_no`,
 * `status`, `start_date`, `rent`, `deposit_held`, `charges_owed`, `last_payment_on`,
 * `last_payment_amount`): the kept figures, and for the people
 * named `stale` (found in the same snapshot: their money changed since theirs were kept), worked
 * out here.
 */
export function leaseFigures(rules: BillingRules, today: string, stale: readonly string[]): SQL {
  const kept = sql`select ${FIGURE_COLUMNS} from lease_figures f where ${holds(rules, today)}`;
  if (stale.length === 0) return kept;
  return sql`${kept} and not f.tenant_id = any(${uuids(stale)})
    union all
    select ${FIGURE_COLUMNS} from ${workedOut(rules, today, stale)} f`;
}

/** Statements that read one snapshot (the kept figures checked and read alike). */
export const ONE_SNAPSHOT = { isolationLevel: 'repeatable read', accessMode: 'read only' } as const;

/**
 * Unpaid rent up to and including this month (due or overdue), per person named who owes any:
 * the sum of their leases' figures.
 */
export async function balancesOf(
  db: Database,
  rules: BillingRules,
  now: Date,
  userIds: readonly string[],
): Promise<Map<string, { owedMonths: number; owedAmount: number }>> {
  if (userIds.length === 0) return new Map();
  const today = calendarDay(now, rules.timeZone);
  await keepStaleFigures(db, rules, today, userIds);
  const result = await db.transaction(async (tx) => {
    const stale = await staleTenants(tx, rules, today, userIds);
    return tx.execute(sql`
      select f.tenant_id::text as "tenantId", sum(f.owed_months) as "owedMonths",
        sum(f.balance) as "owedAmount"
      from (${leaseFigures(rules, today, stale)}) f
      where f.tenant_id = any(${uuids(userIds)})
      group by f.tenant_id
      having sum(f.owed_months) > 0`);
  }, ONE_SNAPSHOT);
  return new Map(
    rowsOf(
      z.object({
        tenantId: z.string(),
        owedMonths: z.coerce.number().int(),
        owedAmount: z.coerce.number().int(),
      }),
      result,
    ).map((row) => [row.tenantId, { owedMonths: row.owedMonths, owedAmount: row.owedAmount }]),
  );
}
