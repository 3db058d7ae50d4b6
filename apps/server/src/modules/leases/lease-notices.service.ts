import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { agreements, apartments } from '../../db/schema';
import { addDays, calendarDay } from '../../lib/clock';
import { defineJob, runsAt, ScheduledRunSchema } from '../../plugins/jobs';
import { notify } from '../notifications/notifications.service';

/** Tenants hear of their lease's end this many days before it (the nearest still ahead). */
export const LEASE_ENDING_NOTICES = [60, 30] as const;

/**
 * Tells each tenant 60 and 30 days before their lease's last day (the day notice ends it, else
 * its term's end), once each: a lease given notice 20 days ahead hears only the 30-day notice.
 */
export async function sendLeaseEndingNotices(
  db: Database,
  timeZone: string,
  now: Date,
): Promise<number> {
  const today = calendarDay(now, timeZone);
  const horizon = addDays(today, Math.max(...LEASE_ENDING_NOTICES));
  const lastDay = sql<string>`to_char(coalesce(${agreements.endsOn}, ${agreements.endDate}), 'YYYY-MM-DD')`;
  const ending = await db
    .select({
      id: agreements.id,
      tenantId: agreements.tenantId,
      apartmentNo: apartments.apartmentNo,
      lastDay,
    })
    .from(agreements)
    .innerJoin(apartments, eq(apartments.id, agreements.apartmentId))
    .where(
      and(
        eq(agreements.status, 'accepted'),
        sql`coalesce(${agreements.endsOn}, ${agreements.endDate}) between ${today}::date and ${horizon}::date`,
      ),
    );
  let sent = 0;
  for (const lease of ending) {
    const days = Math.round(
      (Date.parse(`${lease.lastDay}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000,
    );
    const notice = [...LEASE_ENDING_NOTICES].sort((a, b) => a - b).find((limit) => days <= limit);
    if (notice === undefined) continue;
    const key = `lease-ending:${lease.id}:${lease.lastDay}:${notice}`;
    const data = { apartmentNo: lease.apartmentNo, endsOn: lease.lastDay, days };
    if (await notify(db, lease.tenantId, { kind: 'lease-ending', data }, key)) sent += 1;
  }
  return sent;
}

export const leaseEndingNoticesJob = defineJob({
  name: 'leases.ending-notices',
  data: ScheduledRunSchema,
  cron: '0 9 * * *',
  run: async (app, data, { log }) => {
    const sent = await sendLeaseEndingNotices(app.db, app.config.rent.timeZone, runsAt(app, data));
    if (sent > 0) log.info({ sent }, 'wrote lease-ending notices');
  },
});
