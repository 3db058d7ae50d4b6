import closeWithGrace from 'close-with-grace';
import { destination } from 'pino';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { demoAccounts } from './db/demo-data';
import { DataDirLockedError } from './db/data-dir-lock';
import { openConfiguredDatabase, unreachableDatabase } from './db/open';
import { seedDemoData } from './db/seed';
import { issueSetupToken } from './modules/building/building.service';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

/** Stops the start with one line a person can act on, instead of a stack. */
function refuseToStart(message: string): never {
  logStream.flushSync();
  process.stderr.write(`StructoMate cannot start: ${message}\n`);
  process.exit(1);
}

const config = readConfig();
// The log is written to stdout a few kilobytes at a time, a line a second after it is logged at
// the latest (while stdout keeps up), and what is left when the process exits (pino's own exit
// handler); a write of its own for each request's line cost a busy server about a tenth of its
// public reads (docs/perf.md). Flushed at once where order matters: before the banner, before a
// refusal.
const logStream = destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 1000 });
const database = await openConfiguredDatabase(config, (error) =>
  process.stderr.write(`database connection lost: ${error.message}\n`),
).catch((error: unknown) => {
  if (error instanceof DataDirLockedError) refuseToStart(error.message);
  throw error;
});
await database.migrate().catch((error: unknown) => {
  const reason = unreachableDatabase(error, config.databaseUrl);
  if (reason) refuseToStart(reason);
  throw error;
});
const seeded = config.demo
  ? await seedDemoData(database.db, { now: new Date(), timeZone: config.rent.timeZone })
  : undefined;
// First run: until an admin exists, every start prints a link that claims the building.
const setupToken = await issueSetupToken(database.db);
const app = await buildApp({ config, database, logStream });

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info({ signal }, 'shutting down');
  await app.close();
  await database.close();
});

await app.listen({ port: config.port, host: config.host }).catch(async (error: unknown) => {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE' || code === 'EACCES') {
    await app.close();
    await database.close();
    refuseToStart(
      code === 'EADDRINUSE'
        ? `port ${config.port} on ${config.host} is already in use. Stop what uses it, or set PORT to another port.`
        : `this user may not listen on port ${config.port} of ${config.host}. Set PORT to a port above 1023.`,
    );
  }
  throw error;
});

// The start's lines go out now, before the banner.
logStream.flushSync();
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
const shownHost = ['0.0.0.0', '::'].includes(config.host) ? 'localhost' : config.host;
const lines = [
  '',
  `  StructoMate is running at http://${shownHost}:${port}`,
  `  database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
];
lines.push(
  config.payments.provider === 'stripe'
    ? `  payments: Stripe, charged in ${config.payments.currency.toUpperCase()}`
    : '  payments: sandbox (test mode: cards are checked, no money moves)',
);
lines.push(
  config.mail.smtpUrl
    ? `  mail: sent through ${new URL(config.mail.smtpUrl).host} as ${config.mail.from}`
    : '  mail: kept in the outbox, not sent (read it in the dashboard: Sent mail; set SMTP_URL to send)',
);
if (!config.webDistDir)
  lines.push('  web app: not served here (run "npm run dev" for the Vite dev server)');
if (seeded) {
  lines.push('  demo accounts (email / password):');
  for (const account of demoAccounts) {
    lines.push(`    ${account.role.padEnd(7)} ${account.email.padEnd(20)} ${account.password}`);
  }
}
if (setupToken) {
  lines.push(
    '  first run: this building has no admin yet. Claim it (once) at',
    `    ${config.publicUrl}/setup#token=${setupToken}`,
    '  or create the admin from a shell: npm run admin:create',
  );
}
process.stdout.write(`${lines.join('\n')}\n\n`);
