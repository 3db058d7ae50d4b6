import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { addMonths } from '@structomate/contract';
import { calendarDay } from '../../lib/clock';
import { rowsOf } from '../../lib/sql-rows';

/**
 * Rent received per month for the admin's chart (ADR 017). Money counts on the day it came: a
 * card's when the provider confirmed it, cash and transfers on the day the admin says they were
 * received. Triggers on `payments` keep a total per building day (`rent_collected_days`) in the
 * same transaction as every payment, so the chart reads at most a year of days, not a year of
 * payments.
 */

/** The building day a payment's money counts on, in `zone` (the same rule as the triggers'). */
export const dayReceived = (zone: string) =>
  sql`coalesce(received_on, (paid_at at time zone ${zone})::date)`;

/**
 * Keeps the day totals in the building's time zone. They are built in the calendar the rows were
 * kept in (UTC when migration 0023 made them); a server whose TIME_ZONE differs rebuilds them from
 * every payment, holding the calendar so that payments being recorded finish first and new ones
 * wait (their triggers read it with a share lock). Runs when the app starts.
 */
export async function keepRentCalendar(db: Database, timeZone: string): Promise<void> {
  await db.transaction(async (tx) => {
    // Waits for the payments being recorded (their triggers hold the table's share of a lock
    // until they commit) and makes new ones wait, whether or not the calendar's row exists.
    await tx.execute(sql`lock table rent_calendar in exclusive mode`);
    const kept = await tx.execute(sql`select time_zone from rent_calendar where id = 1`);
    if (rowsOf(z.object({ time_zone: z.string() }), kept)[0]?.time_zone === timeZone) return;
    await tx.execute(sql`
      insert into rent_calendar (id, time_zone) values (1, ${timeZone})
      on conflict (id) do update set time_zone = excluded.time_zone`);
    await tx.execute(sql`delete from rent_collected_days`);
    await tx.execute(sql`
      insert into rent_collected_days (day, amount)
      select ${dayReceived(timeZone)}, sum(rent - discount) from payments group by 1`);
  });
}

/** The twelve months of the chart, the current one last. */
function chartMonths(now: Date, timeZone: string) {
  const current = calendarDay(now, timeZone).slice(0, 7);
  return { first: addMonths(current, -11), current, next: addMonths(current, 1) };
}

function fillMonths(
  { first, current }: { first: string; current: string },
  byMonth: Map<string, number>,
): { billingMonth: string; amount: number }[] {
  const months: { billingMonth: string; amount: number }[] = [];
  for (let month = first; month <= current; month = addMonths(month, 1)) {
    months.push({ billingMonth: month, amount: byMonth.get(month) ?? 0 });
  }
  return months;
}

const monthTotal = z.object({ month: z.string(), amount: z.coerce.number() });

/** Rent received per month over the last twelve months (admin chart), in whole BDT, by any method. */
export async function rentCollectedByMonth(
  db: Database,
  now: Date,
  timeZone: string,
): Promise<{ billingMonth: string; amount: number }[]> {
  const months = chartMonths(now, timeZone);
  // The calendar and its days in one statement, so one snapshot: totals kept in another zone
  // (a server with another TIME_ZONE started last) are not read.
  const result = await db.execute(sql`
    select c.time_zone, m.month, m.amount
    from rent_calendar c
    left join lateral (
      select to_char(d.day, 'YYYY-MM') as month, sum(d.amount) as amount
      from rent_collected_days d
      where d.day >= ${`${months.first}-01`}::date and d.day < ${`${months.next}-01`}::date
      group by 1
    ) m on true
    where c.id = 1`);
  const rows = rowsOf(
    z.object({
      time_zone: z.string(),
      month: z.string().nullable(),
      amount: z.coerce.number().nullable(),
    }),
    result,
  );
  if (rows[0]?.time_zone !== timeZone) return rentCollectedWorkedOut(db, now, timeZone);
  return fillMonths(
    months,
    new Map(rows.flatMap((row) => (row.month ? [[row.month, row.amount ?? 0] as const] : []))),
  );
}

/**
 * The same chart worked out from the payments themselves: what the kept totals must equal, and
 * the answer while they are kept in another time zone. Each payment is put in its month by
 * comparing it with the months' first moments, worked out once in the building's time zone,
 * rather than by converting every payment's instant to a local day.
 */
export async function rentCollectedWorkedOut(
  db: Database,
  now: Date,
  timeZone: string,
): Promise<{ billingMonth: string; amount: number }[]> {
  const months = chartMonths(now, timeZone);
  const result = await db.execute(sql`
    with bounds as materialized (
      select array_agg(m::date order by m) as days,
        array_agg(m at time zone ${timeZone} order by m) as instants
      from generate_series(${`${months.first}-01`}::timestamp, ${`${months.next}-01`}::timestamp,
        interval '1 month') m
    ),
    received as (
      select r.bucket, sum(r.amount) as amount
      from bounds b
      cross join lateral (
        select case when p.received_on is not null then width_bucket(p.received_on, b.days)
            else width_bucket(p.paid_at, b.instants) end as bucket,
          p.rent - p.discount as amount
        from payments p
        -- Never received after it was recorded, so a payment recorded before the first month
        -- was received before it too (and the index on paid_at narrows the scan).
        where p.paid_at >= b.instants[1]
      ) r
      group by r.bucket
    )
    select to_char(b.days[r.bucket], 'YYYY-MM') as month, r.amount
    from received r cross join bounds b
    where r.bucket between 1 and 12`);
  return fillMonths(
    months,
    new Map(rowsOf(monthTotal, result).map((row) => [row.month, row.amount])),
  );
}
