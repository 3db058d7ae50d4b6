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
import { apartmentNoContains } from '../../lib/apartment-number';
import { likePattern } from '../../lib/like-pattern';
import { rowsOf } from '../../lib/sql-rows';
import {
  keepStaleFigures,
  leaseFigures,
  ONE_SNAPSHOT,
  refreshFigureStatistics,
  staleTenants,
} from './lease-figures.service';
import type { BillingRules } from './ledger.service';

/**
 * The rent roll: every lease that was ever granted, current and former, with its rent now, the
 * month it is paid through, what it owes today, its last payment and the deposit held. The
 * ledger's billed months are the one source of what is owed; filters, search, order, paging and
 * totals all happen in SQL. What the billed months give each lease is kept (lease_figures) and
 * read again while the person's money and the day have not changed (ADR 016), with what the
 * roll sorts and totals by: a page reads that table alone, and formats only its own rows
 * (ADR 018).
 *
 * A page is one statement, so one snapshot: the kept figures it reads, the totals, the rows and
 * their last payments agree. When some lease has no figures that hold now (a payment since they
 * were kept, a new day), they are worked out and kept, and the page is read again with anyone
 * still out of date worked out in its snapshot.
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
  /** Leases (of any filter) with no figures that hold now: the page is read again when any. */
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
 * figures are the kept ones that hold, and for the people named `stale`, worked out here;
 * `missing` counts the leases with neither. With kept figures alone, a page in the order by
 * apartment or by balance is read from the index in that order (lease_figures.ts); exported for
 * the test of that plan.
 */
export function rollStatement(
  rules: BillingRules,
  today: string,
  filters: Filters,
  page: { limit: number; offset: number } | null,
  stale: readonly string[],
): SQL {
  // A deleted account's lease is found by its name ("Deleted account") or apartment, never by the
  // address made up for it (a search for "invalid" would list every one).
  const search = filters.q
    ? sql`and (u.display_name ilike ${likePattern(filters.q)}
        or (u.deleted_at is null and u.email ilike ${likePattern(filters.q)})
        or ${apartmentNoContains(sql`f.apartment_no`, filters.q) ?? sql`false`})`
    : sql``;
  const status =
    filters.filter === 'current'
      ? sql`and f.status = 'accepted'`
      : filters.filter === 'former'
        ? sql`and f.status = 'ended'`
        : filters.filter === 'overdue'
          ? sql`and f.overdue_months > 0`
          : sql``;
  const order = orderBy[filters.sort];
  // The people's names are read for every lease only to search or sort by them; otherwise for
  // the page's rows alone.
  const byPerson = filters.sort === 'tenant' || Boolean(filters.q);
  // Leases with no figures that hold now: all leases, less those read. Worked out in the same
  // snapshot, the people named stale leave none; with no filter, every figure read matches.
  const unfiltered = filters.filter === 'all' && !filters.q;
  const read =
    stale.length > 0
      ? null
      : unfiltered
        ? sql`count(*)`
        : sql`(select count(*) from (${leaseFigures(rules, today, [])}) f)`;
  const missing = read
    ? sql`(select count(*) from agreements a where a.status in ('accepted', 'ended')) - ${read}`
    : sql`0`;
  // Kept figures alone are read twice (for the totals, and for the page) faster than they are
  // copied once; joined to names, or with figures worked out here, they are made once and copied.
  const once = byPerson || stale.length > 0;
  return sql`
    with matching as ${once ? sql`materialized` : sql`not materialized`} (
      select f.agreement_id as id, f.tenant_id, f.status, f.rent, f.start_date, f.apartment_no,
        ${byPerson ? sql`u.display_name, u.email,` : sql``} f.first_month, f.first_unpaid,
        f.last_paid, f.balance, f.overdue_months, f.deposit_held, f.charges_owed,
        f.last_payment_on, f.last_payment_amount
      from (${leaseFigures(rules, today, stale)}) f
      ${byPerson ? sql`join users u on u.id = f.tenant_id` : sql``}
      where true ${status} ${search}
    ),
    totals as (
      select ${missing} as missing,
        count(*) as "totalLeases",
        coalesce(sum(m.rent) filter (where m.status = 'accepted'), 0) as "totalMonthlyRent",
        coalesce(sum(m.balance), 0) as "totalBalance",
        coalesce(sum(m.deposit_held), 0) as "totalDepositHeld",
        coalesce(sum(m.charges_owed), 0) as "totalChargesOwed"
      from matching m
    ),
    page as (
      select * from matching m order by ${order(sql`m`)}
      ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}
    )
    select t.*, p.id::text as "leaseId", p.tenant_id::text as "tenantId",
      pu.display_name as "tenantName", pu.email as "tenantEmail", p.apartment_no as "apartmentNo",
      p.status::text as status, p.rent,
      to_char(p.start_date, 'YYYY-MM-DD') as "startDate",
      to_char(a.end_date, 'YYYY-MM-DD') as "endDate",
      to_char(coalesce(a.ends_on, (a.ended_at at time zone ${rules.timeZone})::date),
        'YYYY-MM-DD') as "endsOn",
      to_char(p.first_month, 'YYYY-MM') as "firstMonth",
      to_char(p.first_unpaid, 'YYYY-MM') as "firstUnpaid",
      to_char(p.last_paid, 'YYYY-MM') as "lastPaid",
      p.balance, p.overdue_months as "overdueMonths", p.deposit_held as "depositHeld",
      p.charges_owed as "chargesOwed",
      to_char(p.last_payment_on, 'YYYY-MM-DD') as "lastPaymentAt",
      p.last_payment_amount as "lastPaymentAmount"
    from totals t
    left join page p on true
    left join agreements a on a.id = p.id
    left join users pu on pu.id = p.tenant_id
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
    await refreshFigureStatistics(db, today);
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
