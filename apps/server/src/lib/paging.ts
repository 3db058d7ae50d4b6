import {
  KEPT_LIST_PAGES,
  PAGE_HEADERS,
  SPEC_LIST_DEFAULT_LIMIT,
  type PagedBody,
} from '@structomate/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { keptAnswer } from './changes-cache';
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
 * The key a page of an admin's list is kept under by its server (ADR 019): `list` names the list
 * and whatever else its rows depend on (the building's day, filters); only the first few pages,
 * at `sizes`, are kept, and others have no key.
 */
export const keptPageKey = (
  list: string,
  page: number,
  limit: number,
  sizes: readonly number[],
): string | undefined =>
  page <= KEPT_LIST_PAGES && sizes.includes(limit) ? `${list}:${page}:${limit}` : undefined;

/**
 * Answers a page of a spec list, kept by its server until any data changes when it is one of the
 * first pages at the web app's size (`webSize`) or the spec's: the rows as the bytes sent, and
 * the count its headers give.
 */
export async function sendKeptPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: PageRequest,
  webSize: number,
  list: string,
  load: () => Promise<{ rows: unknown[]; total: number }>,
): Promise<FastifyReply> {
  const key = keptPageKey(list, page.page, page.limit, [webSize, SPEC_LIST_DEFAULT_LIMIT]);
  const kept = await keptAnswer(request, key, async () => {
    const { rows, total } = await load();
    return { answer: prepareJson(reply, rows), total };
  });
  sendPageHeaders(reply, page, kept.total);
  if (key !== undefined) request.server.replays.offerSignedIn(request, key, kept.answer, kept);
  return sendPrepared(request, reply, kept.answer);
}
