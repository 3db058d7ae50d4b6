import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationStatements } from '../../test/migrations';

/**
 * 0003 moves payment data as well as the schema: run on a database left by 0000–0002 with the
 * old code's double charges and double coupon holds in it, it must leave at most one live intent
 * per member and month and per member and coupon (or its indexes fail), void only the sandbox's
 * test money itself, and list for maintenance every Stripe intent it closed without asking.
 */
const USER = '00000000-0000-4000-8000-000000000001';
const APARTMENT = '00000000-0000-4000-8000-000000000002';
const LEASE = '00000000-0000-4000-8000-000000000003';
const COUPON_C = '00000000-0000-4000-8000-00000000000c';
const COUPON_D = '00000000-0000-4000-8000-00000000000d';

let pg: PGlite;
beforeAll(async () => {
  pg = new PGlite();
  for (const number of ['0000', '0001', '0002']) {
    for (const statement of migrationStatements(number)) await pg.exec(statement);
  }
  await pg.exec(`
    insert into images (id, mime_type, width, height, byte_size, data)
      values (repeat('a', 64), 'image/webp', 1, 1, 1, '\\x00');
    insert into users (id, email, display_name, role) values ('${USER}', 'u@example.com', 'U', 'member');
    insert into apartments (id, apartment_no, details, image_id, floor_no, block_name, rent)
      values ('${APARTMENT}', 'A-1', 'x', repeat('a', 64), 1, 'A', 40000);
    insert into agreements (id, tenant_id, apartment_id, status, rent, checked_at)
      values ('${LEASE}', '${USER}', '${APARTMENT}', 'accepted', 40000, '2026-01-01');
    insert into coupons (id, code, heading, description, percentage, valid_until) values
      ('${COUPON_C}', 'CCC', 'h', 'd', 10, '2099-01-01'),
      ('${COUPON_D}', 'DDD', 'h', 'd', 10, '2099-01-01');
  `);
  const intent = (
    id: string,
    provider: string,
    month: string,
    status: string,
    coupon: string | null,
    created: string,
  ) => `('${id}', '${provider}', '${USER}', '${LEASE}', '${month}-01', 40000,
      ${coupon ? 4000 : 0}, ${coupon ? `'${coupon}'` : 'null'}, ${coupon ? 3_600_000 : 4_000_000},
      ${provider === 'sandbox' ? "'usd'" : "'bdt'"}, '${status}', 'secret_${id}', '${created}')`;
  await pg.exec(`
    insert into payment_intents (id, provider, user_id, agreement_id, billing_month, rent,
      discount, coupon_id, amount, currency, status, client_secret, created_at) values
      ${intent('s1', 'sandbox', '2026-10', 'succeeded', null, '2026-10-01')},
      ${intent('s2', 'sandbox', '2026-10', 'succeeded', null, '2026-10-02')},
      ${intent('st1', 'stripe', '2026-11', 'succeeded', null, '2026-11-01')},
      ${intent('st2', 'stripe', '2026-11', 'open', null, '2026-11-02')},
      ${intent('st3', 'stripe', '2026-09', 'succeeded', COUPON_C, '2026-09-01')},
      ${intent('st4', 'stripe', '2026-12', 'open', COUPON_C, '2026-11-20')},
      ${intent('st5', 'stripe', '2027-01', 'open', COUPON_D, '2026-11-21')},
      ${intent('st6', 'stripe', '2027-02', 'open', COUPON_D, '2026-11-22')},
      ${intent('s7', 'sandbox', '2027-03', 'open', null, '2026-11-23')};
    insert into payments (transaction_id, user_id, agreement_id, billing_month, rent, discount,
      amount_charged, currency, coupon_id, provider) values
      ('s1', '${USER}', '${LEASE}', '2026-10-01', 40000, 0, 4000000, 'usd', null, 'sandbox'),
      ('st1', '${USER}', '${LEASE}', '2026-11-01', 40000, 0, 4000000, 'bdt', null, 'stripe'),
      ('st3', '${USER}', '${LEASE}', '2026-09-01', 40000, 4000, 3600000, 'bdt', '${COUPON_C}', 'stripe');
  `);
  for (const statement of migrationStatements('0003')) await pg.exec(statement);
});
afterAll(() => pg.close());

const rows = async <T>(query: string) => (await pg.query<T>(query)).rows;

describe('migration 0003 on the old payments', () => {
  it('leaves one live intent per month and per coupon: the recorded ones and the newest open one', async () => {
    const intents = await rows<{ id: string; status: string }>(
      'select id, status from payment_intents order by id',
    );
    expect(Object.fromEntries(intents.map((row) => [row.id, row.status]))).toEqual({
      s1: 'succeeded',
      s2: 'canceled',
      s7: 'open',
      st1: 'succeeded',
      st2: 'canceled',
      st3: 'succeeded',
      st4: 'canceled',
      st5: 'canceled',
      st6: 'open',
    });
  });

  it("voids the sandbox's own unrecorded charges and keeps its open intent payable", async () => {
    const sandbox = await rows<{ id: string; status: string }>(
      'select id, status from sandbox_intents order by id',
    );
    expect(sandbox).toEqual([
      { id: 's1', status: 'succeeded' },
      { id: 's2', status: 'canceled' },
      { id: 's7', status: 'requires_payment_method' },
    ]);
  });

  it('lists every Stripe intent it closed, for maintenance to settle with Stripe', async () => {
    const listed = await rows<{ intent_id: string }>(
      'select intent_id from intents_to_settle order by intent_id',
    );
    expect(listed.map((row) => row.intent_id)).toEqual(['st2', 'st4', 'st5']);
  });

  it('reads the sandbox\'s "usd" payments as the taka they were', async () => {
    const currencies = await rows<{ transaction_id: string; currency: string }>(
      'select transaction_id, currency from payments order by transaction_id',
    );
    expect(currencies.map((row) => row.currency)).toEqual(['bdt', 'bdt', 'bdt']);
  });
});
