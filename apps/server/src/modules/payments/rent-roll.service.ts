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
 *
 * A page is one statement, so one snapshot: the kept figures it reads, the totals, the rows and
 * their last payments agree. Only the page's rows are formatted, and their rents, deposits and
 * charges looked up; the totals add up every matching lease without formatting any. When some
 * lease has no figures that hold now (a payment since they were kept, a new day), they are worked
 * out and kept, and the page is read again with anyone still out of date worked out in its
 * snapshot.
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
  lastPaymentAt: z.string().nullable(),
  lastPaymentAmount: z.coerce.number().int().nullable(),
});

const TotalsSchema = z.object({
  /** Matching leases with no figures that hold now: the page is read again when any. */
  missing: z.coerce.number().int(),
  totalLeases: z.coerce.number().int(),
  totalMonthlyRent: z.coerce.number().int(),
  totalBalance: z.coerce.number().int(),
  totalDepositHeld: z.coerce.number().int(),
  totalChargesOwed: z.coerce.number().int(),
});

/**
 * The statement's row: the totals, and a page's row beside them (no lease past the last page),
 * parsed with RowSchema when there is one.
 */
const StatementRowSchema = TotalsSchema.extend({ leaseId: z.string().nullable() }).passthrough();

const toTotals = (row: z.infer<typeof TotalsSchema>): RentRollTotals => ({
  leases: row.totalLeases,
  monthlyRent: row.totalMonthlyRent,
  balance: row.totalBalance,
  depositHeld: row.totalDepositHeld,
  chargesOwed: row.totalChargesOwed,
});

/**
 * The roll's order, of the matching leases named `m` (the raw columns, not the answer's text). A
 * uuid sorts as its text does: the same hex digits, with dashes at the same places.
 */
const orderBy: Record<RentRollSort, (m: SQL) => SQL> = {
  apartment: (m) =>
    sql`${m}.apartment_no, case when ${m}.status = 'accepted' then 0 else 1 end,
      ${m}.start_date desc nulls last, ${m}.id`,
  tenant: (m) =>
    sql`lower(${m}.display_name), ${m}.email, ${m}.start_date desc nulls last, ${m}.id`,
  balance: (m) => sql`${m}.balance desc, ${m}.apartment_no, ${m}.id`,
};

/**
 * The roll as one statement: the totals of every lease the filters match, on each row beside one
 * page of them in order (every one when `page` is null; one row with no lease past the end). The
 * figures are the kept ones, and for the people named `stale`, worked out here.
 */
function rollStatement(
  rules: BillingRules,
  today: string,
  filters: Filters,
  page: { limit: number; offset: number } | null,
  stale: readonly string[],
): SQL {
  const thisMonth = sql`${`${today.slice(0, 7)}-01`}::date`;
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
  const overdue = filters.filter === 'overdue' ? sql`where l.overdue_months > 0` : sql``;
  const order = orderBy[filters.sort];
  // The people's names are read for every lease only to search or sort by them; otherwise for
  // the page's rows alone.
  const byPerson = filters.sort === 'tenant' || Boolean(filters.q);
  const day = sql`coalesce(x.received_on, (x.paid_at at time zone ${rules.timeZone})::date)`;
  return sql`
    with figures as (${leaseFigures(rules, today, stale)}),
    leases as materialized (
      select a.id, a.tenant_id, a.status, a.rent, a.start_date, a.end_date, a.ends_on, a.ended_at,
        ap.apartment_no, ${byPerson ? sql`u.display_name, u.email,` : sql``}
        pl.agreement_id is null as missing,
        pl.first_month, pl.first_unpaid, pl.last_paid, coalesce(pl.balance, 0) as balance,
        coalesce(pl.overdue_months, 0) as overdue_months
      from agreements a
      ${byPerson ? sql`join users u on u.id = a.tenant_id` : sql``}
      join apartments ap on ap.id = a.apartment_id
      left join figures pl on pl.agreement_id = a.id and pl.tenant_id = a.tenant_id
      where a.status in ('accepted', 'ended') ${status} ${search}
    ),
    matching as materialized (select * from leases l ${overdue}),
    rents as materialized (${rentChangesIn(thisMonth)}),
    held as materialized (${depositsHeldSql}),
    owed as materialized (${chargesOwedSql}),
    totals as (
      select (select count(*) from leases where missing) as missing,
        count(*) as "totalLeases",
        coalesce(sum(coalesce(rc.rent, m.rent)) filter (where m.status = 'accepted'), 0)
          as "totalMonthlyRent",
        coalesce(sum(m.balance), 0) as "totalBalance",
        coalesce((select sum(h.held) from held h where h.agreement_id in (select id from matching)),
          0) as "totalDepositHeld",
        coalesce((select sum(o.owed) from owed o where o.agreement_id in (select id from matching)),
          0) as "totalChargesOwed"
      from matching m
      left join rents rc on rc.agreement_id = m.id
    ),
    page as (
      select * from matching m order by ${order(sql`m`)}
      ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}
    )
    select t.*, p.id::text as "leaseId", p.tenant_id::text as "tenantId",
      pu.display_name as "tenantName", pu.email as "tenantEmail", p.apartment_no as "apartmentNo",
      p.status::text as status,
      coalesce(rc.rent, p.rent) as rent,
      to_char(p.start_date, 'YYYY-MM-DD') as "startDate",
      to_char(p.end_date, 'YYYY-MM-DD') as "endDate",
      to_char(coalesce(p.ends_on, (p.ended_at at time zone ${rules.timeZone})::date),
        'YYYY-MM-DD') as "endsOn",
      to_char(p.first_month, 'YYYY-MM') as "firstMonth",
      to_char(p.first_unpaid, 'YYYY-MM') as "firstUnpaid",
      to_char(p.last_paid, 'YYYY-MM') as "lastPaid",
      p.balance, p.overdue_months as "overdueMonths",
      coalesce(h.held, 0) as "depositHeld", coalesce(o.owed, 0) as "chargesOwed",
      lp.at as "lastPaymentAt", lp.amount as "lastPaymentAmount"
    from totals t
    left join page p on true
    left join users pu on pu.id = p.tenant_id
    left join rents rc on rc.agreement_id = p.id
    left join held h on h.agreement_id = p.id
    left join owed o on o.agreement_id = p.id
    -- A lease's latest payment by the building's day the money came: received (paid by hand) or
    -- charged (card).
    left join lateral (
      select to_char(${day}, 'YYYY-MM-DD') as at, x.rent - x.discount as amount
      from payments x where x.agreement_id = p.id
      order by ${day} desc, x.paid_at desc limit 1
    ) lp on true
    order by ${order(sql`p`)}`;
}

