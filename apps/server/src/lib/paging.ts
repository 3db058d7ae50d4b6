import { PAGE_HEADERS, SPEC_LIST_DEFAULT_LIMIT, type PagedBody } from '@structomate/contract';
import type { FastifyReply } from 'fastify';

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
