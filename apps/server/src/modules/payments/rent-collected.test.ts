import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build';
import { newMember } from '../../../test/payments';
import { agreements, payments, users } from '../../db/schema';
import { FakeClock } from '../../lib/clock';
import { rowsOf } from '../../lib/sql-rows';
import { z } from 'zod';
import {
  keepRentCalendar,
  rentCollectedByMonth,
  rentCollectedWorkedOut,
} from './rent-collected.service';

/**
 * The admin's rent-collected chart puts each payment in the building's month the money came in:
 * a card's by the instant it was charged, in Dhaka's time (UTC+6), a payment by hand by the day
 * it was received. The months' edges are where a mistake would show.
 */
const clock = new FakeClock('2026-11-15T04:00:00Z');
const timeZone = 'Asia/Dhaka';
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ demo: true, clock });
});

afterAll(async () => {
  await t?.close();
});

describe('rent collected by month', () => {
  it('counts a card at its instant in the building’s time and cash on the day received', async () => {
    const tenant = await newMember(t, 'C-302', 'Edge Payer');
    const [lease] = await t.database.db
      .select({ id: agreements.id })
      .from(agreements)
      .where(eq(agreements.tenantId, tenant.id));
    const [admin] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'admin@structo.com'));
    if (!lease || !admin) throw new Error('no lease or admin');
    const chart = async () =>
      new Map(
        (await rentCollectedByMonth(t.database.db, clock.now(), timeZone)).map((month) => [
          month.billingMonth,
          month.amount,
        ]),
      );
    const before = await chart();

    // Each payment a rent of its own, a power of ten, so a month's sum shows which ones it holds.
    const card = (month: string, rent: number, paidAt: string) => ({
      transactionId: `pi_edge_${month}`,
      userId: tenant.id,
      agreementId: lease.id,
      billingMonth: `${month}-01`,
      rent,
      amountCharged: rent * 100,
      currency: 'bdt',
      paidAt: new Date(paidAt),
    });
    const cash = (month: string, rent: number, receivedOn: string, recordedAt: string) => ({
      ...card(month, rent, recordedAt),
      transactionId: `CASH-edge-${month}`,
      provider: 'offline',
      method: 'cash',
      receivedOn,
      recordedBy: admin.id,
    });
    await t.database.db.insert(payments).values([
      // 23:59:59 on 30 November 2025 in Dhaka: before the chart's first month.
      card('2025-01', 1, '2025-11-30T17:59:59Z'),
      // Midnight on 1 December 2025 in Dhaka: the first month's first moment.
      card('2025-02', 10, '2025-11-30T18:00:00Z'),
      // The last moment of September in Dhaka, and the first of October.
      card('2025-03', 100, '2026-09-30T17:59:59.999Z'),
      card('2025-04', 1_000, '2026-09-30T18:00:00Z'),
      // Received on the last day of October, recorded in November: October's.
      cash('2025-05', 10_000, '2026-10-31', '2026-11-02T05:00:00Z'),
      // Received on the first of November: November's.
      cash('2025-06', 100_000, '2026-11-01', '2026-11-01T12:00:00Z'),
      // Received on 30 November 2025, recorded in December: before the first month, though
      // recorded inside the chart's year.
      cash('2025-07', 1_000_000, '2025-11-30', '2025-12-03T05:00:00Z'),
      // Midnight on 1 December 2026 in Dhaka: after the chart's last month (this one).
      card('2025-08', 10_000_000, '2026-11-30T18:00:00Z'),
    ]);

    const after = await chart();
    const added = (month: string) => (after.get(month) ?? 0) - (before.get(month) ?? 0);
    expect(added('2025-12')).toBe(10);
    expect(added('2026-09')).toBe(100);
    expect(added('2026-10')).toBe(1_000 + 10_000);
    expect(added('2026-11')).toBe(100_000);
    const total = (chart: Map<string, number>) =>
      [...chart.values()].reduce((sum, amount) => sum + amount, 0);
    expect(total(after) - total(before)).toBe(10 + 100 + 1_000 + 10_000 + 100_000);
    // The chart read the day totals the payments' triggers keep; they agree with the payments.
    expect(await rentCollectedByMonth(t.database.db, clock.now(), timeZone)).toEqual(
      await rentCollectedWorkedOut(t.database.db, clock.now(), timeZone),
    );
  });

  it('reads day totals the payments keep, changed with every payment and rebuilt in another zone', async () => {
    const db = t.database.db;
    const chart = () => rentCollectedByMonth(db, clock.now(), timeZone);
    const month = (rows: { billingMonth: string; amount: number }[], billingMonth: string) =>
      rows.find((row) => row.billingMonth === billingMonth)?.amount;
    const november = month(await chart(), '2026-11') ?? 0;

    // What is kept is what is read: a day's total altered by hand shows in the chart.
    await db.execute(
      sql`update rent_collected_days set amount = amount + 7 where day = '2026-11-01'`,
    );
    expect(month(await chart(), '2026-11')).toBe(november + 7);
    await db.execute(
      sql`update rent_collected_days set amount = amount - 7 where day = '2026-11-01'`,
    );

    // A payment changed or taken out moves its days' totals in the same statement.
    const tenant = await newMember(t, 'C-403', 'Day Total');
    const [lease] = await db
      .select({ id: agreements.id })
      .from(agreements)
      .where(eq(agreements.tenantId, tenant.id));
    if (!lease) throw new Error('no lease');
    await db.insert(payments).values({
      transactionId: 'pi_day_total',
      userId: tenant.id,
      agreementId: lease.id,
      billingMonth: '2026-01-01',
      rent: 5_000,
      discount: 500,
      amountCharged: 450_000,
      currency: 'bdt',
      paidAt: new Date('2026-11-10T06:00:00Z'),
    });
    expect(month(await chart(), '2026-11')).toBe(november + 4_500);
    // Moved into October (23:59 on 31 October in Dhaka) and charged less.
    await db
      .update(payments)
      .set({ paidAt: new Date('2026-10-31T17:59:00Z'), discount: 1_000 })
      .where(eq(payments.transactionId, 'pi_day_total'));
    const moved = await chart();
    expect(month(moved, '2026-11')).toBe(november);
    expect(moved).toEqual(await rentCollectedWorkedOut(db, clock.now(), timeZone));
    await db.delete(payments).where(eq(payments.transactionId, 'pi_day_total'));
    expect(await chart()).toEqual(await rentCollectedWorkedOut(db, clock.now(), timeZone));

    // A server in London keeps the days in London's calendar: rebuilt from every payment. A chart
    // asked in Dhaka's meanwhile is worked out from the payments, not read from London's days.
    try {
      await keepRentCalendar(db, 'Europe/London');
      expect(await rentCollectedByMonth(db, clock.now(), 'Europe/London')).toEqual(
        await rentCollectedWorkedOut(db, clock.now(), 'Europe/London'),
      );
      await db.execute(sql`update rent_collected_days set amount = amount + 7`);
      expect(await chart()).toEqual(await rentCollectedWorkedOut(db, clock.now(), timeZone));
    } finally {
      await keepRentCalendar(db, timeZone);
    }
    // Back in Dhaka's calendar, rebuilt: the hand-made change is gone.
    expect(await chart()).toEqual(await rentCollectedWorkedOut(db, clock.now(), timeZone));

    // With no calendar at all (its row deleted by hand), a payment is still recorded and the chart
    // is worked out from the payments; the next server to start keeps the calendar again, with
    // every payment's day.
    const keptTotal = async () =>
      rowsOf(
        z.object({ kept: z.string(), paid: z.string() }),
        await db.execute(sql`
          select (select coalesce(sum(amount), 0) from rent_collected_days)::text as kept,
            (select coalesce(sum(rent - discount), 0) from payments)::text as paid`),
      )[0];
    await db.execute(sql`delete from rent_calendar`);
    await db.insert(payments).values({
      transactionId: 'pi_no_calendar',
      userId: tenant.id,
      agreementId: lease.id,
      billingMonth: '2026-02-01',
      rent: 3_000,
      amountCharged: 300_000,
      currency: 'bdt',
      paidAt: new Date('2026-11-11T06:00:00Z'),
    });
    expect(month(await chart(), '2026-11')).toBe(november + 3_000);
    await keepRentCalendar(db, timeZone);
    const totals = await keptTotal();
    expect(totals?.kept).toBe(totals?.paid);
    expect(month(await chart(), '2026-11')).toBe(november + 3_000);
  });
});
