import { rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { startTestIssuer } from '../apps/server/test/oidc-issuer';

/**
 * Starts the production server for the end-to-end tests on a database of its own, with demo
 * data: a fresh PGlite folder, or (with DATABASE_URL) a fresh `structomate_e2e` database. A local
 * OpenID Connect issuer stands in for Google.
 *
 * With E2E_CLOCKED=1 it starts the second server instead, for journeys that happen on a date of
 * their own (rent in January, in December): the same build and demo data on another database,
 * with TEST_CLOCK on so each request may name its time. TEST_CLOCK is refused in production, so
 * this one runs with NODE_ENV=test and serves the built web app from WEB_DIST_DIR.
 */
const root = path.resolve(import.meta.dirname, '..');
const serverUrl = process.env.DATABASE_URL;
const clocked = process.env.E2E_CLOCKED === '1';
const port = process.env.E2E_PORT ?? '4173';
const publicUrl = `http://127.0.0.1:${port}`;
const name = clocked ? 'structomate_e2e_clocked' : 'structomate_e2e';

if (serverUrl) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
} else {
  const dataDir = path.join(root, `.artifacts/${name.replaceAll('_', '-')}-data`);
  await rm(dataDir, { recursive: true, force: true });
  process.env.DATA_DIR = dataDir;
}

Object.assign(process.env, {
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT: port,
  PUBLIC_URL: publicUrl,
  DEMO: '1',
  PAYMENTS: 'sandbox',
  LOG_LEVEL: 'warn',
  // Tests give each made-up resident an address of its own (X-Forwarded-For), so per-address
  // throttling applies per test instead of to the whole suite at once.
  TRUST_PROXY: '1',
});

if (clocked) {
  Object.assign(process.env, {
    NODE_ENV: 'test',
    TEST_CLOCK: '1',
    WEB_DIST_DIR: path.join(root, 'apps/web/dist'),
  });
} else {
  const issuer = await startTestIssuer({
    redirectUris: [`${publicUrl}/api/auth/google/callback`],
    port: Number(process.env.E2E_ISSUER_PORT ?? Number(port) + 7),
  });
  Object.assign(process.env, {
    GOOGLE_ISSUER: issuer.issuer,
    GOOGLE_CLIENT_ID: issuer.clientId,
    GOOGLE_CLIENT_SECRET: issuer.clientSecret,
  });
}

await import('../apps/server/src/server');
