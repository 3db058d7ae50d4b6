import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoPair } from './servers';

const serverUrl = process.env.DATABASE_URL ?? '';

/**
 * The schedules of two app servers on one PostgreSQL database run the daily rent notices at the
 * same moment, over and over, with their job workers on: each tenant gets one reminder for the
 * month, and one mail for it, whichever server wrote or sent it.
 */
describe('rent reminders with two servers on PostgreSQL', () => {
  // Dhaka, three days before December's rent falls due (the 1st): the reminder's first day.
  const now = '2026-11-28T09:00:00+06:00';
  let pair: Awaited<ReturnType<typeof startDemoPair>>;
  beforeAll(async () => {
    pair = await startDemoPair(serverUrl, now, { JOB_WORKERS: '1' });
  }, 120_000);
  afterAll(() => pair.stop());

  const count = async (query: string) => {
    const { rows } = await pair.database.executeSql(query);
    const [row] = rows as { n: number }[];
    return Number(row?.n ?? 0);
  };

  it('one reminder per lease and month, one mail each, however many runs race', async () => {
    const runs = [];
    for (let round = 0; round < 4; round++) {
      for (const server of pair.servers) {
        runs.push(pair.post(server, '', '/api/test/jobs/payments.rent-notices', {}));
      }
    }
    const answers = await Promise.all(runs);
    expect(answers.map((answer) => answer.status)).toEqual(runs.map(() => 202));

    // Wait until both servers' workers have done every job (notices → mail → delivery). A
    // notice's mail job starts a moment after its commit wakes the servers, so the wait is for
    // the outcome: no job left, and a mail for every notice (more mails would never match).
    const unfinished = `select count(*)::int as n from pgboss.job
      where name in ('payments.rent-notices', 'notifications.send', 'mail.deliver')
        and state not in ('completed', 'failed', 'cancelled')`;
    const noticeCount = "select count(*)::int as n from notifications where kind = 'rent-reminder'";
    const mailCount = "select count(*)::int as n from mail_messages where kind = 'rent-reminder'";
    const settled = async () =>
      (await count(unfinished)) === 0 &&
      (await count(noticeCount)) > 0 &&
      (await count(mailCount)) === (await count(noticeCount));
    const deadline = Date.now() + 60_000;
    while (!(await settled()) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(await count(unfinished)).toBe(0);
    expect(
      await count(
        "select count(*)::int as n from pgboss.job where name = 'payments.rent-notices' and state = 'completed'",
      ),
    ).toBe(8);

    const notices = await count(noticeCount);
    expect(notices).toBeGreaterThan(0);
    expect(await count(mailCount)).toBe(notices);
    expect(
      await count(`select count(*)::int as n from (
        select to_address from mail_messages where kind = 'rent-reminder'
        group by to_address, subject having count(*) > 1) twice`),
    ).toBe(0);
    expect(
      await count(
        "select count(*)::int as n from mail_messages where kind = 'rent-reminder' and status <> 'sent'",
      ),
    ).toBe(0);
    expect(pair.statuses.every((status) => status < 500)).toBe(true);
  });
});
