import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has working defaults on a bare machine', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      host: 'localhost',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      demo: true,
      logLevel: 'info',
    });
  });

  it('turns demo data off by default on PostgreSQL, and lets DEMO decide', () => {
    const url = 'postgres://postgres@127.0.0.1:5432/test';
    expect(loadConfig({ DATABASE_URL: url }).demo).toBe(false);
    expect(loadConfig({ DATABASE_URL: url, DEMO: '1' }).demo).toBe(true);
    expect(loadConfig({ DEMO: '0' }).demo).toBe(false);
  });

  it('serves the built web app in production', () => {
    expect(loadConfig({ NODE_ENV: 'production', PAYMENTS: 'sandbox' }).webDistDir).toMatch(
      /apps[/\\]web[/\\]dist$/,
    );
    expect(loadConfig({}).webDistDir).toBeUndefined();
  });

  it('in production, takes test payments only when told, and loads demo data only when told', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      'PAYMENTS must be set in production: PAYMENTS=sandbox takes test payments only (no money moves); set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET to take real ones',
    );
    const sandbox = loadConfig({ NODE_ENV: 'production', PAYMENTS: 'sandbox' });
    expect(sandbox.payments.provider).toBe('sandbox');
    // The embedded database no longer implies the demo's published passwords in production.
    expect(sandbox.demo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', PAYMENTS: 'sandbox', DEMO: '1' }).demo).toBe(true);
    const stripe = loadConfig({
      NODE_ENV: 'production',
      STRIPE_SECRET_KEY: 'sk_live_1',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
    });
    expect(stripe.payments.provider).toBe('stripe');
    expect(stripe.demo).toBe(false);
  });

  it('charges taka by default, and another currency only with an explicit rate', () => {
    expect(loadConfig({}).payments).toMatchObject({ currency: 'bdt', rate: null });
    expect(loadConfig({ PAYMENT_CURRENCY: 'usd', PAYMENT_RATE: '121.5' }).payments).toMatchObject({
      currency: 'usd',
      rate: '121.5',
    });
  });

  it('draws 4 pages at once unless told, and none with 0', () => {
    expect(loadConfig({}).pageDrawsAtOnce).toBe(4);
    expect(loadConfig({ PAGE_DRAWS_AT_ONCE: '0' }).pageDrawsAtOnce).toBe(0);
  });

  it('takes the rent due day, grace days and the building time zone', () => {
    expect(loadConfig({}).rent).toEqual({ dueDay: 1, graceDays: 0, timeZone: 'Asia/Dhaka' });
    expect(
      loadConfig({ RENT_DUE_DAY: '5', RENT_GRACE_DAYS: '3', TIME_ZONE: 'Europe/London' }).rent,
    ).toEqual({ dueDay: 5, graceDays: 3, timeZone: 'Europe/London' });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT must be a port number'],
    [{ PORT: '70000' }, 'PORT must be between 0 and 65535'],
    [
      { DATABASE_URL: 'mysql://localhost/db' },
      'DATABASE_URL must be a postgres:// or postgresql:// URL',
    ],
    [{ DEMO: 'yes' }, 'DEMO must be 1 or 0'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be one of'],
    [{ PUBLIC_URL: 'ftp://example.com' }, 'PUBLIC_URL must be an http:// or https:// URL'],
    [{ SESSION_DAYS: '0' }, 'SESSION_DAYS must be between 1 and 365'],
    [{ PAGE_DRAWS_AT_ONCE: '-1' }, 'PAGE_DRAWS_AT_ONCE must be 0 or more'],
    [{ PAGE_DRAWS_AT_ONCE: '2.5' }, 'PAGE_DRAWS_AT_ONCE must be a whole number'],
    [{ GOOGLE_CLIENT_ID: 'abc' }, 'GOOGLE_CLIENT_SECRET must be set too'],
    [{ STRIPE_SECRET_KEY: 'sk_test_x' }, 'must be set together'],
    [{ PAYMENT_CURRENCY: 'USD' }, 'PAYMENT_CURRENCY must be a three-letter currency code'],
    [{ PAYMENT_CURRENCY: 'usd' }, 'PAYMENT_CURRENCY=usd needs PAYMENT_RATE, the BDT one USD buys'],
    [{ PAYMENT_RATE: '120' }, 'PAYMENT_RATE is only for charging another currency than taka'],
    [{ PAYMENT_CURRENCY: 'usd', PAYMENT_RATE: '0' }, 'PAYMENT_RATE must be more than 0'],
    [{ PAYMENT_CURRENCY: 'usd', PAYMENT_RATE: '1,20' }, 'PAYMENT_RATE must be a positive decimal'],
    [{ PAYMENTS: 'paypal' }, 'PAYMENTS must be sandbox or stripe'],
    [{ PAYMENTS: 'stripe' }, 'PAYMENTS=stripe needs STRIPE_SECRET_KEY'],
    [
      {
        PAYMENTS: 'sandbox',
        STRIPE_SECRET_KEY: 'sk_test_1',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
        STRIPE_WEBHOOK_SECRET: 'whsec_1',
      },
      'PAYMENTS=sandbox with Stripe keys set',
    ],
    [{ RENT_DUE_DAY: '29' }, 'RENT_DUE_DAY must be between 1 and 28'],
    [{ RENT_GRACE_DAYS: '-1' }, 'RENT_GRACE_DAYS must be between 0 and 60'],
    [{ TIME_ZONE: 'Mars/Olympus' }, 'TIME_ZONE must be an IANA time zone'],
    [{ NODE_ENV: 'production', PAYMENTS: 'sandbox', TEST_CLOCK: '1' }, 'TEST_CLOCK is for tests'],
    [{ LEASE_START: 'February 1' }, 'LEASE_START must be a date like 2025-02-01'],
    [{ LEASE_START: '2026-02-01', LEASE_END: '2026-01-31' }, 'LEASE_END must be after LEASE_START'],
    [{ GOOGLE_CLIENT_SECRET: 'abc' }, 'GOOGLE_CLIENT_ID must be set too'],
  ])('stops on %o with a message naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('enables Google sign-in only with both client id and secret', () => {
    expect(loadConfig({}).google).toBeUndefined();
    expect(loadConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' }).google).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      issuer: 'https://accounts.google.com',
    });
  });

  it('takes the lease terms from the spec unless configured', () => {
    expect(loadConfig({}).lease).toEqual({
      startDate: '2025-02-01',
      endDate: '2026-01-31',
      parkingSpot: '12',
    });
    expect(
      loadConfig({ LEASE_START: '2026-03-01', LEASE_END: '2027-02-28', PARKING_SPOT: 'B7' }).lease,
    ).toEqual({ startDate: '2026-03-01', endDate: '2027-02-28', parkingSpot: 'B7' });
  });

  it('uses the sandbox unless all three Stripe keys are set', () => {
    expect(loadConfig({}).payments).toEqual({
      provider: 'sandbox',
      currency: 'bdt',
      rate: null,
      stripe: undefined,
    });
    expect(
      loadConfig({
        STRIPE_SECRET_KEY: 'sk_test_1',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
        STRIPE_WEBHOOK_SECRET: 'whsec_1',
      }).payments.stripe,
    ).toEqual({
      secretKey: 'sk_test_1',
      publishableKey: 'pk_test_1',
      webhookSecret: 'whsec_1',
      apiUrl: undefined,
    });
  });

  it('derives the public URL from the port unless told', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://home.example.com/' }).publicUrl).toBe(
      'https://home.example.com',
    );
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '' }).port).toBe(3000);
  });
});
