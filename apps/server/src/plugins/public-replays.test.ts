import type { IncomingHttpHeaders } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { ErrorResponseSchema } from '@structomate/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs, type TestApp } from '../../test/build';
import { capturedLog, getOverSocket, lasting, listening } from '../../test/sockets';
import { apartments } from '../db/schema';
import { FakeClock } from '../lib/clock';

/** A GET over a real socket (replays answer before Fastify, where `inject` never goes). */
const get = (t: TestApp, path: string, headers: Record<string, string> = {}) =>
  getOverSocket(t.app, path, headers);

const LISTING = '/api/apartments?limit=60';

describe('public replays', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await listening();
  });
  afterAll(() => t.close());

  it('send a repeated public read again: the status, headers and bytes the app sent', async () => {
    const asked: Record<string, string>[] = [
      {},
      { 'accept-encoding': 'br, gzip' },
      { 'accept-encoding': 'gzip' },
    ];
    for (const headers of asked) {
      const first = await get(t, LISTING, headers);
      const served = t.app.replays.served;
      const again = await get(t, LISTING, headers);
      expect(t.app.replays.served).toBe(served + 1);
      expect(again.status).toBe(200);
      expect(lasting(again.headers)).toEqual(lasting(first.headers));
      expect(again.body.equals(first.body)).toBe(true);
      // Each answer still names its own request.
      expect(again.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(again.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    }
    const compressed = await get(t, LISTING, { 'accept-encoding': 'br, gzip' });
    expect(compressed.headers['content-encoding']).toBe('br');
  });

  it('send text beyond ASCII again byte for byte, with its length in bytes', async () => {
    const [flat] = await t.database.db
      .update(apartments)
      .set({ details: 'Corner flat — south light, ঢাকা view, 2 বেডরুম ✓' })
      .where(eq(apartments.apartmentNo, 'B-203'))
      .returning({ id: apartments.id });
    await t.app.publicCache.invalidate('apartments');
    const page = `/api/apartments/${flat?.id}`;
    const first = await get(t, page);
    expect(first.body.toString()).toContain('ঢাকা view, 2 বেডরুম ✓');
    expect(first.headers['content-length']).toBe(String(first.body.length));
    const served = t.app.replays.served;
    const again = await get(t, page);
    expect(t.app.replays.served).toBe(served + 1);
    expect(again.body.equals(first.body)).toBe(true);
    expect(again.headers['content-length']).toBe(String(first.body.length));
    expect(lasting(again.headers)).toEqual(lasting(first.headers));
  });

  it('keep a request id a load balancer gave', async () => {
    await get(t, LISTING);
    const served = t.app.replays.served;
    const again = await get(t, LISTING, { 'x-request-id': 'lb-7.41' });
    expect(t.app.replays.served).toBe(served + 1);
    expect(again.headers['x-request-id']).toBe('lb-7.41');
  });

  it('never answer a change with what was sent before it', async () => {
    await get(t, LISTING);
    const before = await get(t, LISTING);
    const [flat] = await t.database.db
      .update(apartments)
      .set({ rent: 43_210 })
      .where(eq(apartments.apartmentNo, 'A-502'))
      .returning({ id: apartments.id });
    await t.app.publicCache.invalidate('apartments');
    const served = t.app.replays.served;
    const after = await get(t, LISTING);
    expect(t.app.replays.served).toBe(served);
    expect(after.body.equals(before.body)).toBe(false);
    expect(after.body.toString()).toContain('"rent":43210');
    // The apartment's own page, too.
    const page = `/api/apartments/${flat?.id}`;
    await get(t, page);
    await t.app.publicCache.invalidate('apartments');
    const servedBefore = t.app.replays.served;
    expect((await get(t, page)).status).toBe(200);
    expect(t.app.replays.served).toBe(servedBefore);
  });

  it('leave to the app every request with something personal in it', async () => {
    const first = await get(t, LISTING);
    await get(t, LISTING);
    const member = await loginAs(t.app, 'member');
    const served = t.app.replays.served;
    const asked = [
      await get(t, LISTING, { cookie: member.cookie }),
      await get(t, LISTING, { authorization: `Bearer ${member.token}` }),
      await get(t, LISTING, { 'if-none-match': String(first.headers.etag) }),
    ];
    expect(asked.map((answer) => answer.status)).toEqual([200, 200, 304]);
    expect(t.app.replays.served).toBe(served);
  });

  it('send nothing again for another path, query or encoding', async () => {
    await get(t, LISTING);
    const served = t.app.replays.served;
    await get(t, '/api/apartments?limit=59');
    await get(t, LISTING, { 'accept-encoding': 'deflate' });
    await get(t, '/api/apartments?limit=60&');
    expect(t.app.replays.served).toBe(served);
  });
});

describe('public replays and the building day', () => {
  it('are not sent once the day they were made for is over', async () => {
    const clock = new FakeClock('2026-03-10T17:00:00Z');
    const t = await listening({ clock });
    try {
      await get(t, LISTING);
      await get(t, LISTING);
      const served = t.app.replays.served;
      // Midnight in Dhaka (UTC+6): a lease that ended yesterday frees its apartment today.
      clock.set('2026-03-10T18:00:00Z');
      expect((await get(t, LISTING)).status).toBe(200);
      expect(t.app.replays.served).toBe(served);
      await get(t, LISTING);
      expect(t.app.replays.served).toBe(served + 1);
    } finally {
      await t.close();
    }
  });
});

