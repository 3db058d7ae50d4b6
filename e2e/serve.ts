import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { startTestIssuer } from '../apps/server/test/oidc-issuer';
import { startTestSmtp } from '../apps/server/test/smtp';
import { mailDir } from './mail';

/**
 * Starts the production server (the compiled one) for the end-to-end tests on a database of its own, with demo
 * data: a fresh PGlite folder, or (with DATABASE_URL) a fresh `structomate_e2e` database. A local
 * OpenID Connect issuer stands in for Google.
 *
 * With E2E_CLOCKED=1 it starts the second server instead, for journeys that happen on a date of
 * their own (rent in January, in December): the same build and demo data on another database,
 * with TEST_CLOCK on so each request may name its time. TEST_CLOCK is refused in production, so
 * this one runs with NODE_ENV=test and serves the built web app from WEB_DIST_DIR.
 *
 * The main server sends its mail through SMTP to a test SMTP server started here, which writes
 * every message it receives to a folder the journeys read (`e2e/mail.ts`); the others keep their
 * mail in the outbox (no SMTP_URL), as a newcomer's `npm start` does.
 *
 * With E2E_EMPTY=1 it starts a third server on an empty database (no demo data), as a landlord's
 * first start: the set-up link it prints is also written to `.artifacts/e2e-setup-link.txt`, where
 * the first-run journey reads it.
 */
const root = path.resolve(import.meta.dirname, '..');
const serverUrl = process.env.DATABASE_URL;
const clocked = process.env.E2E_CLOCKED === '1';
const empty = process.env.E2E_EMPTY === '1';
const port = process.env.E2E_PORT ?? '4173';
const publicUrl = `http://127.0.0.1:${port}`;
const name = clocked
  ? 'structomate_e2e_clocked'
  : empty
    ? 'structomate_e2e_empty'
    : 'structomate_e2e';

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
  // By port too, so two runs on other ports (E2E_PORT) never share a database.
  const dataDir = path.join(root, `.artifacts/${name.replaceAll('_', '-')}-${port}-data`);
  await rm(dataDir, { recursive: true, force: true });
  process.env.DATA_DIR = dataDir;
}

Object.assign(process.env, {
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT: port,
  PUBLIC_URL: publicUrl,
  DEMO: empty ? '0' : '1',
  PAYMENTS: 'sandbox',
  LOG_LEVEL: 'warn',
  // Tests give each made-up resident an address of its own (X-Forwarded-For), so per-address
  // throttling applies per test instead of to the whole suite at once.
  TRUST_PROXY: '1',
  // Two browsers playing a whole building from 127.0.0.1: the per-address ceiling (a flood
  // guard, checked at its real size in app.test.ts) is lifted.
  REQUESTS_PER_MINUTE: '1000000',
  // The clocked server runs with NODE_ENV=test, where job workers are off unless asked for.
  JOB_WORKERS: '1',
});

if (clocked) {
  Object.assign(process.env, {
    NODE_ENV: 'test',
    TEST_CLOCK: '1',
    WEB_DIST_DIR: path.join(root, 'apps/web/dist'),
  });
} else if (empty) {
  const linkFile = path.join(root, '.artifacts/e2e-setup-link.txt');
  await mkdir(path.dirname(linkFile), { recursive: true });
  await rm(linkFile, { force: true });
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
    const link = /\S+\/setup#token=\S+/.exec(String(chunk));
    if (link) void writeFile(linkFile, link[0]);
    return write(chunk, ...rest);
  }) as typeof process.stdout.write;
} else {
  const issuer = await startTestIssuer({
    redirectUris: [`${publicUrl}/api/auth/google/callback`],
    port: Number(process.env.E2E_ISSUER_PORT ?? Number(port) + 7),
  });
  const folder = mailDir(port);
  await rm(folder, { recursive: true, force: true });
  await mkdir(folder, { recursive: true });
  let count = 0;
  const smtp = await startTestSmtp({
    port: Number(port) + 8,
    onMessage: async (mail) => {
      count += 1;
      const to = mail.to && !Array.isArray(mail.to) ? mail.to.text : '';
      const file = path.join(folder, `${Date.now()}-${count}.json`);
      // Written whole, then renamed: a journey polling the folder never reads half a message.
      await writeFile(
        `${file}.part`,
        JSON.stringify({ to, subject: mail.subject, text: mail.text, html: mail.html || '' }),
      );
      await rename(`${file}.part`, file);
    },
  });
  Object.assign(process.env, {
    SMTP_URL: smtp.url,
    MAIL_FROM: 'no-reply@structomate.test',
    GOOGLE_ISSUER: issuer.issuer,
    GOOGLE_CLIENT_ID: issuer.clientId,
    GOOGLE_CLIENT_SECRET: issuer.clientSecret,
  });
}

// The server as `npm run build` compiles it and `npm start` runs it.
await import(pathToFileURL(path.join(root, 'apps/server/dist/server.js')).href);
