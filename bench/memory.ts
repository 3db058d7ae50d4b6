/**
 * `npm run bench:memory`: where an embedded server's memory stands, stage by stage, for the
 * production flags and environment against a variant, in alternation, so that both meet the
 * machine in the same state. A variant is a list of Node flags and environment settings given
 * after `--` (`NAME=value`; `NAME=` leaves a production setting out); with none, the production
 * server is compared with itself (the spread between two runs of one build).
 *
 *   npm run build && npm run bench:memory [-- --rounds 2 --max-semi-space-size=16]
 *   npm run bench:memory -- MALLOC_MMAP_THRESHOLD_=     (glibc's own threshold, as before)
 *
 * Each run starts the compiled server on a fresh PGlite directory with the demo data, then reads
 * its resident memory (VmRSS) and high-water mark (VmHWM) after each stage: ready; the listing,
 * the home page, a member's announcements and the admin's figures (50 connections each, 6 s);
 * and a login flood (argon2id, 50 people on 50 addresses, 10 s) with the listing read beside it.
 * `npm run bench` drives the same reads longer and reports the peak only.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../apps/server/src/node-flags';
import { freePort, login, loginFlood, serverEntry, spawnServer, stop, waitFor } from './processes';

if (!existsSync(serverEntry)) {
  console.error('apps/server/dist/server.js is missing: run `npm run build` first.');
  process.exit(2);
}

// `--rounds N` is this script's; every other argument is a Node flag or a setting of the variant.
const argv = process.argv.slice(2);
const roundsAt = argv.indexOf('--rounds');
const rounds = roundsAt === -1 ? 2 : Math.max(1, Number(argv[roundsAt + 1]));
const given = argv.filter(
  (_flag, index) => roundsAt === -1 || (index !== roundsAt && index !== roundsAt + 1),
);
const givenFlags = given.filter((argument) => argument.startsWith('--'));
const givenSettings = given.filter((argument) => !argument.startsWith('--'));
const notASetting = givenSettings.find((setting) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(setting));
if (notASetting !== undefined) {
  console.error(`${notASetting}: give Node flags as --flag and settings as NAME=value.`);
  process.exit(2);
}
// The variant: the production flags, each one given replacing its namesake, and the rest added.
const flagName = (flag: string) => flag.split('=')[0];
const variant = [
  ...SERVER_NODE_FLAGS.filter(
    (flag) => !givenFlags.some((other) => flagName(other) === flagName(flag)),
  ),
  ...givenFlags,
];
// Its environment, over the production one (spawnServer leaves out a setting given empty).
const variantEnv: Record<string, string> = Object.fromEntries(
  givenSettings.map((setting) => [
    setting.slice(0, setting.indexOf('=')),
    setting.slice(setting.indexOf('=') + 1),
  ]),
);

/** Resident memory and its high-water mark of a process, in MB. */
function memory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const read = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1]) / 1024;
  return { rss: Math.round(read('VmRSS')), peak: Math.round(read('VmHWM')) };
}

async function run(
  flags: readonly string[],
  env: Record<string, string>,
): Promise<{ stage: string; rss: number; peak: number }[]> {
  const scratch = await mkdtemp(path.join(tmpdir(), 'structomate-memory-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = spawnServer(
    port,
    {
      TRUST_PROXY: '1',
      REQUESTS_PER_MINUTE: '100000000',
      DATA_DIR: path.join(scratch, 'data'),
      ...env,
    },
    { flags },
  );
  const pid = server.pid ?? 0;
  const stages: { stage: string; rss: number; peak: number }[] = [];
  try {
    await waitFor(`${url}/readyz`, server, 'the server');
    stages.push({ stage: 'ready', ...memory(pid) });
    const member = await login(url, 'member@structo.com', 'Member1234');
    const admin = await login(url, 'admin@structo.com', 'Admin1234');
    const json = (cookie: string) => ({
      method: 'POST' as const,
      body: '{}',
      headers: { 'content-type': 'application/json', cookie },
    });
    const reads: [string, string, Partial<autocannon.Options>][] = [
      ['listing', '/api/apartments', {}],
      ['home page', '/', {}],
      ['member announcements', '/api/get/memberAnnouncement', json(member)],
      ['admin figures', '/api/admin', json(admin)],
    ];
    for (const [stage, route, extra] of reads) {
      await autocannon({ url: `${url}${route}`, connections: 50, duration: 6, ...extra });
      stages.push({ stage, ...memory(pid) });
    }
    await Promise.all([
      autocannon(loginFlood(url, 50, 10)),
      autocannon({ url: `${url}/api/apartments`, connections: 10, duration: 10 }),
    ]);
    stages.push({ stage: 'login flood', ...memory(pid) });
  } finally {
    await stop(server);
    await rm(scratch, { recursive: true, force: true });
  }
  return stages;
}

async function main() {
  const builds = [
    { name: 'production', flags: SERVER_NODE_FLAGS, env: {} as Record<string, string> },
    { name: 'variant', flags: variant, env: variantEnv },
  ];
  console.log(`\nnpm run bench:memory: ${rounds} round(s), node ${process.version}`);
  for (const build of builds) {
    const settings = Object.entries<string>({ ...SERVER_ENV, ...build.env })
      .map(([name, value]) => (value === '' ? `(no ${name})` : `${name}=${value}`))
      .join(' ');
    console.log(`  ${build.name}: ${settings} node ${build.flags.join(' ')}`);
  }
  const results: { name: string; stages: Awaited<ReturnType<typeof run>> }[] = [];
  for (let round = 0; round < rounds; round += 1) {
    for (const build of builds) {
      results.push({ name: build.name, stages: await run(build.flags, build.env) });
      process.stdout.write(`  measured ${build.name}, round ${round + 1}\n`);
    }
  }
  const stageNames = results[0]?.stages.map((entry) => entry.stage) ?? [];
  console.log(`\n| Run | ${stageNames.map((name) => `${name}: RSS (peak)`).join(' | ')} |`);
  console.log(`| --- | ${stageNames.map(() => '---:').join(' | ')} |`);
  for (const { name, stages } of results) {
    console.log(
      `| ${name} | ${stages.map((entry) => `${entry.rss} MB (${entry.peak})`).join(' | ')} |`,
    );
  }
  console.log("\nMB; the last column's peak is the run's peak. Under 250 MB is issue 17's target.");
}

await main();
