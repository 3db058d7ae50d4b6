import { PAGE_HEADERS, SPEC_LIST_DEFAULT_LIMIT, type PagedBody } from '@structomate/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { prepareJson, sendPrepared } from './prepared-answer';

export interface PageRequest {
  page: number;
  limit: number;
  offset: number;
}

/** Which page a spec list call asks for (the first 50 rows when it says nothing). */
export function pageOf(body: PagedBody): PageRequest {
  const page = body?.page ?? 1;
  const limit = body?.limit ?? SPEC_LIST_DEFAULT_LIMIT;
  return { page, limit, offset: (page - 1) * limit };
}

/** Tells the client where an array answer sits in the whole list: nothing is cut silently. */
export function sendPageHeaders(reply: FastifyReply, request: PageRequest, total: number): void {
  reply.header(PAGE_HEADERS.total, String(total));
  reply.header(PAGE_HEADERS.page, String(request.page));
  reply.header(PAGE_HEADERS.limit, String(request.limit));
  reply.header(PAGE_HEADERS.pageCount, String(Math.max(1, Math.ceil(total / request.limit))));
}

/**
 * Answers a page of a spec list as its server keeps it until any data changes (ADR 019): the
 * rows as the bytes sent, and the count its headers give. `key` names the list and whatever
 * else its rows depend on (the building's day, say); the page is added to it.
 */
export async function sendKeptPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: PageRequest,
  key: string,
  load: () => Promise<{ rows: unknown[]; total: number }>,
): Promise<FastifyReply> {
  const kept = await request.server.changesCache.get(
    'data',
    `${key}:${page.offset}:${page.limit}`,
    async () => {
      const { rows, total } = await load();
      return { answer: prepareJson(reply, rows), total };
    },
  );
  sendPageHeaders(reply, page, kept.total);
  return sendPrepared(request, reply, kept.answer);
}
