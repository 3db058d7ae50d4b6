import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import etag from '@fastify/etag';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareAnswer, sendPrepared, type PreparedAnswer } from './prepared-answer';

const big = prepareAnswer(
  JSON.stringify({ rows: Array.from({ length: 200 }, (_, i) => ({ i })) }),
  'application/json; charset=utf-8',
);
const small = prepareAnswer('{"result":null}', 'application/json; charset=utf-8');
const page = prepareAnswer(
  `<!doctype html><p>${'A sunlit flat. '.repeat(200)}</p>`,
  'text/html; charset=utf-8',
);

const app = Fastify();
beforeAll(async () => {
  await app.register(etag);
  const answers: Record<string, PreparedAnswer> = { big, small };
  app.get<{ Params: { name: string } }>('/answers/:name', (request, reply) =>
    sendPrepared(request, reply, answers[request.params.name] ?? small),
  );
  app.get('/page', (request, reply) => sendPrepared(request, reply.header('vary', 'cookie'), page));
  await app.ready();
});
afterAll(() => app.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

describe('a prepared answer', () => {
  it('goes brotli-compressed where the browser takes brotli, and compresses once', async () => {
    const first = await get('/answers/big', { 'accept-encoding': 'gzip, deflate, br' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers.vary).toBe('accept-encoding');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers.etag).toBe(big.etag);
    expect(brotliDecompressSync(first.rawPayload).equals(big.body)).toBe(true);
    expect(first.rawPayload.length).toBeLessThan(big.body.length / 4);
    const kept = big.compressed.br;
    const again = await get('/answers/big', { 'accept-encoding': 'br' });
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(big.compressed.br).toBe(kept);
  });

  it('goes gzipped where only gzip is taken, and as it is where nothing is', async () => {
    const gzipped = await get('/answers/big', { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).equals(big.body)).toBe(true);
    for (const accepted of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const plain = await get('/answers/big', accepted ? { 'accept-encoding': accepted } : {});
      expect(plain.headers['content-encoding'], String(accepted)).toBeUndefined();
      expect(plain.rawPayload.equals(big.body)).toBe(true);
      expect(plain.headers.vary).toBe('accept-encoding');
    }
  });

  it('sends a small answer as it is, and says it varies by nothing', async () => {
    const response = await get('/answers/small', { 'accept-encoding': 'br' });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toBeUndefined();
    expect(response.body).toBe('{"result":null}');
  });

  it('keeps what the answer already varies by', async () => {
    const response = await get('/page', { 'accept-encoding': 'br' });
    expect(response.headers.vary).toBe('cookie, accept-encoding');
    expect(brotliDecompressSync(response.rawPayload).toString()).toContain('A sunlit flat.');
  });

  it('is 304 for a browser that holds it, compressed or not', async () => {
    for (const accepted of ['br', 'identity']) {
      const response = await get('/answers/big', {
        'accept-encoding': accepted,
        'if-none-match': big.etag,
      });
      expect(response.statusCode).toBe(304);
      expect(response.rawPayload.length).toBe(0);
    }
  });
});
