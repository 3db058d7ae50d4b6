import path from 'node:path';
import { parseArgs } from 'node:util';
import { DisplayNameSchema, NewEmailSchema, PasswordSchema } from '@structomate/contract';
import type { z } from 'zod';
import { loadConfig } from '../config';
import { AppError } from '../lib/app-error';
import { createAdmin } from '../modules/building/building.service';
import { backup, BackupError, defaultBackupName, restore } from './backup';
import { formatReport } from './consistency';
import { openConfiguredDatabase } from './open';
import { seedDemoData } from './seed';

/**
 * `npm run db:migrate`, `npm run db:seed` (the steps the server runs at start),
 * `npm run admin:create -- --email … --name …` (an admin for a scripted install; the password
 * from ADMIN_PASSWORD, or asked at a prompt that does not echo it), and `npm run backup` /
 * `npm run restore -- <file>` (backup.ts).
 */
const USAGE = `usage:
  cli.ts migrate
  cli.ts seed
  cli.ts admin:create --email <email> --name <name>   (password: ADMIN_PASSWORD or a prompt)
  cli.ts backup [<file>]
  cli.ts restore <file>
`;

function fail(message: string, code = 1): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

function valid<T extends z.ZodType>(schema: T, value: unknown, what: string): z.output<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) fail(`${what}: ${parsed.error.issues.map((i) => i.message).join(' ')}`);
  return parsed.data;
}

async function adminFromArguments(args: string[]) {
  const { values } = parseArgs({
    args,
    options: { email: { type: 'string' }, name: { type: 'string' } },
    strict: true,
  });
  if (!values.email || !values.name) fail(USAGE, 2);
  const email = valid(NewEmailSchema, values.email, 'email');
  const name = valid(DisplayNameSchema, values.name, 'name');
  let password = process.env.ADMIN_PASSWORD;
  if (password === undefined) {
    if (!process.stdin.isTTY) fail('Set ADMIN_PASSWORD, or run this in a terminal to be asked.');
    const { default: ask } = await import('@inquirer/password');
    password = await ask({ message: `Password for ${email}`, mask: true });
  }
  return { email, name, password: valid(PasswordSchema, password, 'password') };
}

/** npm runs scripts from the repository's root; a file named on the command line is the caller's. */
const callersPath = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);

async function backupOrRestore(command: 'backup' | 'restore', args: string[]): Promise<number> {
  if (args.length > 1 || args.some((arg) => arg.startsWith('-'))) fail(USAGE, 2);
  if (command === 'restore' && args.length === 0) fail(USAGE, 2);
  const config = loadConfig();
  try {
    if (command === 'backup') {
      const kind = config.databaseUrl ? 'postgres' : 'pglite';
      const result = await backup(config, callersPath(args[0] ?? defaultBackupName(kind)));
      const rows = Object.entries(result.rowCounts).map(([table, n]) => `${table} ${n}`);
      process.stdout.write(
        `backup written: ${result.file} (${kind === 'postgres' ? 'PostgreSQL' : 'embedded PGlite'}, ${result.bytes} bytes)\n` +
          `  rows: ${rows.join(', ')}\n`,
      );
      return 0;
    }
    const file = callersPath(args[0] ?? '');
    const result = await restore(config, file);
    process.stdout.write(
      `restored ${file} into ${result.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`}\n`,
    );
    if (result.migrationsApplied > 0) {
      process.stdout.write(`applied ${result.migrationsApplied} migrations the backup predates\n`);
    }
    process.stdout.write(`${formatReport(result.report)}\n`);
    return result.report.ok ? 0 : 1;
  } catch (error) {
    if (error instanceof BackupError) fail(error.message);
    throw error;
  }
}

const [command, ...rest] = process.argv.slice(2);
if (command === 'backup' || command === 'restore')
  process.exit(await backupOrRestore(command, rest));
if (command !== 'migrate' && command !== 'seed' && command !== 'admin:create') fail(USAGE, 2);
const admin = command === 'admin:create' ? await adminFromArguments(rest) : undefined;

const config = loadConfig();
const database = await openConfiguredDatabase(config);
try {
  await database.migrate();
  if (command === 'seed') {
    const report = await seedDemoData(database.db);
    process.stdout.write(`demo data added: ${JSON.stringify(report)}\n`);
  } else if (admin) {
    const created = await createAdmin(database.db, admin).catch((error: unknown) => {
      if (error instanceof AppError) fail(error.message);
      throw error;
    });
    process.stdout.write(`admin account created: ${created.email} (${created.displayName})\n`);
  } else {
    process.stdout.write(`migrations applied (${database.kind})\n`);
  }
} finally {
  await database.close();
}
