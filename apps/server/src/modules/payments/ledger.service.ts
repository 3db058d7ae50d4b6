import {
  addMonths,
  dueDateIn,
  LATEST_START_MONTHS,
  monthLabel,
  type FormerTenantBalancesResponse,
  type LedgerMonth,
  type LedgerMonthStatus,
  type RentLedger,
  RENT_MONTHS_AHEAD,
} from '@structomate/contract';
import { eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { agreements } from '../../db/schema';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { addDays, calendarDay } from '../../lib/clock';
import { rowsOf } from '../../lib/sql-rows';
import { depositOfLeaseSql } from './deposits.service';
import { owedCharge } from './charges.service';

/**
 * What a person owes, month by month: the one place that says which months are billed, to whom,
 * at what rent, and whether each is paid, due, overdue or still to come. The building's calendar
 * (its time zone) decides what "today" is.
 */
export interface BillingRules {
  /** Rent for a month falls due on this day of it (1–28)… */
  dueDay: number;
  /** …and is overdue once this many days more have passed. */
  graceDays: number;
  timeZone: string;
  /** LEASE_START (YYYY-MM-DD): no month before this one's is billed. */
  leaseStart: string;
}

/** The rules of when a month falls due live in the contract (the mails give them too). */
export { dueDateIn, dueDateOf } from '@structomate/contract';

/** Rent may be paid up to this many months ahead (the contract's, which the rent page says). */
export const MONTHS_AHEAD = RENT_MONTHS_AHEAD;

/**
 * A month's state on `today`: paid; upcoming when it has not begun, or is a lease's first month
 * and the lease has not started (nobody owes rent for a home they have not moved into); overdue
 * once its due date (see dueDateIn) plus the grace days are behind us; due until then. What is
 * owed is the due and overdue months: `owedSql` says the same of the billed months in SQL.
 */
export function monthStatus(
  billingMonth: string,
  paid: boolean,
  today: string,
  rules: Pick<BillingRules, 'dueDay' | 'graceDays'>,
  leaseGranted?: string | null,
): LedgerMonthStatus {
  if (paid) return 'paid';
  if (billingMonth > today.slice(0, 7)) return 'upcoming';
  if (leaseGranted && leaseGranted > today) return 'upcoming';
  const lastDayOnTime = addDays(
    dueDateIn(billingMonth, rules.dueDay, leaseGranted),
    rules.graceDays,
  );
  return today > lastDayOnTime ? 'overdue' : 'due';
}

/**
 * Whether a billed month `b` (a row of billedMonths) is owed on `today`, as monthStatus says
 * (due or overdue): unpaid, begun, and not the first month of a lease that starts later.
 */
export const owedSql = (today: string) => sql`(b.transaction_id is null
  and b.month <= ${`${today.slice(0, 7)}-01`}::date
  and (b.granted_on is null or b.granted_on <= ${today}::date))`;

/** An ended lease's last day (alias `a`): the day notice ended it, else the day it was ended on. */
const endDay = (timeZone: string) =>
  sql`coalesce(a.ends_on, (a.ended_at at time zone ${timeZone})::date)`;

/**
 * A lease's first day (alias `a`): the day it starts, or the day it was accepted if that was later
 * (or it was signed before leases had a start). Its first month falls due no earlier.
 */
const leaseFirstDay = (timeZone: string) =>
  sql`greatest(a.start_date, (a.checked_at at time zone ${timeZone})::date)`;

/** Whether a lease (alias `a`) ended, or ends by notice, before its first day: it bills nothing. */
const endsBeforeStart = (timeZone: string) =>
  sql`coalesce(${endDay(timeZone)} < ${leaseFirstDay(timeZone)}, false)`;

/**
 * Every billed month of the matching leases, one row per person and month, with its payment if
 * any. A lease bills from the later of its acceptance month and LEASE_START's month, through the
 * month it ended in, or, while it runs, up to MONTHS_AHEAD months after today's; months paid
 * ahead before it ended stay listed, as paid. Should two
 * leases of one person cover a month, the earlier lease bills it (a payment is per person and
 * month). `leaseFilter` narrows the leases (alias `a`).
 */
export function billedMonths(rules: BillingRules, today: string, leaseFilter: SQL): SQL {
  const horizon = `${addMonths(today.slice(0, 7), MONTHS_AHEAD)}-01`;
  return sql`
    with leases as (
      select a.id, a.tenant_id, a.rent, a.checked_at,
        coalesce(a.rent_due_day, ${rules.dueDay}) as due_day,
        coalesce(a.grace_days, ${rules.graceDays}) as grace_days,
        -- A lease bills from the month it starts; one signed before leases had terms, from the
        -- later of its acceptance and LEASE_START.
        case when a.start_date is not null
          then date_trunc('month', a.start_date)::date
          else greatest(
            date_trunc('month', a.checked_at at time zone ${rules.timeZone})::date,
            date_trunc('month', ${rules.leaseStart}::date)::date
          )
        end as first_month,
        -- Its first month is not due before the lease starts, nor before it was granted; nor is
        -- a month before the one it was granted in (a request that asked for a start weeks
        -- before the office accepted it): nobody is overdue on the day they move in.
        ${leaseFirstDay(rules.timeZone)} as first_due_floor,
        date_trunc('month', a.checked_at at time zone ${rules.timeZone})::date as granted_month,
        -- It bills through the month it ended in, or ends in by notice (a running lease given
        -- notice stops there too); nothing, if it ended, or ends by notice, before it started.
        case when ${endsBeforeStart(rules.timeZone)}
          then (date_trunc('month', coalesce(a.start_date, a.checked_at at time zone ${rules.timeZone}))
            - interval '1 month')::date
          when a.status = 'ended'
          then date_trunc('month', ${endDay(rules.timeZone)})::date
          when a.ends_on is not null
          then least(date_trunc('month', a.ends_on)::date, ${horizon}::date)
          else ${horizon}::date
        end as last_month,
        count(*) over (partition by a.tenant_id) as tenant_leases
      from agreements a
      where a.status in ('accepted', 'ended') and a.checked_at is not null and (${leaseFilter})
    ),
    -- A lease's rent periods: the rent it was signed for until its first change, then each
    -- change (a renewal's) until the next, within the lease's billed months. A month's rent is
    -- its period's, the same as rentIn's latest change from that month or before.
    periods as (
      select l.*, p.rent as period_rent,
        greatest(l.first_month, p.from_month) as period_first,
        least(l.last_month, (p.next_from - interval '1 month')::date) as period_last
      from leases l
      cross join lateral (
        select q.rent, q.from_month,
          lead(q.from_month) over (order by q.from_month nulls first) as next_from
        from (
          select l.rent, null::date as from_month
          union all
          select r.rent, r.from_month from lease_rents r where r.agreement_id = l.id
        ) q
      ) p
    ),
    every_month as (
      select l.tenant_id, l.id as agreement_id, l.period_rent as rent, m.month::date as month,
        l.checked_at, l.tenant_leases,
        case when m.month = l.first_month or m.month <= l.granted_month
          then l.first_due_floor end as granted_on,
        l.due_day, l.grace_days
      from periods l
      cross join lateral generate_series(
        l.period_first::timestamp, l.period_last::timestamp, interval '1 month'
      ) as m(month)
      union all
      select l.tenant_id, l.id, p.rent, p.billing_month, l.checked_at, l.tenant_leases, null,
        l.due_day, l.grace_days
      from leases l join payments p on p.agreement_id = l.id and p.billing_month > l.last_month
    ),
    -- A person with one lease has each month once; only the months of a person with several
    -- are sorted to find which lease bills each.
    months as (
      select e.tenant_id, e.agreement_id, e.rent, e.month, e.granted_on, e.due_day, e.grace_days
      from every_month e where e.tenant_leases = 1
      union all
      (select distinct on (e.tenant_id, e.month)
        e.tenant_id, e.agreement_id, e.rent, e.month, e.granted_on, e.due_day, e.grace_days
      from every_month e where e.tenant_leases > 1
      order by e.tenant_id, e.month, e.checked_at)
    )
    select m.tenant_id, m.agreement_id, m.month, m.rent, m.granted_on, m.due_day, m.grace_days,
      p.transaction_id,
      -- Rent paid by hand counts from the day it was received (noon there), not when recorded.
      coalesce((p.received_on + time '12:00') at time zone ${rules.timeZone}, p.paid_at) as paid_at,
      p.rent - p.discount as paid_amount
    from months m
    -- One payment at most per person and month (payments_one_per_member_month): looked up by
    -- that index for each month, not by reading every payment to join them.
    left join lateral (
      select p.transaction_id, p.received_on, p.paid_at, p.rent, p.discount from payments p
      where p.user_id = m.tenant_id and p.billing_month = m.month
      limit 1
    ) p on true`;
}

/**
 * A lease's rent for a month: the latest change from that month or before (set at a renewal),
 * else the rent it was signed for. `lease` is the agreement's alias, `month` a first day.
 */
export const rentIn = (lease: SQL, month: SQL) => sql`coalesce((
  select r.rent from lease_rents r
  where r.agreement_id = ${lease}.id and r.from_month <= ${month}
  order by r.from_month desc limit 1
), ${lease}.rent)`;

/**
 * rentIn for every lease at once, as a derived table (`agreement_id`, `rent`) of the leases with a
 * change from `month` or before: each one's latest. A lease not in it pays the rent signed for.
 */
export const rentChangesIn = (month: SQL) => sql`(
  select distinct on (r.agreement_id) r.agreement_id, r.rent from lease_rents r
  where r.from_month <= ${month}
  order by r.agreement_id, r.from_month desc)`;

/**
 * Whether a lease still bills a month (YYYY-MM): it runs, or it ended in that month or later.
 * With `lock`, the lease row is held (FOR SHARE) until the caller's transaction ends, so a
 * lease being ended waits for a payment being recorded under it, and the other way round.
 */
export async function leaseBills(
  db: Database,
  timeZone: string,
  agreementId: string,
  billingMonth: string,
  lock = false,
): Promise<boolean> {
  const a = alias(agreements, 'a');
  const query = db
    .select({
      status: a.status,
      endMonth: sql<string | null>`to_char(${endDay(timeZone)}, 'YYYY-MM')`,
      // The same rule as billedMonths': a lease that ended before it started bills nothing.
      endsBeforeStart: sql<boolean>`${endsBeforeStart(timeZone)}`,
    })
    .from(a)
    .where(eq(a.id, agreementId));
  const [lease] = lock ? await query.for('share') : await query;
  if (lease?.status !== 'accepted' && lease?.status !== 'ended') return false;
  if (lease.endsBeforeStart) return false;
  // A running lease bills on unless notice ends it; an ended one, through its last month.
  if (lease.status === 'accepted' && lease.endMonth === null) return true;
  return lease.endMonth !== null && billingMonth <= lease.endMonth;
}

const BilledMonthRowSchema = z.object({
  agreementId: z.string(),
  month: z.string(),
  rent: z.coerce.number().int(),
  transactionId: z.string().nullable(),
  paidAt: z.string().nullable(),
  paidAmount: z.coerce.number().int().nullable(),
  grantedOn: z.string().nullable(),
  dueDay: z.coerce.number().int(),
  graceDays: z.coerce.number().int(),
});

const LeaseRowSchema = z.object({
  id: z.string(),
  status: z.enum(['accepted', 'ended']),
  apartmentNo: z.string(),
  blockName: z.string(),
  floorNo: z.coerce.number().int(),
  rent: z.coerce.number().int(),
  endedAt: z.string().nullable(),
  endsOn: z.string().nullable(),
  endMonth: z.string().nullable(),
  endedBeforeStart: z.boolean(),
  depositHeld: z.coerce.number().int(),
  depositReceived: z.coerce.number().int(),
  depositToRent: z.coerce.number().int(),
});

/** A person's billed months (billedMonths, with `today` setting its horizon), month by month. */
async function billedRowsOf(db: Database, rules: BillingRules, today: string, userId: string) {
  const billed = billedMonths(rules, today, sql`a.tenant_id = ${userId}`);
  const rows = await db.execute(sql`
    select b.agreement_id::text as "agreementId", to_char(b.month, 'YYYY-MM') as month, b.rent,
      b.transaction_id as "transactionId", ${isoInstant(sql`b.paid_at`)} as "paidAt",
      b.paid_amount as "paidAmount", to_char(b.granted_on, 'YYYY-MM-DD') as "grantedOn",
      b.due_day as "dueDay", b.grace_days as "graceDays"
    from (${billed}) b
    order by b.month`);
  return rowsOf(BilledMonthRowSchema, rows);
}

export const isoInstant = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A person's rent over every lease they held here, as of `now`. */
export async function personLedger(
  db: Database,
  rules: BillingRules,
  now: Date,
  userId: string,
): Promise<RentLedger> {
  const today = calendarDay(now, rules.timeZone);
  const [billedRows, leaseRows] = await Promise.all([
    billedRowsOf(db, rules, today, userId),
    db.execute(sql`
      select a.id::text as id, a.status::text as status, ap.apartment_no as "apartmentNo",
        ap.block_name as "blockName", ap.floor_no as "floorNo",
        ${rentIn(sql`a`, sql`${`${today.slice(0, 7)}-01`}::date`)} as rent,
        ${isoInstant(sql`a.ended_at`)} as "endedAt",
        to_char(a.ends_on, 'YYYY-MM-DD') as "endsOn",
        to_char(${endDay(rules.timeZone)}, 'YYYY-MM') as "endMonth",
        ${endsBeforeStart(rules.timeZone)} as "endedBeforeStart",
        dep.held as "depositHeld", dep.received as "depositReceived",
        dep.to_rent as "depositToRent"
      from agreements a join apartments ap on ap.id = a.apartment_id
        left join lateral ${depositOfLeaseSql(sql`a.id`)} dep on true
      where a.tenant_id = ${userId} and a.status in ('accepted', 'ended')
      order by a.checked_at`),
  ]);
  // The due day and grace the person's latest lease set (the building's when there is none).
  const latestTerms = billedRows.at(-1) ?? rules;
  const months: LedgerMonth[] = billedRows.map((row) => ({
    billingMonth: row.month,
    month: monthLabel(row.month),
    status: monthStatus(row.month, row.transactionId !== null, today, row, row.grantedOn),
    rent: row.rent,
    dueDate: dueDateIn(row.month, row.dueDay, row.grantedOn),
    agreementId: row.agreementId,
    paidAt: row.paidAt,
    amount: row.paidAmount,
    transactionId: row.transactionId,
  }));
  const leases = rowsOf(LeaseRowSchema, leaseRows).map((lease) => {
    const own = months.filter((month) => month.agreementId === lease.id);
    return {
      _id: lease.id,
      status: lease.status,
      apartmentNo: lease.apartmentNo,
      blockName: lease.blockName,
      floorNo: lease.floorNo,
      rent: lease.rent,
      firstMonth: own[0]?.billingMonth ?? null,
      lastMonth:
        lease.endMonth !== null
          ? (own.findLast(
              (month) => lease.endMonth !== null && month.billingMonth <= lease.endMonth,
            )?.billingMonth ?? null)
          : null,
      endedAt: lease.endedAt,
      endsOn: lease.endsOn,
      endedBeforeStart: lease.endedBeforeStart,
      depositHeld: lease.depositHeld,
      depositReceived: lease.depositReceived,
      depositToRent: lease.depositToRent,
    };
  });
  const owed = months.filter((month) => month.status === 'due' || month.status === 'overdue');
  return {
    today,
    currentMonth: today.slice(0, 7),
    dueDay: latestTerms.dueDay,
    graceDays: latestTerms.graceDays,
    rent: leases.find((lease) => lease.status === 'accepted')?.rent ?? null,
    leaseStart: months[0]?.billingMonth ?? null,
    leases,
    months,
    owedMonths: owed.length,
    owedAmount: owed.reduce((sum, month) => sum + month.rent, 0),
    overdueMonths: owed.filter((month) => month.status === 'overdue').length,
  };
}

/**
 * When a lease's first rent falls due, as its tenant's ledger bills it: the earliest due date of
 * its unpaid months, the months due that day (several, for a request accepted months after the
 * start it asked for) and what they come to; null when it bills none (a month its tenant's
 * earlier lease bills stays that lease's). For the welcome mail of an accepted lease.
 */
export async function firstRentDue(
  db: Database,
  rules: BillingRules,
  now: Date,
  userId: string,
  agreementId: string,
): Promise<{ dueOn: string; months: string[]; amount: number } | null> {
  // The ledger bills MONTHS_AHEAD months ahead of today's, but a lease may start up to
  // LATEST_START_MONTHS ahead: its months are read with a horizon that far.
  const month = calendarDay(now, rules.timeZone).slice(0, 7);
  const reach = `${addMonths(month, LATEST_START_MONTHS - MONTHS_AHEAD)}-01`;
  const unpaid = (await billedRowsOf(db, rules, reach, userId))
    .filter((row) => row.agreementId === agreementId && row.transactionId === null)
    .map((row) => ({ ...row, dueDate: dueDateIn(row.month, row.dueDay, row.grantedOn) }));
  const dueOn = unpaid.map((row) => row.dueDate).sort()[0];
  if (dueOn === undefined) return null;
  const due = unpaid.filter((row) => row.dueDate === dueOn);
  return {
    dueOn,
    months: due.map((row) => row.month),
    amount: due.reduce((sum, row) => sum + row.rent, 0),
  };
}

const FormerTenantRowSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  email: z.string(),
  apartmentNo: z.string(),
  leaseEndedAt: z.string(),
  owedMonths: z.coerce.number().int(),
  owedCharges: z.coerce.number().int(),
  owedAmount: z.coerce.number().int(),
  depositHeld: z.coerce.number().int(),
  total: z.coerce.number().int(),
});

