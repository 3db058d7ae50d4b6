import { addMonths } from '@structomate/contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { addDays, calendarDay } from '../../lib/clock';
import { defineJob, runsAt, ScheduledRunSchema } from '../../plugins/jobs';
import { notify } from '../notifications/notifications.service';
import { billingRules } from './payments.service';
import { rowsOf } from '../../lib/sql-rows';
import { billedMonths, dueDateIn, type BillingRules } from './ledger.service';

/** A reminder goes this many days before rent falls due. */
export const REMINDER_DAYS_BEFORE = 3;

const UnpaidMonthSchema = z.object({
  tenant_id: z.string(),
  agreement_id: z.string(),
  month: z.string(),
  rent: z.coerce.number(),
  granted_on: z.string().nullable(),
  due_day: z.coerce.number(),
  grace_days: z.coerce.number(),
});

/**
 * Reminds tenants of rent due within REMINDER_DAYS_BEFORE days, and tells them once it is overdue
 * (past the due day and the grace days): at most one of each per lease and month, whichever
 * server's schedule runs and however often, as each notice is keyed by lease, month and kind.
 * Next month's rent may fall due within the window (due on the 1st); overdue notices cover this
 * month and the last: older debts are the office's to chase.
 */
export async function sendRentNotices(
  db: Database,
  rules: BillingRules,
  now: Date,
): Promise<{ reminders: number; overdue: number }> {
  const today = calendarDay(now, rules.timeZone);
  const month = today.slice(0, 7);
  const result = await db.execute(sql`
    select b.tenant_id, b.agreement_id, to_char(b.month, 'YYYY-MM') as month, b.rent,
      to_char(b.granted_on, 'YYYY-MM-DD') as granted_on, b.due_day, b.grace_days
    from (${billedMonths(rules, today, sql`a.status = 'accepted'`)}) b
    where b.transaction_id is null
      and b.month between ${`${addMonths(month, -1)}-01`}::date
        and ${`${addMonths(month, 1)}-01`}::date`);
  let reminders = 0;
  let overdue = 0;
  for (const row of rowsOf(UnpaidMonthSchema, result)) {
    const dueOn = dueDateIn(row.month, row.due_day, row.granted_on);
    const data = { month: row.month, amount: row.rent, dueOn };
    if (today > addDays(dueOn, row.grace_days)) {
      const key = `rent-overdue:${row.agreement_id}:${row.month}`;
      if (await notify(db, row.tenant_id, { kind: 'rent-overdue', data }, key)) overdue += 1;
    } else if (today >= addDays(dueOn, -REMINDER_DAYS_BEFORE) && today <= dueOn) {
      const key = `rent-reminder:${row.agreement_id}:${row.month}`;
      if (await notify(db, row.tenant_id, { kind: 'rent-reminder', data }, key)) reminders += 1;
    }
  }
  return { reminders, overdue };
}

export const rentNoticesJob = defineJob({
  name: 'payments.rent-notices',
  data: ScheduledRunSchema,
  // Every morning in the building's time zone; a missed morning is caught up the next.
  cron: '0 9 * * *',
  run: async (app, data, { log }) => {
    const sent = await sendRentNotices(app.db, billingRules(app.config), runsAt(app, data));
    if (sent.reminders + sent.overdue > 0) log.info(sent, 'wrote rent reminders and notices');
  },
});
