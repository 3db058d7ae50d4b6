import { SaveTransactionResponseSchema } from '@structomate/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { buildTestApp, loginAs, testConfig, type TestApp } from '../../../test/build';
import { confirmCard, intentFor, saveTransaction } from '../../../test/payments';
import { paymentIntents, sandboxIntents } from '../../db/schema';
import { FakeClock } from '../../lib/clock';

/** A deployment that charges cards in dollars: taka stay the rent, the card is charged at a rate. */
const clock = new FakeClock('2026-11-23T10:00:00+06:00');
const dollars = { provider: 'sandbox' as const, currency: 'usd', rate: '121.5', stripe: undefined };
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ demo: true, clock, config: { payments: dollars } });
});
afterAll(() => t.close());

describe('charging another currency than taka', () => {
  it('asks the provider for the rent converted at the rate, in cents, and the receipt says so', async () => {
    const member = await loginAs(t.app, 'member');
    const opened = await intentFor(member, { month: '2026-11' });
    expect(opened).toMatchObject({
      rent: 48_000,
      amount: 48_000,
      currency: 'usd',
      amountInMinorUnits: 39_506,
      rate: '121.5',
    });
    const [charged] = await t.database.db
      .select({ amount: sandboxIntents.amount, currency: sandboxIntents.currency })
      .from(sandboxIntents)
      .where(eq(sandboxIntents.id, opened.paymentIntentId));
    expect(charged).toEqual({ amount: 39_506, currency: 'usd' });
    expect((await confirmCard(member, opened.clientSecret)).statusCode).toBe(200);
    const saved = SaveTransactionResponseSchema.parse(
      (await saveTransaction(member, opened.paymentIntentId)).json(),
    );
    expect(saved.transaction).toMatchObject({
      amount: 48_000,
      currency: 'usd',
      amountInMinorUnits: 39_506,
      rate: '121.5',
    });
  });

  it('an intent opened in taka is canceled, not reused, once the server charges dollars', async () => {
    const member = await loginAs(t.app, 'member');
    // The same database, served first in taka (as before a configuration change).
    const taka = await buildApp({ config: testConfig(), database: t.database, clock });
    await taka.ready();
    try {
      const login = await taka.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: 'member@structo.com', password: 'Member1234' },
      });
      const cookie = `sm_session=${login.json<{ token: string }>().token}`;
      const inTaka = await taka.inject({
        method: 'POST',
        url: '/api/create-payment-intent',
        headers: { cookie },
        payload: { month: '2026-12' },
      });
      expect(inTaka.json()).toMatchObject({ currency: 'bdt', amountInMinorUnits: 4_800_000 });
      const inDollars = await intentFor(member, { month: '2026-12' });
      expect(inDollars).toMatchObject({ currency: 'usd', amountInMinorUnits: 39_506 });
      const old = inTaka.json<{ paymentIntentId: string; clientSecret: string }>();
      const [row] = await t.database.db
        .select({ status: paymentIntents.status })
        .from(paymentIntents)
        .where(eq(paymentIntents.id, old.paymentIntentId));
      expect(row?.status).toBe('canceled');
      expect((await confirmCard(member, old.clientSecret)).statusCode).toBe(409);
    } finally {
      await taka.close();
    }
  });
});
