import { connect } from 'node:net';
import { ErrorResponseSchema, HealthResponseSchema, BuildingSchema } from '@structomate/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build';
import { PAGE_ONLY_HEADERS } from '../test/headers';
import { PAGE_RENDER_HEADER, pageRenderToken } from './lib/page-render-token';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: { mapAddress: '12 Example Lane, Dhaka' } });
});
afterAll(() => t.close());

describe('GET /healthz and /readyz', () => {
  it('/healthz says the process is alive without asking the database', async () => {
    const ping = vi.spyOn(t.database, 'ping').mockRejectedValue(new Error('connection refused'));
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    ping.mockRestore();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(ping).not.toHaveBeenCalled();
  });

  it('/readyz reports ok while the database answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(HealthResponseSchema.parse(response.json()).database).toBe(
      process.env.DATABASE_URL ? 'postgres' : 'pglite',
    );
  });

  it('/readyz answers 503 in the error shape when the database does not', async () => {
    const ping = vi
      .spyOn(t.database, 'ping')
      .mockRejectedValueOnce(new Error('connection refused'));
    const response = await t.app.inject({ method: 'GET', url: '/readyz' });
    ping.mockRestore();
    expect(response.statusCode).toBe(503);
    expect(ErrorResponseSchema.parse(response.json()).error.code).toBe('UNAVAILABLE');
  });
});

describe('errors', () => {
  it('answers an unknown API path with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing-here?x=1' });
    expect(response.statusCode).toBe(404);
    expect(ErrorResponseSchema.parse(response.json()).error).toEqual({
      code: 'NOT_FOUND',
      message: 'No API endpoint answers GET /api/nothing-here',
    });
  });

  it('answers a malformed image address with 400 and an unknown one with 404', async () => {
    const bad = await t.app.inject({ method: 'GET', url: '/api/images/../../etc/passwd' });
    expect([400, 404]).toContain(bad.statusCode);
    const malformed = await t.app.inject({ method: 'GET', url: '/api/images/abc.webp' });
    expect(malformed.statusCode).toBe(400);
    const unknown = await t.app.inject({
      method: 'GET',
      url: `/api/images/${'a'.repeat(64)}.webp`,
    });
    expect(unknown.statusCode).toBe(404);
    expect(ErrorResponseSchema.parse(unknown.json()).error.code).toBe('NOT_FOUND');
  });
});

describe('request ids and headers', () => {
  it('gives every response a request id, keeping a well-formed incoming one', async () => {
    const fresh = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'lb-1234' },
    });
    expect(kept.headers['x-request-id']).toBe('lb-1234');
    const replaced = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'bad id with spaces' },
    });
    expect(replaced.headers['x-request-id']).not.toBe('bad id with spaces');
  });

  it('sends security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/site' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it("an API answer carries the API's headers only; a page carries a page's", async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/apartments' });
    expect(api.statusCode).toBe(200);
    expect(api.headers).toMatchObject({
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'cross-origin-resource-policy': 'same-origin',
    });
    // Headers for documents a browser shows, and the ceiling's counts, are not sent with it.
    for (const name of [
      ...PAGE_ONLY_HEADERS,
      'x-ratelimit-limit',
      'x-ratelimit-remaining',
      'x-ratelimit-reset',
    ]) {
      expect(api.headers[name], name).toBeUndefined();
    }
    const page = await t.app.inject({ method: 'GET', url: '/no-such-page' });
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
  });
});

describe('GET /api/building', () => {
  it('before any set-up, answers the configured map address (MAP_ADDRESS) and its embed URL', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/building' });
    const building = BuildingSchema.parse(response.json());
    expect(building).toMatchObject({
      name: 'StructoMate',
      address: '12 Example Lane, Dhaka',
      mapEmbedUrl: 'https://www.google.com/maps?q=12%20Example%20Lane%2C%20Dhaka&output=embed',
      version: 0,
    });
  });
});

