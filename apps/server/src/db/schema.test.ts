import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database';
import { rowsOf } from '../lib/sql-rows';
import type { DatabaseHandle } from './client';
import { agreements, apartments, coupons, images, users } from './schema';

// Invariants the database itself enforces, whatever the code above it does.
let database: DatabaseHandle;
let imageId: string;
beforeAll(async () => {
  database = await createTestDatabase();
  const data = Buffer.from('not really an image, but bytes');
  imageId = createHash('sha256').update(data).digest('hex');
  await database.db.insert(images).values({
    id: imageId,
    mimeType: 'image/webp',
    width: 1,
    height: 1,
    byteSize: data.length,
    data,
  });
});
afterAll(() => database.close());

/** Drizzle wraps driver errors; the PostgreSQL constraint name is on the cause. */
async function violation(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    const cause = error instanceof Error ? error.cause : undefined;
    if (cause && typeof cause === 'object' && 'constraint' in cause)
      return String(cause.constraint);
    if (cause instanceof Error) return cause.message;
    throw error;
  }
  throw new Error('expected the database to refuse this');
}

let apartmentCounter = 0;
const apartment = (overrides: Partial<typeof apartments.$inferInsert> = {}) => {
  apartmentCounter += 1;
  return {
    apartmentNo: `T-${apartmentCounter}`,
    details: 'test flat',
    floorNo: 1,
    blockName: 'T',
    rent: 1000,
    ...overrides,
  };
};

describe('database constraints', () => {
  it('refuses a rent of zero or less', async () => {
    expect(await violation(database.db.insert(apartments).values(apartment({ rent: 0 })))).toBe(
      'apartments_rent_positive',
    );
  });

  it('refuses a second account whose email differs only in case', async () => {
    await database.db.insert(users).values({ email: 'Case@Example.com', displayName: 'One' });
    expect(
      await violation(
        database.db.insert(users).values({ email: 'case@example.COM', displayName: 'Two' }),
      ),
    ).toBe('users_email_lower_unique');
  });

  it('refuses a plaintext password', async () => {
    expect(
      await violation(
        database.db
          .insert(users)
          .values({ email: 'plain@example.com', displayName: 'P', passwordHash: 'Secret123' }),
      ),
    ).toBe('users_password_hash_argon2id');
  });

  it('refuses a second accepted lease for one apartment', async () => {
    const [flat] = await database.db.insert(apartments).values(apartment()).returning();
    const tenants = await database.db
      .insert(users)
      .values([
        { email: 'first@example.com', displayName: 'First' },
        { email: 'second@example.com', displayName: 'Second' },
      ])
      .returning();
    const lease = (tenantId: string) => ({
      tenantId,
      apartmentId: flat?.id ?? '',
      status: 'accepted' as const,
      rent: 1000,
      checkedAt: new Date(),
    });
    await database.db.insert(agreements).values(lease(tenants[0]?.id ?? ''));
    expect(
      await violation(database.db.insert(agreements).values(lease(tenants[1]?.id ?? ''))),
    ).toBe('agreements_one_accepted_per_apartment');
  });

  it('refuses an agreement for an apartment that does not exist', async () => {
    const [tenant] = await database.db
      .insert(users)
      .values({ email: 'ghost@example.com', displayName: 'Ghost' })
      .returning();
    expect(
      await violation(
        database.db.insert(agreements).values({
          tenantId: tenant?.id ?? '',
          apartmentId: '6c1f5d9e-3b7a-4c2e-9f10-2a4b6c8d0e1f',
          rent: 1000,
        }),
      ),
    ).toBe('agreements_apartment_id_apartments_id_fk');
  });

  it('refuses a decided agreement without its checked date', async () => {
    const [flat] = await database.db.insert(apartments).values(apartment()).returning();
    const [tenant] = await database.db
      .insert(users)
      .values({ email: 'undated@example.com', displayName: 'Undated' })
      .returning();
    expect(
      await violation(
        database.db.insert(agreements).values({
          tenantId: tenant?.id ?? '',
          apartmentId: flat?.id ?? '',
          status: 'rejected',
          rent: 1000,
        }),
      ),
    ).toBe('agreements_checked_when_decided');
  });

  it('refuses coupon codes that repeat case-insensitively and discounts outside 1–100', async () => {
    const coupon = {
      heading: 'Deal',
      description: 'Test',
      percentage: 10,
      validUntil: '2030-01-01',
    };
    await database.db.insert(coupons).values({ ...coupon, code: 'SAVE10' });
    expect(await violation(database.db.insert(coupons).values({ ...coupon, code: 'save10' }))).toBe(
      'coupons_code_lower_unique',
    );
    expect(
      await violation(
        database.db.insert(coupons).values({ ...coupon, code: 'BIG', percentage: 101 }),
      ),
    ).toBe('coupons_percentage_range');
  });

  it('refuses a lease with a start but no end, or ending before it starts', async () => {
    const [tenant] = await database.db
      .insert(users)
      .values({ email: 'terms@example.com', displayName: 'Terms', role: 'user' })
      .returning({ id: users.id });
    const [flat] = await database.db
      .insert(apartments)
      .values(apartment())
      .returning({ id: apartments.id });
    const lease = { tenantId: tenant?.id ?? '', apartmentId: flat?.id ?? '', rent: 1000 };
    expect(
      await violation(
        database.db.insert(agreements).values({ ...lease, startDate: '2026-12-01', rentDueDay: 1 }),
      ),
    ).toBe('agreements_terms_complete');
    expect(
      await violation(
        database.db.insert(agreements).values({
          ...lease,
          startDate: '2026-12-01',
          endDate: '2026-11-30',
          rentDueDay: 1,
        }),
      ),
    ).toBe('agreements_terms_complete');
    expect(
      await violation(
        database.db.insert(agreements).values({
          ...lease,
          startDate: '2026-12-01',
          endDate: '2027-11-30',
          rentDueDay: 31,
        }),
      ),
    ).toBe('agreements_rent_due_day_range');
  });
});

