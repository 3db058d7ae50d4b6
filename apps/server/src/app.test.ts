import { ErrorResponseSchema, HealthResponseSchema, BuildingSchema } from '@structomate/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: { mapAddress: '12 Example Lane, Dhaka' } });
});
afterAll(() => t.close());

describe('GET /healthz', () => {
  it('reports ok while the database answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(HealthResponseSchema.parse(response.json()).database).toBe(
      process.env.DATABASE_URL ? 'postgres' : 'pglite',
    );
  });

  it('answers 503 in the error shape when the database does not', async () => {
    const ping = vi
      .spyOn(t.database, 'ping')
      .mockRejectedValueOnce(new Error('connection refused'));
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
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

  it('sends HSTS only in production', async () => {
    const here = await t.app.inject({ method: 'GET', url: '/api/site' });
    expect(here.headers['strict-transport-security']).toBeUndefined();
    const production = await buildTestApp({ config: { env: 'production', webDistDir: undefined } });
    try {
      const response = await production.app.inject({ method: 'GET', url: '/api/site' });
      expect(response.headers['strict-transport-security']).toBe(
        'max-age=31536000; includeSubDomains',
      );
      const scriptSrc = String(response.headers['content-security-policy'])
        .split(';')
        .find((directive) => directive.startsWith('script-src'));
      // No inline scripts: only our own files run.
      expect(scriptSrc).toBe("script-src 'self'");
    } finally {
      await production.close();
    }
  });
});
