import { PAGE_HEADERS, type FieldIssue } from '@structomate/contract';
import type { z } from 'zod';
import { apiFetch } from './api-fetch';

/** A failed API call, carrying the server's message so screens can show it. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    /** The fields the server refused, by dotted path. */
    readonly issues: FieldIssue[] = [],
  ) {
    super(message);
  }
}

/**
 * The contract's schema for an answer, or a function that loads it. The calls a page makes as it
 * starts (the session, the building) pass a loader: Zod and the contract's schemas are then
 * loaded with the first call, not with the page, which asks for none of its data again (ADR 021).
 */
export type SchemaSource<T extends z.ZodType> = T | (() => Promise<T>);

/** Calls the API and parses the answer with the contract's schema: nothing unchecked gets in. */
export async function apiRequest<T extends z.ZodType>(
  path: string,
  schema: SchemaSource<T>,
  init: RequestInit = {},
): Promise<z.output<T>> {
  return (await apiResponse(path, schema, init)).data;
}

/** One page of a spec list call: the array, and where it sits in the whole list. */
export interface ListPage<T> {
  items: T;
  total: number;
  page: number;
  pageCount: number;
}

/** POSTs a spec list call for `page` of `limit` rows and reads the page from its headers. */
export async function postJsonPage<T extends z.ZodType>(
  path: string,
  schema: SchemaSource<T>,
  page: number,
  limit: number,
): Promise<ListPage<z.output<T>>> {
  const { data, headers } = await apiResponse(path, schema, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ page, limit }),
  });
  const header = (name: string, fallback: number) => {
    const value = Number(headers.get(name));
    return Number.isFinite(value) && headers.get(name) !== null ? value : fallback;
  };
  return {
    items: data,
    total: header(PAGE_HEADERS.total, Array.isArray(data) ? data.length : 0),
    page: header(PAGE_HEADERS.page, page),
    pageCount: header(PAGE_HEADERS.pageCount, 1),
  };
}

async function apiResponse<T extends z.ZodType>(
  path: string,
  schema: SchemaSource<T>,
  init: RequestInit,
): Promise<{ data: z.output<T>; headers: Headers }> {
  const response = await apiFetch(`/api${path}`, {
    credentials: 'same-origin',
    ...init,
    headers: { accept: 'application/json', ...init.headers },
  });
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const { ErrorResponseSchema } = await import('@structomate/contract/errors');
    const failure = ErrorResponseSchema.safeParse(body);
    throw failure.success
      ? new ApiError(
          response.status,
          failure.data.error.message,
          failure.data.error.code,
          failure.data.error.issues,
        )
      : new ApiError(response.status, `Request failed with status ${response.status}`);
  }
  const parser = typeof schema === 'function' ? await schema() : schema;
  return { data: parser.parse(body), headers: response.headers };
}

/** Sends JSON with `method` (the session cookie goes along) and parses the answer. */
export function sendJson<T extends z.ZodType>(
  method: 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  schema: SchemaSource<T>,
  body: unknown,
): Promise<z.output<T>> {
  return apiRequest(path, schema, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** POSTs JSON (the session cookie goes along) and parses the answer with the contract's schema. */
export function postJson<T extends z.ZodType>(
  path: string,
  schema: SchemaSource<T>,
  body: unknown = {},
): Promise<z.output<T>> {
  return apiRequest(path, schema, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** The server's message for a failed call, or `fallback` when the failure carries none. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status < 500 && error.status !== 0
    ? error.message
    : fallback;
}

/** `?a=1&b=2` from the defined values only. */
export function toQueryString(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