type Row = z.infer<typeof RowSchema>;

/**
 * The month a lease is paid through: the one before its first unpaid month, or its last paid
 * month when none is unpaid; null when its first month is unpaid.
 */
function paidThrough(row: Row): string | null {
  if (row.firstUnpaid === null) return row.lastPaid;
  if (row.firstMonth === null || row.firstUnpaid <= row.firstMonth) return null;
  return addMonths(row.firstUnpaid, -1);
}

function toRow(row: Row): RentRollRow {
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
    lastPayment:
      row.lastPaymentAt !== null && row.lastPaymentAmount !== null
        ? { at: row.lastPaymentAt, amount: row.lastPaymentAmount }
        : null,
    depositHeld: row.depositHeld,
    chargesOwed: row.chargesOwed,
  };
}

/**
 * The roll's totals and rows (a page of them, or all). Read from the kept figures alone when
 * they all hold; otherwise the out-of-date ones are kept again, and the roll is read in one
 * snapshot with whoever changed since worked out in it.
 */
async function readRoll(
  db: Database,
  rules: BillingRules,
  now: Date,
  filters: Filters,
  page: { limit: number; offset: number } | null,
): Promise<{ totals: z.infer<typeof TotalsSchema>; rows: Row[] }> {
  const today = calendarDay(now, rules.timeZone);
  let read = rowsOf(
    StatementRowSchema,
    await db.execute(rollStatement(rules, today, filters, page, [])),
  );
  if ((read[0]?.missing ?? 0) > 0) {
    await keepStaleFigures(db, rules, today);
    read = await db.transaction(async (tx) => {
      // Anyone whose money changed since their figures were kept, seen from this snapshot.
      const stale = await staleTenants(tx, rules, today);
      return rowsOf(
        StatementRowSchema,
        await tx.execute(rollStatement(rules, today, filters, page, stale)),
      );
    }, ONE_SNAPSHOT);
  }
  const [totals] = read;
  if (!totals) throw new Error('The rent roll counted nothing: an aggregate always has a row');
  return {
    totals,
    rows: read.filter((row) => row.leaseId !== null).map((row) => RowSchema.parse(row)),
  };
}

/** One page of the rent roll, with the totals of everything that matches. */
export async function rentRoll(
  db: Database,
  rules: BillingRules,
  now: Date,
  query: Filters & { page: number; limit: number },
): Promise<RentRollPage> {
  const { totals, rows } = await readRoll(db, rules, now, query, {
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return {
    result: rows.map(toRow),
    totals: toTotals(totals),
    total: totals.totalLeases,
    page: query.page,
    limit: query.limit,
    pageCount: Math.max(1, Math.ceil(totals.totalLeases / query.limit)),
  };
}

/** Every matching lease, for the CSV export. */
export async function rentRollRows(
  db: Database,
  rules: BillingRules,
  now: Date,
  filters: Filters,
): Promise<RentRollRow[]> {
  const { rows } = await readRoll(db, rules, now, filters, null);
  return rows.map(toRow);
}
