import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, type TestApp } from './build';

/**
 * A GET over a real socket to a listening app: what `inject` never reaches (the replays answer
 * before Fastify's pipeline).
 */
export const getOverSocket = (
  app: FastifyInstance,
  path: string,
  headers: Record<string, string> = {},
) => overSocket(app, 'GET', path, headers);

/** A request over a real socket to a listening app, with `body` when given. */
export function overSocket(
  app: FastifyInstance,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  const { port } = app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const sent = httpRequest({ host: '127.0.0.1', port, method, path, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
    });
    sent.on('error', reject);
    sent.end(body);
  });
}

/** A log stream for `buildTestApp({ logStream })` and the JSON lines written to it. */
export function capturedLog(): { stream: PassThrough; lines: Record<string, unknown>[] } {
  const stream = new PassThrough();
  const lines: Record<string, unknown>[] = [];
  stream.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
  });
  return { stream, lines };
}

/** The headers that name one answer rather than say what it is. */
export function lasting(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const { date: _date, 'x-request-id': _id, ...rest } = headers;
  return rest;
}

/** The demo app listening on a loopback port of its own (the replays answer on its socket). */
export async function listening(
  options: Parameters<typeof buildTestApp>[0] = {},
): Promise<TestApp> {
  const t = await buildTestApp({ demo: true, ...options });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  return t;
}