/**
 * Tables whose changes are not announced on `structomate_changed` (migration 0025, ADR 019),
 * each with why no answer kept in an app server's memory can go stale by them.
 */
const NOT_ANNOUNCED: Record<string, string> = {
  rate_limits: 'throttling counters, written by every login; no kept answer reads them',
  app_secrets: 'keys made once at first start',
  audit_log: 'written beside a change that is itself announced; no kept answer reads it',
  mail_messages: 'the mail outbox, written by jobs; no kept answer reads it',
  notifications: 'notices waiting to be mailed, written by jobs; no kept answer reads them',
  stripe_events: 'the payment provider’s webhooks, stored once; payments are announced',
  intents_to_settle: 'payments waiting to be confirmed; the payment, once made, is announced',
  sandbox_intents: 'the embedded payment sandbox’s own state',
  password_resets: 'one-time tokens; the password and sessions they change are announced',
  email_changes: 'one-time tokens; the email they change is announced',
  setup_tokens: 'one-time tokens; the building they set up is announced',
  tenant_money_versions: 'kept by triggers from announced tables in the same transaction',
  lease_figures: 'figures kept from announced tables (and written by reads)',
  occupancy_version: 'kept by triggers from announced tables in the same transaction',
  occupancy_figures: 'figures kept from announced tables (and written by reads)',
  rent_calendar: 'the months of the rent chart, kept from announced tables',
  rent_collected_days: 'kept by triggers from announced payments in the same transaction',
};

describe('change notices (ADR 019)', () => {
  it('announces every table but those named, and sessions only when they end or change', async () => {
    const tables = rowsOf(
      z.object({ name: z.string() }),
      await database.db.execute(
        sql`select tablename as name from pg_tables where schemaname = current_schema()`,
      ),
    );
    const triggers = rowsOf(
      z.object({ table: z.string(), args: z.string(), type: z.number() }),
      await database.db.execute(sql`
      select c.relname as table, encode(t.tgargs, 'escape') as args, t.tgtype::int as type
      from pg_trigger t
      join pg_class c on c.oid = t.tgrelid
      join pg_proc p on p.oid = t.tgfoid
      where p.proname = 'structomate_changed'`),
    );
    const announced = new Set(triggers.map((row) => row.table));
    const silent = tables
      .map((row) => row.name)
      .filter((name) => !announced.has(name))
      .sort();
    expect(silent).toEqual(Object.keys(NOT_ANNOUNCED).sort());
    const topics = new Map(triggers.map((row) => [row.table, row.args.replace(/\\000$/, '')]));
    for (const table of ['sessions', 'users', 'agreements']) expect(topics.get(table)).toBe('who');
    expect(topics.get('payments')).toBe('data');
    // What each table's triggers fire on (pg_trigger.tgtype: 1 row, 4 insert, 8 delete,
    // 16 update, 32 truncate): every row written, and a truncate; for sessions, not a new one.
    const events = (table: string) =>
      triggers
        .filter((row) => row.table === table)
        .map((row) =>
          Object.entries({ row: 1, insert: 4, delete: 8, update: 16, truncate: 32 })
            .filter(([, bit]) => (row.type & bit) !== 0)
            .map(([name]) => name)
            .join(' '),
        )
        .sort();
    for (const table of announced) {
      expect(events(table), table).toEqual(
        table === 'sessions'
          ? ['row delete update', 'truncate']
          : ['row insert delete update', 'truncate'],
      );
    }
  });

  it('says so on commit when a row changes, not for a statement that changes none', async () => {
    const heard: string[] = [];
    const stop = await database.listen('structomate_changed', (topic) => heard.push(topic));
    try {
      await database.db
        .update(users)
        .set({ displayName: 'Nobody' })
        .where(sql`false`);
      await database.db
        .update(coupons)
        .set({ percentage: 5 })
        .where(sql`false`);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(heard).toEqual([]);
      await database.db.insert(coupons).values({
        code: 'HEARD',
        heading: 'Heard',
        description: 'Announced on insert',
        percentage: 5,
        validUntil: '2099-12-31',
      });
      await expect.poll(() => heard).toEqual(['data']);
    } finally {
      await stop();
    }
  });
});
