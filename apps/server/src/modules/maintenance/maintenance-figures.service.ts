import {
  addMonths,
  MaintenanceCategorySchema,
  OPEN_MAINTENANCE_STATUSES,
  type MaintenanceFigures,
} from '@structomate/contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { calendarDay } from '../../lib/clock';
import { rowsOf } from '../../lib/sql-rows';

/** Waiting on the building: resolved ones wait on their tenant's word. */
const openStatuses = sql.join(
  OPEN_MAINTENANCE_STATUSES.filter((status) => status !== 'resolved').map(
    (status) => sql`${status}`,
  ),
  sql`, `,
);

const HeadlineSchema = z.object({
  emergency: z.coerce.number(),
  urgent: z.coerce.number(),
  routine: z.coerce.number(),
  firstResponse: z.coerce.number().nullable(),
  resolution: z.coerce.number().nullable(),
});

const MonthRowSchema = z.object({
  month: z.string(),
  category: MaintenanceCategorySchema,
  n: z.coerce.number().int(),
});

/** Figures for the admin profile: what is open, how fast the building answers, and what breaks. */
export async function maintenanceFigures(
  db: Database,
  now: Date,
  timeZone: string,
): Promise<MaintenanceFigures> {
  const thisMonth = calendarDay(now, timeZone).slice(0, 7);
  const firstMonth = addMonths(thisMonth, -11);
  const since = new Date(now.getTime() - 90 * 86_400_000);
  const [headline, months] = await Promise.all([
    db.execute(sql`
      select
        count(*) filter (where status in (${openStatuses}) and urgency = 'emergency') as emergency,
        count(*) filter (where status in (${openStatuses}) and urgency = 'urgent') as urgent,
        count(*) filter (where status in (${openStatuses}) and urgency = 'routine') as routine,
        percentile_cont(0.5) within group (
          order by extract(epoch from first_response_at - created_at) / 3600
        ) filter (where created_at >= ${since} and first_response_at is not null)
          as "firstResponse",
        percentile_cont(0.5) within group (
          order by extract(epoch from resolved_at - created_at) / 3600
        ) filter (where created_at >= ${since} and resolved_at is not null) as resolution
      from maintenance_requests`),
    db.execute(sql`
      select to_char(created_at at time zone ${timeZone}, 'YYYY-MM') as month, category,
        count(*) as n
      from maintenance_requests
      where created_at >= (${`${firstMonth}-01`}::date)::timestamp at time zone ${timeZone}
      group by 1, 2`),
  ]);
  const head = rowsOf(HeadlineSchema, headline)[0];
  const counts = new Map<string, MaintenanceFigures['byMonth'][number]['counts']>();
  for (const row of rowsOf(MonthRowSchema, months)) {
    counts.set(row.month, { ...counts.get(row.month), [row.category]: row.n });
  }
  const hours = (value: number | null | undefined) =>
    value === null || value === undefined ? null : Math.round(value * 10) / 10;
  return {
    open: {
      emergency: head?.emergency ?? 0,
      urgent: head?.urgent ?? 0,
      routine: head?.routine ?? 0,
    },
    medianHoursToFirstResponse: hours(head?.firstResponse),
    medianHoursToResolution: hours(head?.resolution),
    byMonth: Array.from({ length: 12 }, (_, index) => {
      const month = addMonths(firstMonth, index);
      return { month, counts: counts.get(month) ?? {} };
    }),
  };
}