const OwedRowSchema = z.object({
  id: z.string(),
  apartmentNo: z.string(),
  owedMonths: z.coerce.number().int(),
  owedCharges: z.coerce.number().int(),
  owedAmount: z.coerce.number().int(),
});

/**
 * For each of `people` (SQL naming a set of user ids) who owes money from leases that ended: the
 * months owed (owedSql), the other charges on those leases still unpaid (neither paid nor
 * cancelled),
 * and the sum of both (`tenant_id`, `owed_months`, `owed_charges`, `owed_amount`), with the
 * apartment and end of their latest ended lease (`apartment_no`, `ended_at`).
 */
function endedLeaseDebts(rules: BillingRules, today: string, people: SQL): SQL {
  const billed = billedMonths(rules, today, sql`a.status = 'ended' and a.tenant_id in (${people})`);
  return sql`
    select o.tenant_id, o.owed_months, o.owed_charges, o.owed_amount, last_lease.apartment_no,
      last_lease.ended_at
    from (
      select d.tenant_id, sum(d.months) as owed_months, sum(d.charges) as owed_charges,
        sum(d.amount) as owed_amount
      from (
        select b.tenant_id, count(*) as months, 0 as charges, sum(b.rent) as amount
        from (${billed}) b
        where ${owedSql(today)}
        group by b.tenant_id
        union all
        select a.tenant_id, 0, count(*), sum(c.amount)
        from charges c join agreements a on a.id = c.agreement_id
        where ${owedCharge(sql`c`)} and a.status = 'ended' and a.tenant_id in (${people})
        group by a.tenant_id
      ) d
      group by d.tenant_id
    ) o
    cross join lateral (
      select ap.apartment_no, a.ended_at
      from agreements a join apartments ap on ap.id = a.apartment_id
      where a.tenant_id = o.tenant_id and a.status = 'ended'
      order by a.ended_at desc
      limit 1
    ) last_lease`;
}

