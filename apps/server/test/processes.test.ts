import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../src/db/demo-data';
import { LOCK_FILE } from '../src/db/data-dir-lock';
import { openDatabase } from '../src/db/client';
import { createPostgresTestDatabase } from './database';
import {
  freePort,
  sessionCookie,
  startExpectingRefusal,
  startServer,
  type ServerProcess,
} from './servers';

/**
 * Server processes as they fail in real life: started twice on one data directory, killed in the
 * middle of writes and started again, started on a taken port or an unreachable database. The
 * PGlite cases always run; the PostgreSQL ones with DATABASE_URL.
 */
const serverUrl = process.env.DATABASE_URL;
const admin = demoAccounts.find((account) => account.role === 'admin');
let scratch: string;

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'structomate-processes-'));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

const adminCookie = (server: ServerProcess) => sessionCookie(server, admin);

/**
 * Posts announcements as fast as 8 connections can until the server is killed after `killAfter`
 * ms; returns the titles it acknowledged (201) before dying.
 */
async function writeUntilKilled(server: ServerProcess, killAfter: number): Promise<string[]> {
  const cookie = await adminCookie(server);
  const acknowledged: string[] = [];
  let dead = false;
  const writer = async (lane: number) => {
    for (let n = 0; !dead; n += 1) {
      const title = `Crash test ${lane}-${n}`;
      try {
        const response = await fetch(`${server.url}/api/makeAnnouncement`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify({
            newAnnouncement: { title, details: 'Written while the server is killed.', type: 'all' },
          }),
        });
        if (response.status === 201) acknowledged.push(title);
        else expect(response.status, await response.text()).toBe(201);
      } catch {
        // The connection died with the server: not acknowledged.
        return;
      }
    }
  };
  const lanes = Array.from({ length: 8 }, (_, lane) => writer(lane));
  await new Promise((resolve) => setTimeout(resolve, killAfter));
  await server.kill();
  dead = true;
  await Promise.all(lanes);
  return acknowledged;
}

async function titlesOn(server: ServerProcess): Promise<Set<string>> {
  const cookie = await adminCookie(server);
  const titles = new Set<string>();
  for (let page = 1; ; page += 1) {
    const response = await fetch(`${server.url}/api/announcements?page=${page}&limit=100`, {
      headers: { cookie },
    });
    if (response.status !== 200) {
      throw new Error(`announcements: ${response.status} ${await response.text()}`);
    }
    const body = (await response.json()) as { result: { title: string }[] };
    for (const row of body.result) titles.add(row.title);
    if (body.result.length < 100) return titles;
  }
}

describe('PGlite: one process per data directory', () => {
  it('refuses a second server on a DATA_DIR in use, in one line, and leaves the first serving', async () => {
    const dataDir = path.join(scratch, 'shared');
    const first = await startServer({ DATA_DIR: dataDir, DEMO: '0' });
    try {
      const second = await startExpectingRefusal({ DATA_DIR: dataDir, DEMO: '0' });
      expect(second.code).toBe(1);
      expect(second.output.trim()).toBe(
        `StructoMate cannot start: The data directory ${path.join(dataDir, 'pglite')} is in use by process ${first.pid} on ${hostname()} (since ${second.output.match(/since ([^)]+)\)/)?.[1] ?? ''}). Stop it first, or give this server its own DATA_DIR (or use PostgreSQL with DATABASE_URL to run several servers).`,
      );
      expect((await fetch(`${first.url}/readyz`)).status).toBe(200);
    } finally {
      await first.stop();
    }
  }, 120_000);

  it('takes over the lock of a server that was killed', async () => {
    const dataDir = path.join(scratch, 'killed');
    const first = await startServer({ DATA_DIR: dataDir, DEMO: '0' });
    await first.kill();
    const again = await startServer({ DATA_DIR: dataDir, DEMO: '0' });
    await again.stop();
  }, 120_000);

  it('a lock naming a process that is gone does not stop a start', async () => {
    const dataDir = path.join(scratch, 'stale');
    const gone = spawn(process.execPath, ['-e', '']);
    await once(gone, 'exit');
    const pglite = path.join(dataDir, 'pglite');
    await rm(pglite, { recursive: true, force: true });
    await mkdir(pglite, { recursive: true });
    await writeFile(
      path.join(pglite, LOCK_FILE),
      JSON.stringify({ pid: gone.pid, host: hostname(), since: '2026-01-01T00:00:00.000Z' }),
    );
    const server = await startServer({ DATA_DIR: dataDir, DEMO: '0' });
    await server.stop();
  }, 120_000);

  it('SIGKILL during writes, then a restart: every acknowledged write is there', async () => {
    const env = { DATA_DIR: path.join(scratch, 'crash'), DEMO: '1' };
    for (let round = 0; round < 2; round += 1) {
      const server = await startServer(env);
      const acknowledged = await writeUntilKilled(server, 1500);
      expect(acknowledged.length, 'some writes were acknowledged').toBeGreaterThan(0);
      const restarted = await startServer(env);
      try {
        const present = await titlesOn(restarted);
        expect(acknowledged.filter((title) => !present.has(title))).toEqual([]);
      } finally {
        await restarted.stop();
      }
    }
  }, 180_000);
});