describe('hardening', () => {
  it('refuses a JSON body over 64 KB with 413 before doing anything', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'a@example.com', password: 'x'.repeat(70 * 1024) },
    });
    expect(response.statusCode).toBe(413);
    expect(ErrorResponseSchema.parse(response.json()).error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('sends HSTS only in production, and only over https', async () => {
    const here = await t.app.inject({ method: 'GET', url: '/api/site' });
    expect(here.headers['strict-transport-security']).toBeUndefined();
    const production = await buildTestApp({
      config: { env: 'production', webDistDir: undefined, trustProxy: true },
    });
    try {
      const plain = await production.app.inject({ method: 'GET', url: '/api/site' });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
      const response = await production.app.inject({
        method: 'GET',
        url: '/api/site',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(response.headers['strict-transport-security']).toBe(
        'max-age=31536000; includeSubDomains',
      );
      // A page's policy (the API's answers have one that allows nothing at all).
      const page = await production.app.inject({
        method: 'GET',
        url: '/no-such-page',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const scriptSrc = String(page.headers['content-security-policy'])
        .split(';')
        .find((directive) => directive.startsWith('script-src'));
      // No inline scripts: only our own files run.
      expect(scriptSrc).toBe("script-src 'self'");
    } finally {
      await production.close();
    }
  });
});

describe('the per-address ceiling on every route', () => {
  it('answers 429 in the error shape past the ceiling, per address, never for health checks', async () => {
    const small = await buildTestApp({ config: { requestsPerMinute: 3 } });
    try {
      const from = (remoteAddress: string, url = '/api/site') =>
        small.app.inject({ method: 'GET', url, remoteAddress });
      for (let request = 0; request < 3; request += 1) {
        expect((await from('203.0.113.5')).statusCode).toBe(200);
      }
      const refused = await from('203.0.113.5');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.headers['x-ratelimit-limit']).toBe('3');
      expect(refused.headers['x-ratelimit-remaining']).toBe('0');
      expect(ErrorResponseSchema.parse(refused.json()).error.message).toMatch(
        /^Too many requests from this address\. Try again in \d+ seconds\.$/,
      );
      expect(refused.headers['x-content-type-options']).toBe('nosniff');
      // Other routes, and paths no route answers (pages are served there), count too.
      expect((await from('203.0.113.5', '/api/apartments')).statusCode).toBe(429);
      expect((await from('203.0.113.5', '/dashboard')).statusCode).toBe(429);
      expect((await from('203.0.113.6')).statusCode).toBe(200);
      expect((await from('203.0.113.5', '/readyz')).statusCode).toBe(200);
    } finally {
      await small.close();
    }
  });
});

describe('the API calls of a page the server draws', () => {
  it('are not counted again, and only this process can mark a call as one', async () => {
    const small = await buildTestApp({ config: { requestsPerMinute: 2 } });
    try {
      const from = (headers: Record<string, string> = {}) =>
        small.app.inject({
          method: 'GET',
          url: '/api/site',
          remoteAddress: '203.0.113.7',
          headers,
        });
      const marked = { [PAGE_RENDER_HEADER]: pageRenderToken };
      for (let request = 0; request < 5; request += 1) {
        expect((await from(marked)).statusCode).toBe(200);
      }
      const forged = { [PAGE_RENDER_HEADER]: 'a'.repeat(64) };
      expect((await from(forged)).statusCode).toBe(200);
      expect((await from(forged)).statusCode).toBe(200);
      expect((await from(forged)).statusCode).toBe(429);
    } finally {
      await small.close();
    }
  });
});

describe('answers written before any route', () => {
  it('a malformed percent-encoding: 400 in the error shape, with security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/apartments/%E0%A4%A' });
    expect(response.statusCode).toBe(400);
    expect(ErrorResponseSchema.parse(response.json()).error.code).toBe('BAD_REQUEST');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('a path segment longer than the router reads: 414 in the error shape', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/apartments/${'a'.repeat(500)}`,
    });
    expect(response.statusCode).toBe(414);
    expect(ErrorResponseSchema.parse(response.json()).error.code).toBe('URI_TOO_LONG');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('headers larger than Node reads: 431 in the error shape, with security headers', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const answer = await new Promise<string>((resolve) => {
      let text = '';
      const socket = connect(port, '127.0.0.1', () =>
        socket.write(`GET /api/site HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`),
      );
      socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
      socket.on('error', () => undefined);
    });
    const [head = '', body = ''] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 431 /);
    expect(head.toLowerCase()).toContain('x-content-type-options: nosniff');
    expect(ErrorResponseSchema.parse(JSON.parse(body)).error.code).toBe('HEADERS_TOO_LARGE');
  });
});

describe('caching of API answers', () => {
  it('the login answer (a token) and other personal answers are never stored', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'nobody@example.com', password: 'Wrong1234' },
    });
    expect(login.headers['cache-control']).toBe('no-store');
    const session = await t.app.inject({ method: 'GET', url: '/api/session' });
    expect(session.headers['cache-control']).toBe('no-store');
    // Public lists keep their own caching.
    const site = await t.app.inject({ method: 'GET', url: '/api/site' });
    expect(site.headers['cache-control']).toBe('public, max-age=300');
  });
});

describe('request log', () => {
  it('writes one line per request: method, route pattern, status, duration; no ids or query', async () => {
    const lines: string[] = [];
    const stream = {
      write: (line: string) => lines.push(line),
    } as unknown as NodeJS.WritableStream;
    const logged = await buildTestApp({ config: { logLevel: 'info' }, logStream: stream });
    try {
      await logged.app.inject({
        method: 'GET',
        url: '/api/apartments/0b6f7c1e-1111-4222-8333-944455556666?secret=abc',
      });
      const completed = lines
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((entry) => entry.msg === 'request completed');
      expect(completed).toHaveLength(1);
      expect(completed[0]).toMatchObject({
        method: 'GET',
        route: '/api/apartments/:id',
        status: 404,
      });
      expect(typeof completed[0]?.durationMs).toBe('number');
      expect(lines.join('\n')).not.toContain('0b6f7c1e');
      expect(lines.join('\n')).not.toContain('secret=abc');
    } finally {
      await logged.close();
    }
  });
});
