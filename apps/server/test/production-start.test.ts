import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../src/node-flags';
import { freePort } from './servers';

/**
 * The production server as the README starts it: compiled at build time and run by `node` itself
 * (no transpiler at run time), so that a SIGTERM to `npm start` or `npm run serve` (a process
 * manager stopping the app) reaches the server, which shuts down, rather than leaving it running
 * as an orphan.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../..');
let scratch: string;

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'structomate-start-'));
  // The server's part of `npm run build` (esbuild, about a second).
  await promisify(execFile)('npm', ['run', 'build:server'], { cwd: repoRoot });
}, 120_000);
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

const PackageScripts = z.object({ scripts: z.record(z.string(), z.string()) });

describe('npm start and npm run serve', () => {
  it('replace their shell with node running the compiled server', async () => {
    const { scripts } = PackageScripts.parse(
      JSON.parse(await readFile(path.join(repoRoot, 'package.json'), 'utf8')),
    );
    for (const name of ['start', 'serve']) {
      const script = scripts[name] ?? '';
      // `exec` as the last command: npm's signal reaches node, not a shell in between.
      expect(script, name).toMatch(
        /(^|&& )[^&|;]*\bexec node [^&|;]*apps\/server\/dist\/server\.js$/,
      );
      expect(script, name).not.toMatch(/tsx/);
    }
  });

  it('stop the server on SIGTERM to npm: the port closes, nothing is left running, every line is logged', async () => {
    const port = await freePort();
    const web = path.join(scratch, 'web');
    await mkdir(web, { recursive: true });
    await writeFile(path.join(web, 'index.html'), '<!doctype html><title>StructoMate</title>');
    const npm = spawn('npm', ['run', 'serve'], {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? scratch,
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: path.join(scratch, 'data'),
        WEB_DIST_DIR: web,
        PAYMENTS: 'sandbox',
        DEMO: '0',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      // A process group of its own: whatever happens below, npm and the server it started are
      // stopped together at the end, even a server that never got as far as logging its pid.
      detached: true,
    });
    let output = '';
    // The server's own pid, which every log line carries (npm's shell is replaced by it).
    const serverPid = () => Number(/"pid":(\d+)/.exec(output)?.[1]);
    npm.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    npm.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const url = `http://127.0.0.1:${port}/healthz`;
    const answers = async () =>
      fetch(url).then(
        (response) => response.status,
        () => undefined,
      );
    try {
      const deadline = Date.now() + 60_000;
      while ((await answers()) !== 200) {
        if (Date.now() > deadline || npm.exitCode !== null) {
          throw new Error(`the server did not start:\n${output}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      // The compiled server, not a transpiler, is what answers, with the production flags and
      // environment (src/node-flags.ts).
      expect(output).not.toMatch(/tsx/);
      const commandLine = (await readFile(`/proc/${serverPid()}/cmdline`, 'utf8')).split('\0');
      expect(commandLine).toEqual(expect.arrayContaining([...SERVER_NODE_FLAGS]));
      const environment = (await readFile(`/proc/${serverPid()}/environ`, 'utf8')).split('\0');
      for (const [name, value] of Object.entries(SERVER_ENV)) {
        expect(environment).toContain(`${name}=${value}`);
      }
      // The log is written a few kilobytes at a time: a request's line still reaches stdout
      // within about a second when nothing else is logged after it, and the last lines on exit.
      const logged = (id: string) => output.includes(`"reqId":"${id}"`);
      await fetch(`http://127.0.0.1:${port}/api/apartments`, {
        headers: { 'x-request-id': 'quiet-after-this' },
      });
      const flushedBy = Date.now() + 3_000;
      while (!logged('quiet-after-this')) {
        if (Date.now() > flushedBy) throw new Error(`a request's line was held back:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await fetch(`http://127.0.0.1:${port}/api/apartments`, {
        headers: { 'x-request-id': 'last-before-stop' },
      });
      // 'close', not 'exit': the last lines, written as the server exits, may come after 'exit'.
      const closed = once(npm, 'close');
      npm.kill('SIGTERM');
      await closed;
      expect(logged('last-before-stop')).toBe(true);
      const closedBy = Date.now() + 15_000;
      while ((await answers()) !== undefined) {
        if (Date.now() > closedBy) throw new Error(`still answering after SIGTERM:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(output).toMatch(/"msg":"shutting down"/);
    } finally {
      // A server left behind (the failure this test is about, or one still starting when the
      // test gave up) is stopped with its group, and by its own pid, which every log line carries.
      for (const target of [-(npm.pid ?? 0), serverPid()]) {
        if (!target) continue;
        try {
          process.kill(target, 'SIGKILL');
        } catch {
          // already gone, as it should be
        }
      }
    }
  }, 120_000);
});