describe('clear refusals at start', () => {
  it('a port already taken: one line naming the port', async () => {
    const port = await freePort();
    const taken = net.createServer().listen(port, '127.0.0.1');
    await once(taken, 'listening');
    try {
      const refused = await startExpectingRefusal(
        { DATA_DIR: path.join(scratch, 'port'), DEMO: '0' },
        port,
      );
      expect(refused.code).toBe(1);
      expect(refused.output.trim().split('\n').at(-1)).toBe(
        `StructoMate cannot start: port ${port} on 127.0.0.1 is already in use. Stop what uses it, or set PORT to another port.`,
      );
    } finally {
      taken.close();
    }
  }, 120_000);

  it('a database nothing answers at: one line naming where, without the password', async () => {
    const port = await freePort();
    const refused = await startExpectingRefusal({
      DATABASE_URL: `postgres://postgres:hunter2@127.0.0.1:${port}/structomate`,
    });
    expect(refused.code).toBe(1);
    expect(refused.output.trim()).toBe(
      `StructoMate cannot start: the database at 127.0.0.1:${port}/structomate (DATABASE_URL) cannot be reached: nothing answers there. Is PostgreSQL running? (ECONNREFUSED)`,
    );
    expect(refused.output).not.toContain('hunter2');
  }, 120_000);
});

describe.runIf(serverUrl)('PostgreSQL: two servers', () => {
  it('SIGKILL of one server during writes: every acknowledged write is there', async () => {
    const created = await createPostgresTestDatabase(serverUrl ?? '');
    const env = { DATABASE_URL: created.url, DEMO: '1' };
    try {
      for (let round = 0; round < 2; round += 1) {
        const [victim, survivor] = await Promise.all([startServer(env), startServer(env)]);
        try {
          const acknowledged = await writeUntilKilled(victim, 1500);
          expect(acknowledged.length).toBeGreaterThan(0);
          const present = await titlesOn(survivor);
          expect(acknowledged.filter((title) => !present.has(title))).toEqual([]);
        } finally {
          await survivor.stop();
        }
      }
    } finally {
      await created.database.close();
    }
  }, 180_000);

  it('after its LISTEN connection is cut, a server does not show a listing changed meanwhile', async () => {
    const created = await createPostgresTestDatabase(serverUrl ?? '');
    const env = { DATABASE_URL: created.url, DEMO: '1' };
    const [reader, writer] = await Promise.all([startServer(env), startServer(env)]);
    const probe = await openDatabase({ kind: 'postgres', url: created.url, poolSize: 1 });
    const listing = async (server: ServerProcess) => {
      const response = await fetch(`${server.url}/api/apartments?limit=60`);
      const body = (await response.json()) as { result: { apartmentNo: string; rent: number }[] };
      return body.result.find((flat) => flat.apartmentNo === 'A-101')?.rent;
    };
    try {
      const before = await listing(reader);
      expect(before).toBeGreaterThan(0);
      // Cut the reader's LISTEN connection, as a network blip or a PostgreSQL restart would.
      await probe.executeSql(
        `select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1`,
        [`structomate-listen-${reader.pid}`],
      );
      // While it is down the reader loads the listing again (and must not keep it) …
      expect(await listing(reader)).toBe(before);
      // … and the rent changes through the other server; the reader does not hear of it.
      const cookie = await adminCookie(writer);
      const flats = await fetch(`${writer.url}/api/admin/apartments?q=A-101`, {
        headers: { cookie },
      });
      const found = (await flats.json()) as {
        result: {
          _id: string;
          apartmentNo: string;
          blockName: string;
          floorNo: number;
          details: string;
          version: number;
          photos: { url: string }[];
        }[];
      };
      const flat = found.result.find((candidate) => candidate.apartmentNo === 'A-101');
      const changed = await fetch(`${writer.url}/api/admin/apartments/${flat?._id}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({
          apartmentNo: flat?.apartmentNo,
          blockName: flat?.blockName,
          floorNo: flat?.floorNo,
          details: flat?.details,
          photos: flat?.photos.map((photo) => photo.url),
          version: flat?.version,
          rent: (before ?? 0) + 1000,
        }),
      });
      expect(changed.status, await changed.text()).toBe(200);
      // Well within the five-minute safety net, the reader shows the new rent.
      await expect
        .poll(() => listing(reader), { timeout: 10_000, interval: 250 })
        .toBe((before ?? 0) + 1000);
    } finally {
      await probe.close();
      await Promise.all([reader.stop(), writer.stop()]);
      await created.database.close();
    }
  }, 120_000);
});
