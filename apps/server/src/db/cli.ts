import { loadConfig } from '../config';
import { openConfiguredDatabase } from './open';
import { seedDemoData } from './seed';

/** `npm run db:migrate` and `npm run db:seed`: the same steps the server runs at start. */
const command = process.argv[2];
if (command !== 'migrate' && command !== 'seed') {
  process.stderr.write('usage: cli.ts migrate|seed\n');
  process.exit(2);
}

const config = loadConfig();
const database = await openConfiguredDatabase(config);
try {
  await database.migrate();
  if (command === 'seed') {
    const report = await seedDemoData(database.db);
    process.stdout.write(`demo data added: ${JSON.stringify(report)}\n`);
  } else {
    process.stdout.write(`migrations applied (${database.kind})\n`);
  }
} finally {
  await database.close();
}