interface EndedLeaseBalance {
  months: number;
  charges: number;
  amount: number;
  apartmentNo: string;
}

/**
 * What each of `people` still owes from their leases that ended (months billed and unpaid, and
 * other charges unpaid, as `formerTenantBalances` counts them), with the apartment of the
 * latest; nobody who owes nothing.
 *
 * Most applicants never had a lease here: who among them had one that ended is looked up first
 * through the leases' index, and the ledger's statement (about 6 ms, most of it planning) runs
 * only for them.
 */
export async function endedLeaseBalances(
  db: Database,
  rules: BillingRules,
  now: Date,
  people: readonly string[],
): Promise<Map<string, EndedLeaseBalance>> {
  const owed = new Map<string, EndedLeaseBalance>();
  if (people.length === 0) return owed;
  const former = rowsOf(
    z.object({ id: z.string() }),
    await db.execute(sql`
      select distinct a.tenant_id::text as id from agreements a
      where a.status = 'ended' and a.tenant_id = any(${`{${people.join(',')}}`}::uuid[])`),
  );
  if (former.length === 0) return owed;
  const ids = sql.join(
    former.map(({ id }) => sql`${id}::uuid`),
    sql`, `,
  );
  const debts = endedLeaseDebts(rules, calendarDay(now, rules.timeZone), ids);
  const result = await db.execute(sql`
    select d.tenant_id::text as id, d.apartment_no as "apartmentNo",
      d.owed_months as "owedMonths", d.owed_charges as "owedCharges",
      d.owed_amount as "owedAmount"
    from (${debts}) d`);
  for (const row of rowsOf(OwedRowSchema, result)) {
    owed.set(row.id, {
      months: row.owedMonths,
      charges: row.owedCharges,
      amount: row.owedAmount,
      apartmentNo: row.apartmentNo,
    });
  }
  return owed;
}

