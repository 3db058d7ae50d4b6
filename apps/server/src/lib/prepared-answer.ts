import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

type Encoding = 'br' | 'gzip';
const ENCODINGS: Encoding[] = ['br', 'gzip'];
/** As the compression plugin: smaller answers go as they are. */
const COMPRESS_FROM_BYTES = 1024;

/**
 * An answer written once and sent as it is many times: its bytes, their type and their ETag,
 * and each compressed form once it has been asked for. The public cache keeps answers this way,
 * so a hit costs no serializing, encoding, hashing or compressing.
 */
export interface PreparedAnswer {
  body: Buffer;
  type: string;
  etag: string;
  compressed: Partial<Record<Encoding, Buffer>>;
}

export function prepareAnswer(body: string | Buffer, type: string): PreparedAnswer {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  // The ETag @fastify/etag gives these bytes (SHA-1, base64); it keeps one a route has set.
  return {
    body: bytes,
    type,
    etag: `"${createHash('sha1').update(bytes).digest('base64')}"`,
    compressed: {},
  };
}

/** `value` as the route's 200 answer: written by its response schema's serializer. */
export function prepareJson(reply: FastifyReply, value: unknown): PreparedAnswer {
  const body = reply.serialize(value);
  if (typeof body !== 'string') throw new Error('A JSON serializer wrote something not text');
  return prepareAnswer(body, 'application/json; charset=utf-8');
}

const compress: Record<Encoding, (bytes: Buffer) => Buffer> = {
  br: (bytes) =>
    brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 9,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  gzip: (bytes) => gzipSync(bytes, { level: 9 }),
};

/**
 * Sends `answer` compressed as the request accepts (brotli, else gzip), or as it is. The
 * compression plugin leaves an answer alone that says its encoding; it also never saw the pages,
 * which are answered where no route matched.
 */
export function sendPrepared(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: PreparedAnswer,
): FastifyReply {
  reply.header('etag', answer.etag).type(answer.type);
  if (answer.body.length < COMPRESS_FROM_BYTES) return reply.send(answer.body);
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
  const accepted = request.headers['accept-encoding'];
  const encoding = accepted ? negotiate(accepted.toLowerCase(), ENCODINGS) : null;
  if (encoding !== 'br' && encoding !== 'gzip') return reply.send(answer.body);
  const bytes = (answer.compressed[encoding] ??= compress[encoding](answer.body));
  return reply.header('content-encoding', encoding).send(bytes);
}
