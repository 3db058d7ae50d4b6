import {
  addMonths,
  type RentRollPage,
  type RentRollQuery,
  type RentRollRow,
  type RentRollSort,
  type RentRollTotals,
} from '@structomate/contract';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { calendarDay } from '../../lib/clock';
import { likePattern } from '../../lib/like-pattern';
import { chargesOwedSql } from './charges.service';
import { depositsHeldSql } from './deposits.service';
import { rowsOf } from '../../lib/sql-rows';
import {
  keepStaleFigures,
  leaseFigures,
  ONE_SNAPSHOT,
  staleTenants,
} from './lease-figures.service';
import { rentChangesIn, type BillingRules } from './ledger.service';

/**
 * The rent roll: every lease that was ever granted, current and former, with its rent now, the
 * month it is paid through, what it owes today, its last payment and the deposit held. The
 * ledger's billed months are the one source of what is owed; filters, search, order, paging and
 * totals all happen in SQL. What the billed months give each lease is kept (lease_figures) and
 * read again while the person's money and the day have not changed (ADR 016).
 */
type Filters = Required<Pick<RentRollQuery, 'filter' | 'sort'>> & Pick<RentRollQuery, 'q'>;

const RowSchema = z.object({
  leaseId: z.string(),
  tenantId: z.string(),
  tenantName: z.string(),
  tenantEmail: z.string(),
  apartmentNo: z.string(),
  status: z.enum(['accepted', 'ended']),
  rent: z.coerce.number().int(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  endsOn: z.string().nullable(),
  firstMonth: z.string().nullable(),
  firstUnpaid: z.string().nullable(),
  lastPaid: z.string().nullable(),
  balance: z.coerce.number().int(),
  overdueMonths: z.coerce.number().int(),
  depositHeld: z.coerce.number().int(),
  chargesOwed: z.coerce.number().int(),
});

const TotalsSchema = z.object({
  totalLeases: z.coerce.number().int(),
  totalMonthlyRent: z.coerce.number().int(),
  totalBalance: z.coerce.number().int(),
  totalDepositHeld: z.coerce.number().int(),
  totalChargesOwed: z.coerce.number().int(),
});

/** A page's row, carrying the totals of everything that matches. */
const PageRowSchema = RowSchema.extend(TotalsSchema.shape);

/** The totals of the roll `r`: aggregates, or with `over ()` window aggregates on each row. */
const totalsColumns = (over: SQL) => sql`count(*) ${over} as "totalLeases",
  coalesce(sum(r.rent) filter (where r.status = 'accepted') ${over}, 0) as "totalMonthlyRent",
  coalesce(sum(r.balance) ${over}, 0) as "totalBalance",
  coalesce(sum(r."depositHeld") ${over}, 0) as "totalDepositHeld",
  coalesce(sum(r."chargesOwed") ${over}, 0) as "totalChargesOwed"`;

const toTotals = (row: z.infer<typeof TotalsSchema>): RentRollTotals => ({
  leases: row.totalLeases,
  monthlyRent: row.totalMonthlyRent,
  balance: row.totalBalance,
  depositHeld: row.totalDepositHeld,
  chargesOwed: row.totalChargesOwed,
});

const orderBy: Record<RentRollSort, SQL> = {
  apartment: sql`r."apartmentNo", r.status_order, r."startDate" desc nulls last, r."leaseId"`,
  tenant: sql`lower(r."tenantName"), r."tenantEmail", r."startDate" desc nulls last, r."leaseId"`,
  balance: sql`r.balance desc, r."apartmentNo", r."leaseId"`,
};

/**
 * Every matching lease's figures, as a subquery `r`: the kept figures, and for the people named
 * `stale` (whose money changed since theirs were kept), worked out here.
 */
function rollRows(
  rules: BillingRules,
  today: string,
  filters: Filters,
  stale: readonly string[],
): SQL {
  const thisMonth = `${today.slice(0, 7)}-01`;
  const search = filters.q
    ? sql`and (u.display_name ilike ${likePattern(filters.q)} or u.email ilike ${likePattern(filters.q)}
        or ap.apartment_no ilike ${likePattern(filters.q)})`
    : sql``;
  const status =
    filters.filter === 'current'
      ? sql`and a.status = 'accepted'`
      : filters.filter === 'former'
        ? sql`and a.status = 'ended'`
        : sql``;
  const leases = sql`a.status in ('accepted', 'ended') ${status}`;
  return sql`(
    with figures as (${leaseFigures(rules, today, stale)})
    select a.id::text as "leaseId", u.id::text as "tenantId", u.display_name as "tenantName",
      u.email as "tenantEmail", ap.apartment_no as "apartmentNo", a.status::text as status,
      case when a.status = 'accepted' then 0 else 1 end as status_order,
      coalesce(rc.rent, a.rent) as rent,
      to_char(a.start_date, 'YYYY-MM-DD') as "startDate",
      to_char(a.end_date, 'YYYY-MM-DD') as "endDate",
      to_char(coalesce(a.ends_on, (a.ended_at at time zone ${rules.timeZone})::date),
        'YYYY-MM-DD') as "endsOn",
      to_char(pl.first_month, 'YYYY-MM') as "firstMonth",
      to_char(pl.first_unpaid, 'YYYY-MM') as "firstUnpaid",
      to_char(pl.last_paid, 'YYYY-MM') as "lastPaid",
      coalesce(pl.balance, 0) as balance,
      coalesce(pl.overdue_months, 0) as "overdueMonths",
      coalesce(dh.held, 0) as "depositHeld",
      coalesce(co.owed, 0) as "chargesOwed"
    from agreements a
    join users u on u.id = a.tenant_id
    join apartments ap on ap.id = a.apartment_id
    left join figures pl on pl.agreement_id = a.id
    left join ${rentChangesIn(sql`${thisMonth}::date`)} rc on rc.agreement_id = a.id
    left join ${depositsHeldSql} dh on dh.agreement_id = a.id
    left join ${chargesOwedSql} co on co.agreement_id = a.id
    where ${leases} ${search}
  )`;
}

/**
 * The month a lease is paid through: the one before its first unpaid month, or its last paid
 * month when none is unpaid; null when its first month is unpaid.
 */
function paidThrough(row: z.infer<typeof RowSchema>): string | null {
  if (row.firstUnpaid === null) return row.lastPaid;
  if (row.firstMonth === null || row.firstUnpaid <= row.firstMonth) return null;
  return addMonths(row.firstUnpaid, -1);
}

const LastPaymentSchema = z.object({
  leaseId: z.string(),
  at: z.string(),
  amount: z.coerce.number().int(),
});

/**
 * Each lease's latest payment by the building's day the money came: received (paid by hand) or
 * charged (card). Only shown, never sorted or totalled by, so it is looked up for the rows
 * answered rather than for every lease.
 */
async function lastPayments(
  db: Database,
  timeZone: string,
  leaseIds: readonly string[],
): Promise<Map<string, RentRollRow['lastPayment']>> {
  if (leaseIds.length === 0) return new Map();
  const day = sql`coalesce(p.received_on, (p.paid_at at time zone ${timeZone})::date)`;
  const result = await db.execute(sql`
    select distinct on (p.agreement_id) p.agreement_id::text as "leaseId",
      to_char(${day}, 'YYYY-MM-DD') as at, p.rent - p.discount as amount
    from payments p
    where p.agreement_id = any(${`{${leaseIds.join(',')}}`}::uuid[])
    order by p.agreement_id, ${day} desc, p.paid_at desc`);
  return new Map(
    rowsOf(LastPaymentSchema, result).map((row) => [
      row.leaseId,
      { at: row.at, amount: row.amount },
    ]),
  );
}

function toRow(
  row: z.infer<typeof RowSchema>,
  lastPayment: RentRollRow['lastPayment'] | undefined,
): RentRollRow {
  return {
    leaseId: row.leaseId,
    tenant: { _id: row.tenantId, name: row.tenantName, email: row.tenantEmail },
    apartmentNo: row.apartmentNo,
    status: row.status === 'accepted' ? 'current' : 'former',
    rent: row.rent,
    startDate: row.startDate,
    endDate: row.endDate,
    endsOn: row.endsOn,
    paidThrough: paidThrough(row),
    balance: row.balance,
    overdueMonths: row.overdueMonths,
    lastPayment: lastPayment ?? null,
    depositHeld: row.depositHeld,
    chargesOwed: row.chargesOwed,
  };
}

const overdueOnly = (filters: Filters) =>
  filters.filter === 'overdue' ? sql`where r."overdueMonths" > 0` : sql``;

/** One page of the rent roll, with the totals of everything that matches. */
export async function rentRoll(
  db: Database,
  rules: BillingRules,
  now: Date,
  query: Filters & { page: number; limit: number },
): Promise<RentRollPage> {
  await keepStaleFigures(db, rules, calendarDay(now, rules.timeZone));
  // The roll's statements read one snapshot: a payment recorded meanwhile shows in a row's
  // balance, the totals and its last payment alike, or in none of them.
  return db.transaction((tx) => rollPage(tx, rules, now, query), ONE_SNAPSHOT);
}

async function rollPage(
  db: Database,
  rules: BillingRules,
  now: Date,
  query: Filters & { page: number; limit: number },
): Promise<RentRollPage> {
  const today = calendarDay(now, rules.timeZone);
  // Anyone whose money changed since their figures were kept, seen from this snapshot.
  const stale = await staleTenants(db, rules, today);
  const rows = rollRows(rules, today, query, stale);
  const where = overdueOnly(query);
  // The page and the totals of everything that matches from one evaluation of the roll: the
  // totals ride on each row of the page as window aggregates.
  const totalled = await db.execute(sql`
    select r.*, ${totalsColumns(sql`over ()`)}
    from ${rows} r ${where}
    order by ${orderBy[query.sort]}
    limit ${query.limit} offset ${(query.page - 1) * query.limit}`);
  const page = rowsOf(PageRowSchema, totalled);
  const first = page[0];
  // A page past the end has no row to carry the totals: they are counted on their own.
  const [counted] = first
    ? [first]
    : rowsOf(
        TotalsSchema,
        await db.execute(sql`select ${totalsColumns(sql``)} from ${rows} r ${where}`),
      );
  if (!counted) throw new Error('The rent roll counted nothing: an aggregate always has a row');
  const last = await lastPayments(
    db,
    rules.timeZone,
    page.map((row) => row.leaseId),
  );
  return {
    result: page.map((row) => toRow(row, last.get(row.leaseId))),
    totals: toTotals(counted),
    total: counted.totalLeases,
    page: query.page,
    limit: query.limit,
    pageCount: Math.max(1, Math.ceil(counted.totalLeases / query.limit)),
  };
}

/** Every matching lease, for the CSV export. */
export async function rentRollRows(
  db: Database,
  rules: BillingRules,
  now: Date,
  filters: Filters,
): Promise<RentRollRow[]> {
  await keepStaleFigures(db, rules, calendarDay(now, rules.timeZone));
  return db.transaction((tx) => allRows(tx, rules, now, filters), ONE_SNAPSHOT);
}

async function allRows(
  db: Database,
  rules: BillingRules,
  now: Date,
  filters: Filters,
): Promise<RentRollRow[]> {
  const today = calendarDay(now, rules.timeZone);
  const result = await db.execute(sql`
    select r.* from ${rollRows(rules, today, filters, await staleTenants(db, rules, today))} r
    ${overdueOnly(filters)}
    order by ${orderBy[filters.sort]}`);
  const rows = rowsOf(RowSchema, result);
  const last = await lastPayments(
    db,
    rules.timeZone,
    rows.map((row) => row.leaseId),
  );
  return rows.map((row) => toRow(row, last.get(row.leaseId)));
}
