import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';

/**
 * An answer written once and sent as it is many times: its bytes, their type and their ETag.
 * The public cache keeps answers this way, so a hit costs no serializing, encoding or hashing.
 */
export interface PreparedAnswer {
  body: Buffer;
  type: string;
  etag: string;
}

export function prepareAnswer(body: string | Buffer, type: string): PreparedAnswer {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  // The ETag @fastify/etag gives these bytes (SHA-1, base64); it keeps one a route has set.
  return { body: bytes, type, etag: `"${createHash('sha1').update(bytes).digest('base64')}"` };
}

/** `value` as the route's 200 answer: written by its response schema's serializer. */
export function prepareJson(reply: FastifyReply, value: unknown): PreparedAnswer {
  const body = reply.serialize(value);
  if (typeof body !== 'string') throw new Error('A JSON serializer wrote something not text');
  return prepareAnswer(body, 'application/json; charset=utf-8');
}

export const sendPrepared = (reply: FastifyReply, answer: PreparedAnswer): FastifyReply =>
  reply.header('etag', answer.etag).type(answer.type).send(answer.body);
