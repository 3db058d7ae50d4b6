import path from 'node:path';
import { HOME_CURRENCY, LEASE_TERMS, PaymentRateSchema } from '@structomate/contract';
import { z } from 'zod';
import { repoRoot } from './paths';

const booleanFlag = z
  .enum(['1', '0', 'true', 'false'], { error: 'must be 1 or 0' })
  .transform((value) => value === '1' || value === 'true');

/** The building's calendar unless TIME_ZONE says otherwise (the demo building is in Dhaka). */
export const DEFAULT_TIME_ZONE = 'Asia/Dhaka';

const isoDate = z.iso.date({ error: 'must be a date like 2025-02-01' });

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const ConfigSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], {
      error: 'must be development, production or test',
    })
    .default('development'),
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int({ error: 'must be a port number' })
    .min(0, { error: 'must be between 0 and 65535' })
    .max(65535, { error: 'must be between 0 and 65535' })
    .default(3000),
  HOST: z.string().min(1, { error: 'must not be empty' }).default('localhost'),
  DATA_DIR: z.string().min(1, { error: 'must not be empty' }).default('./data'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  DEMO: booleanFlag.optional(),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  MAP_ADDRESS: z
    .string()
    .min(1, { error: 'must not be empty' })
    .default('Road 11, Banani, Dhaka 1213, Bangladesh'),
  WEB_DIST_DIR: z.string().min(1, { error: 'must not be empty' }).optional(),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .optional(),
  TRUST_PROXY: booleanFlag.optional(),
  REQUESTS_PER_MINUTE: z.coerce
    .number({ error: 'must be a number of requests' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .default(1200),
  PAGE_DRAWS_AT_ONCE: z.coerce
    .number({ error: 'must be a number of pages' })
    .int({ error: 'must be a whole number' })
    .min(0, { error: 'must be 0 or more' })
    .default(4),
  SESSION_DAYS: z.coerce
    .number({ error: 'must be a number of days' })
    .int({ error: 'must be a whole number of days' })
    .min(1, { error: 'must be between 1 and 365' })
    .max(365, { error: 'must be between 1 and 365' })
    .default(30),
  GOOGLE_CLIENT_ID: z.string().min(1, { error: 'must not be empty' }).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1, { error: 'must not be empty' }).optional(),
  LEASE_START: isoDate.default(LEASE_TERMS.startDate),
  LEASE_END: isoDate.default(LEASE_TERMS.endDate),
  PARKING_SPOT: z
    .string()
    .trim()
    .min(1, { error: 'must not be empty' })
    .max(20, { error: 'must be at most 20 characters' })
    .default(LEASE_TERMS.parkingSpot),
  PAYMENTS: z.enum(['sandbox', 'stripe'], { error: 'must be sandbox or stripe' }).optional(),
  PAYMENT_CURRENCY: z
    .string()
    .regex(/^[a-z]{3}$/, { error: 'must be a three-letter currency code in lower case, like bdt' })
    .default(HOME_CURRENCY),
  PAYMENT_RATE: PaymentRateSchema.optional(),
  RENT_DUE_DAY: z.coerce
    .number({ error: 'must be a day of the month' })
    .int({ error: 'must be a whole day of the month' })
    .min(1, { error: 'must be between 1 and 28' })
    .max(28, { error: 'must be between 1 and 28' })
    .default(LEASE_TERMS.rentDueDay),
  RENT_GRACE_DAYS: z.coerce
    .number({ error: 'must be a number of days' })
    .int({ error: 'must be a whole number of days' })
    .min(0, { error: 'must be between 0 and 60' })
    .max(60, { error: 'must be between 0 and 60' })
    .default(0),
  TIME_ZONE: z
    .string()
    .refine(isTimeZone, { error: 'must be an IANA time zone, like Asia/Dhaka' })
    .default(DEFAULT_TIME_ZONE),
  TEST_CLOCK: booleanFlag.optional(),
  JOB_WORKERS: booleanFlag.optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, { error: 'must start with sk_ or rk_' })
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_/, { error: 'must start with pk_' }).optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, { error: 'must start with whsec_' })
    .optional(),
  STRIPE_API_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z
    .string()
    .trim()
    .max(200, { error: 'must be at most 200 characters' })
    .regex(/^(?:[^<>@]+<[^<>\s@]+@[^<>\s@]+>|[^<>\s@]+@[^<>\s@]+)$/, {
      error: 'must be an address like no-reply@example.com or "Name <no-reply@example.com>"',
    })
    .optional(),
  GOOGLE_ISSUER: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .default('https://accounts.google.com'),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Absolute path of the embedded database's home (unused with `databaseUrl`). */
  dataDir: string;
  databaseUrl: string | undefined;
  /** Seed demo apartments, accounts and announcements into an empty database. */
  demo: boolean;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  mapAddress: string;
  /** Built web app to serve; `undefined` outside production (Vite serves it in development). */
  webDistDir: string | undefined;
  /** The address people use to reach the site (Google's redirect URI is built from it). */
  publicUrl: string;
  /** Believe X-Forwarded-For / -Proto from a load balancer in front of us. */
  trustProxy: boolean;
  /** The ceiling on requests from one address per minute, on every route of this server. */
  requestsPerMinute: number;
  /**
   * Pages this server draws at once (ADR 015); a page asked for while that many are being drawn
   * arrives as the shell, which the browser draws. 0: every page arrives as the shell.
   */
  pageDrawsAtOnce: number;
  sessionDays: number;
  /** Google sign-in through OpenID Connect; undefined when not configured. */
  google: { clientId: string; clientSecret: string; issuer: string } | undefined;
  lease: { startDate: string; endDate: string; parkingSpot: string };
  /** When rent falls due, in the building's calendar. */
  rent: { dueDay: number; graceDays: number; timeZone: string };
  payments: {
    /** Real Stripe, or the built-in test-mode sandbox (no money moves). */
    provider: 'sandbox' | 'stripe';
    /** What the provider charges: taka (`bdt`), or another currency at `rate` BDT per unit. */
    currency: string;
    rate: string | null;
    /** Set exactly when `provider` is stripe. */
    stripe:
      | { secretKey: string; publishableKey: string; webhookSecret: string; apiUrl?: string }
      | undefined;
  };
  /**
   * Tests only (never in production): a request may name the time it happens at in the
   * `X-Test-Clock` header, so journeys can pay in January or December whatever today is.
   */
  testClock: boolean;
  mail: {
    /** SMTP server to send through; undefined keeps every message in the outbox (Sent mail). */
    smtpUrl: string | undefined;
    /** The sender's address; the building's name is shown as its name unless MAIL_FROM has one. */
    from: string;
  };
  /**
   * Whether this process takes jobs and runs the schedules (on by default; off in tests, which
   * run jobs when they choose). Several servers may all take jobs: each job runs once.
   */
  jobWorkers: boolean;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment once; an invalid value stops start-up with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (`PORT=`) means "not set", as in most shells' .env habits.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = ConfigSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      return `  ${name} ${issue.message} (got ${JSON.stringify(env[name] ?? '')})`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const vars = parsed.data;
  const production = vars.NODE_ENV === 'production';
  const stripeKeys = [
    vars.STRIPE_SECRET_KEY,
    vars.STRIPE_PUBLISHABLE_KEY,
    vars.STRIPE_WEBHOOK_SECRET,
  ].filter(Boolean).length;
  if (stripeKeys !== 0 && stripeKeys !== 3) {
    throw new ConfigError(
      'Invalid configuration:\n  STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET must be set together',
    );
  }
  const stripeConfigured = stripeKeys === 3;
  const provider = vars.PAYMENTS ?? (stripeConfigured ? 'stripe' : undefined);
  if (provider === 'stripe' && !stripeConfigured) {
    throw new ConfigError(
      'Invalid configuration:\n  PAYMENTS=stripe needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET',
    );
  }
  if (provider === 'sandbox' && stripeConfigured) {
    throw new ConfigError(
      'Invalid configuration:\n  PAYMENTS=sandbox with Stripe keys set: unset PAYMENTS to charge through Stripe, or remove the STRIPE_* keys to use the sandbox',
    );
  }
  if (provider === undefined && production) {
    throw new ConfigError(
      'Invalid configuration:\n  PAYMENTS must be set in production: PAYMENTS=sandbox takes test payments only (no money moves); set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET to take real ones',
    );
  }
  const foreign = vars.PAYMENT_CURRENCY !== HOME_CURRENCY;
  if (foreign && vars.PAYMENT_RATE === undefined) {
    throw new ConfigError(
      `Invalid configuration:\n  PAYMENT_CURRENCY=${vars.PAYMENT_CURRENCY} needs PAYMENT_RATE, the BDT one ${vars.PAYMENT_CURRENCY.toUpperCase()} buys (rent is agreed in taka)`,
    );
  }
  if (!foreign && vars.PAYMENT_RATE !== undefined) {
    throw new ConfigError(
      'Invalid configuration:\n  PAYMENT_RATE is only for charging another currency than taka: set PAYMENT_CURRENCY too, or unset PAYMENT_RATE',
    );
  }
  if (vars.TEST_CLOCK && production) {
    throw new ConfigError(
      'Invalid configuration:\n  TEST_CLOCK is for tests and cannot be used in production',
    );
  }
  if (vars.LEASE_END <= vars.LEASE_START) {
    throw new ConfigError('Invalid configuration:\n  LEASE_END must be after LEASE_START');
  }
  if (Boolean(vars.GOOGLE_CLIENT_ID) !== Boolean(vars.GOOGLE_CLIENT_SECRET)) {
    const missing = vars.GOOGLE_CLIENT_ID ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID';
    throw new ConfigError(
      `Invalid configuration:\n  ${missing} must be set too (Google sign-in needs both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET)`,
    );
  }
  if (vars.SMTP_URL && !vars.MAIL_FROM) {
    throw new ConfigError(
      'Invalid configuration:\n  SMTP_URL needs MAIL_FROM, the address mail is sent from (like no-reply@your-building.com)',
    );
  }
  const publicUrl = (vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`).replace(/\/+$/, '');
  return {
    env: vars.NODE_ENV,
    port: vars.PORT,
    host: vars.HOST,
    dataDir: path.resolve(vars.DATA_DIR),
    databaseUrl: vars.DATABASE_URL,
    // A real install never gets the demo's published passwords unless it asks for them.
    demo: vars.DEMO ?? (!production && vars.DATABASE_URL === undefined),
    logLevel: vars.LOG_LEVEL,
    mapAddress: vars.MAP_ADDRESS,
    webDistDir: production
      ? path.resolve(vars.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist'))
      : vars.WEB_DIST_DIR && path.resolve(vars.WEB_DIST_DIR),
    publicUrl,
    trustProxy: vars.TRUST_PROXY ?? false,
    requestsPerMinute: vars.REQUESTS_PER_MINUTE,
    pageDrawsAtOnce: vars.PAGE_DRAWS_AT_ONCE,
    sessionDays: vars.SESSION_DAYS,
    google:
      vars.GOOGLE_CLIENT_ID && vars.GOOGLE_CLIENT_SECRET
        ? {
            clientId: vars.GOOGLE_CLIENT_ID,
            clientSecret: vars.GOOGLE_CLIENT_SECRET,
            issuer: vars.GOOGLE_ISSUER,
          }
        : undefined,
    lease: { startDate: vars.LEASE_START, endDate: vars.LEASE_END, parkingSpot: vars.PARKING_SPOT },
    rent: {
      dueDay: vars.RENT_DUE_DAY,
      graceDays: vars.RENT_GRACE_DAYS,
      timeZone: vars.TIME_ZONE,
    },
    testClock: vars.TEST_CLOCK ?? false,
    mail: {
      smtpUrl: vars.SMTP_URL,
      from: vars.MAIL_FROM ?? `no-reply@${new URL(publicUrl).hostname}`,
    },
    jobWorkers: vars.JOB_WORKERS ?? vars.NODE_ENV !== 'test',
    payments: {
      provider: provider ?? 'sandbox',
      currency: vars.PAYMENT_CURRENCY,
      rate: vars.PAYMENT_RATE ?? null,
      stripe:
        provider === 'stripe' &&
        vars.STRIPE_SECRET_KEY &&
        vars.STRIPE_PUBLISHABLE_KEY &&
        vars.STRIPE_WEBHOOK_SECRET
          ? {
              secretKey: vars.STRIPE_SECRET_KEY,
              publishableKey: vars.STRIPE_PUBLISHABLE_KEY,
              webhookSecret: vars.STRIPE_WEBHOOK_SECRET,
              apiUrl: vars.STRIPE_API_URL,
            }
          : undefined,
    },
  };
}