/**
 * People whose lease ended and who rent nothing here now, but still owe rent or other charges:
 * largest balance first, paged in the database, with the deposits the building still holds of
 * their leases (each read through its lease's index, for the rows of the page only).
 */
export async function formerTenantBalances(
  db: Database,
  rules: BillingRules,
  now: Date,
  page: number,
  limit: number,
): Promise<FormerTenantBalancesResponse> {
  const debts = endedLeaseDebts(
    rules,
    calendarDay(now, rules.timeZone),
    sql`select u.id from users u where u.role = 'user'`,
  );
  const result = await db.execute(sql`
    select u.id::text as id, u.display_name as "displayName", u.email,
      d.apartment_no as "apartmentNo",
      ${isoInstant(sql`d.ended_at`)} as "leaseEndedAt",
      d.owed_months as "owedMonths", d.owed_charges as "owedCharges",
      d.owed_amount as "owedAmount",
      (select coalesce(sum(dep.held), 0) from agreements past
        cross join lateral ${depositOfLeaseSql(sql`past.id`)} dep
        where past.tenant_id = d.tenant_id)::bigint as "depositHeld",
      count(*) over () as total
    from (${debts}) d
    join users u on u.id = d.tenant_id
    order by d.owed_amount desc, u.display_name, u.id
    limit ${limit} offset ${(page - 1) * limit}`);
  const rows = rowsOf(FormerTenantRowSchema, result);
  const total = rows[0]?.total ?? (page > 1 ? await countFormerTenants() : 0);
  return {
    result: rows.map(({ id, total: _total, ...row }) => ({ _id: id, ...row })),
    total,
    page,
    limit,
    pageCount: Math.max(1, Math.ceil(total / limit)),
  };

  // A page past the end has no row to carry the total: count on its own.
  async function countFormerTenants(): Promise<number> {
    const counted = await db.execute(sql`select count(*) as total from (${debts}) d`);
    return rowsOf(z.object({ total: z.coerce.number().int() }), counted)[0]?.total ?? 0;
  }
}
