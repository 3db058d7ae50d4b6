import path from 'node:path';
import { LEASE_TERMS } from '@structomate/contract';
import { z } from 'zod';

const booleanFlag = z
  .enum(['1', '0', 'true', 'false'], { error: 'must be 1 or 0' })
  .transform((value) => value === '1' || value === 'true');

const isoDate = z.iso.date({ error: 'must be a date like 2025-02-01' });

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
  PAYMENT_CURRENCY: z
    .string()
    .regex(/^[a-z]{3}$/, { error: 'must be a three-letter currency code in lower case, like usd' })
    .default('usd'),
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
  sessionDays: number;
  /** Google sign-in through OpenID Connect; undefined when not configured. */
  google: { clientId: string; clientSecret: string; issuer: string } | undefined;
  lease: { startDate: string; endDate: string; parkingSpot: string };
  payments: {
    currency: string;
    /** Real Stripe when all three keys are set; otherwise the built-in test-mode sandbox. */
    stripe:
      | { secretKey: string; publishableKey: string; webhookSecret: string; apiUrl?: string }
      | undefined;
  };
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

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
  if (vars.LEASE_END <= vars.LEASE_START) {
    throw new ConfigError('Invalid configuration:\n  LEASE_END must be after LEASE_START');
  }
  if (Boolean(vars.GOOGLE_CLIENT_ID) !== Boolean(vars.GOOGLE_CLIENT_SECRET)) {
    const missing = vars.GOOGLE_CLIENT_ID ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID';
    throw new ConfigError(
      `Invalid configuration:\n  ${missing} must be set too (Google sign-in needs both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET)`,
    );
  }
  return {
    env: vars.NODE_ENV,
    port: vars.PORT,
    host: vars.HOST,
    dataDir: path.resolve(vars.DATA_DIR),
    databaseUrl: vars.DATABASE_URL,
    demo: vars.DEMO ?? vars.DATABASE_URL === undefined,
    logLevel: vars.LOG_LEVEL,
    mapAddress: vars.MAP_ADDRESS,
    webDistDir: production
      ? path.resolve(vars.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist'))
      : vars.WEB_DIST_DIR && path.resolve(vars.WEB_DIST_DIR),
    publicUrl: (vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`).replace(/\/+$/, ''),
    trustProxy: vars.TRUST_PROXY ?? false,
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
    payments: {
      currency: vars.PAYMENT_CURRENCY,
      stripe:
        vars.STRIPE_SECRET_KEY && vars.STRIPE_PUBLISHABLE_KEY && vars.STRIPE_WEBHOOK_SECRET
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
