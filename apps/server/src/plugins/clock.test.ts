import { RentLedgerSchema } from '@structomate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, loginAs, type TestApp } from '../../test/build';
import { FakeClock } from '../lib/clock';

/** The clock a request runs on: the app's, or (tests only) the one its X-Test-Clock names. */
describe('the request clock', () => {
  let plain: TestApp;
  let testing: TestApp;
  beforeAll(async () => {
    const clock = new FakeClock('2026-11-23T10:00:00+06:00');
    [plain, testing] = await Promise.all([
      buildTestApp({ demo: true, clock }),
      buildTestApp({ demo: true, clock, config: { testClock: true } }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([plain.close(), testing.close()]);
  });

  const today = async (app: TestApp, header?: string) => {
    const member = await loginAs(app.app, 'member');
    const response = await member.inject({
      method: 'POST',
      url: '/api/rent/ledger',
      headers: header ? { 'x-test-clock': header } : {},
    });
    return { status: response.statusCode, body: response.body };
  };

  it('ignores X-Test-Clock unless TEST_CLOCK is on (it never is in production)', async () => {
    const answer = await today(plain, '2031-01-15T12:00:00Z');
    expect(RentLedgerSchema.parse(JSON.parse(answer.body)).today).toBe('2026-11-23');
  });

  it('with TEST_CLOCK, a request runs at the time it names', async () => {
    const answer = await today(testing, '2027-01-15T12:00:00+06:00');
    expect(RentLedgerSchema.parse(JSON.parse(answer.body)).today).toBe('2027-01-15');
    const without = await today(testing);
    expect(RentLedgerSchema.parse(JSON.parse(without.body)).today).toBe('2026-11-23');
  });

  it('refuses a time it cannot read with 400', async () => {
    const answer = await today(testing, 'next tuesday');
    expect(answer.status).toBe(400);
    expect(answer.body).toContain('x-test-clock must be an ISO 8601 instant');
  });
});