describe('public replays and the protocol', () => {
  it('send HSTS only to a request that came over https, as the app does', async () => {
    const t = await listening({ config: { env: 'production', trustProxy: true } });
    try {
      const over = (proto: string) => ({ 'x-forwarded-proto': proto });
      const hsts = (answer: { headers: IncomingHttpHeaders }) =>
        answer.headers['strict-transport-security'];
      expect(hsts(await get(t, LISTING, over('http')))).toBeUndefined();
      expect(hsts(await get(t, LISTING, over('http')))).toBeUndefined();
      expect(t.app.replays.served).toBe(1);
      expect(hsts(await get(t, LISTING, over('https')))).toMatch(/^max-age=\d+/);
      expect(t.app.replays.served).toBe(1);
      expect(hsts(await get(t, LISTING, over('https')))).toMatch(/^max-age=\d+/);
      expect(hsts(await get(t, LISTING, over('http')))).toBeUndefined();
      expect(t.app.replays.served).toBe(3);
    } finally {
      await t.close();
    }
  });
});

describe('public replays and the per-address ceiling', () => {
  it('count against the same ceiling as every request', async () => {
    const t = await listening({ config: { requestsPerMinute: 3 } });
    try {
      const statuses = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await get(t, LISTING)).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect(t.app.replays.served).toBe(2);
      // Refused by the app, in its own words, as any request past the ceiling.
      const refused = await get(t, LISTING);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(ErrorResponseSchema.parse(JSON.parse(refused.body.toString())).error.message).toMatch(
        /^Too many requests from this address\. Try again in \d+ seconds\.$/,
      );
      expect(t.app.replays.served).toBe(2);
    } finally {
      await t.close();
    }
  });

  it('behind a proxy, count the address it forwards, as the app does', async () => {
    const t = await listening({ config: { requestsPerMinute: 2, trustProxy: true } });
    try {
      const from = (address: string) => ({ 'x-forwarded-for': `${address}, 10.0.0.2` });
      const first = [await get(t, LISTING, from('203.0.113.7'))];
      first.push(await get(t, LISTING, from('203.0.113.7')));
      first.push(await get(t, LISTING, from('203.0.113.7')));
      expect(first.map((answer) => answer.status)).toEqual([200, 200, 429]);
      expect((await get(t, LISTING, from('198.51.100.4'))).status).toBe(200);
      expect(t.app.replays.served).toBe(2);
    } finally {
      await t.close();
    }
  });

  it('count an IPv6 network (/64) as one address and an IPv4-mapped one as IPv4, as the app does', async () => {
    const t = await listening({ config: { requestsPerMinute: 2, trustProxy: true } });
    try {
      const from = (address: string) => ({ 'x-forwarded-for': address });
      const statuses = async (...addresses: string[]) => {
        const answers = [];
        for (const address of addresses)
          answers.push((await get(t, LISTING, from(address))).status);
        return answers;
      };
      // The first through the pipeline, the second replayed: one count for the network.
      expect(await statuses('2001:db8:1:2::7', '2001:DB8:1:2:ffff::9', '2001:db8:1:2::1')).toEqual([
        200, 200, 429,
      ]);
      expect(t.app.replays.served).toBe(1);
      expect(await statuses('2001:db8:1:3::7')).toEqual([200]);
      expect(await statuses('203.0.113.7', '::ffff:203.0.113.7', '203.0.113.7')).toEqual([
        200, 200, 429,
      ]);
      expect(t.app.replays.served).toBe(4);
    } finally {
      await t.close();
    }
  });
});

describe('public replays while the server shuts down', () => {
  it('leave a request arriving on an open connection to be refused (503) and the connection closed', async () => {
    const t = await listening();
    const { port } = t.app.server.address() as AddressInfo;
    await get(t, LISTING);
    await get(t, LISTING);
    expect(t.app.replays.served).toBe(1);
    // A connection a load balancer keeps open, busy with a request whose body is still coming,
    // so closing the server does not drop it as idle.
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    await new Promise<void>((resolve) => socket.on('connect', resolve));
    const begun = new Promise((resolve) => t.app.server.once('request', resolve));
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'not-this-one' });
    socket.write(
      `POST /api/login HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
    );
    await begun;
    const closed = t.app.close();
    // The rest of the body, and the next request on the same connection: a replayable read.
    socket.write(`${body.slice(5)}GET ${LISTING} HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n`);
    // A replay would answer 200 and keep the connection open (the close waits on it).
    await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 5000))]);
    socket.destroy();
    await closed;
    await t.database.close();
    const statuses = [...received.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((match) => match[1]);
    expect(statuses).toEqual(['401', '503']);
    expect(received.split('HTTP/1.1 503')[1]).toMatch(/^connection: close$/im);
    expect(t.app.replays.served).toBe(1);
  });
});

describe('public replays in the log', () => {
  it('write the line every request writes, with the request id sent', async () => {
    const { stream, lines } = capturedLog();
    const t = await listening({ config: { logLevel: 'info' }, logStream: stream });
    try {
      await get(t, LISTING);
      const again = await get(t, LISTING);
      expect(t.app.replays.served).toBe(1);
      const line = lines.find((entry) => entry.reqId === again.headers['x-request-id']);
      expect(line).toMatchObject({
        level: 30,
        method: 'GET',
        route: '/api/apartments',
        status: 200,
        msg: 'request completed',
      });
      expect(typeof line?.durationMs).toBe('number');
      const pipelineLine = lines.find((entry) => entry.route === '/api/apartments');
      expect(Object.keys(line ?? {}).sort()).toEqual(Object.keys(pipelineLine ?? {}).sort());
    } finally {
      await t.close();
    }
  });
});
