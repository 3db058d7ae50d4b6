import { LIST_SEARCH_MAX } from '@structomate/contract';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useSearchParams, type To } from 'react-router';
import { z } from 'zod';

/** A list's page in the address: a whole number from 1, or the first page. */
export const PageParam = z.coerce.number().int().min(1).max(10_000).catch(1);

/** A filter's value in the address: one of `values`, or none (''). */
export const choiceParam = <const Values extends readonly [string, ...string[]]>(values: Values) =>
  z.enum(values).or(z.literal('')).catch('');

/** A search's or a filter's text in the address, or none; as long as the server searches for. */
export const TextParam = z
  .string()
  .catch('')
  .transform((text) => text.slice(0, LIST_SEARCH_MAX));

type ListParams = Record<string, string | number>;

/** Changes a list's view: a new one, or one made from the current. */
export type ListParamsSetter<T> = (
  next: T | ((current: T) => T),
  options?: { replace?: boolean },
) => void;

/**
 * A list's Search (`ListSearch`'s `onSearch`): a new text goes in the address, from page 1. The
 * text already searched, on page 1, would leave the address and so the list's query as they are:
 * the list is asked again instead (`askAgain`), since whoever presses Search again is looking for
 * what arrived since (a mail just written, a request just made).
 */
export function searchOrAskAgain<T extends ListParams & { page: number; q: string }>(
  filters: T,
  setFilters: ListParamsSetter<T>,
  askAgain: () => unknown,
): (q: string) => void {
  return (q) => {
    if (q === filters.q && filters.page === 1) void askAgain();
    else setFilters((current) => ({ ...current, page: 1, q }));
  };
}

/**
 * A list's page and filters, kept in the address (`?page=2&role=member`), so a reload, a shared
 * link, or Back from a row's own page shows the view the admin left. `shape` reads the address
 * field by field, each with a `.catch()` default, so a stale or hand-typed address shows the
 * list from its start rather than failing; only what differs from a default is written. `prefix`
 * keeps two lists on one page apart (`former-page`). The page keeps its scroll position as the
 * view changes, as it did when the view was the component's own state.
 */
export function useListParams<T extends ListParams>(
  shape: z.ZodType<T, Partial<Record<keyof T, unknown>>>,
  prefix = '',
): [T, ListParamsSetter<T>] {
  const [params, setParams] = useSearchParams();
  const read = useCallback(
    (from: URLSearchParams): T => {
      const raw: Record<string, string> = {};
      for (const [name, value] of from) {
        if (name.startsWith(prefix)) raw[name.slice(prefix.length)] = value;
      }
      return shape.parse(raw);
    },
    [shape, prefix],
  );
  const search = params.toString();
  // One object per address, so it can stand in a query key or an effect's dependencies.
  const current = useMemo(() => read(new URLSearchParams(search)), [read, search]);
  const update = useCallback(
    (next: T | ((current: T) => T), options?: { replace?: boolean }) => {
      setParams(
        (latest) => {
          const value = typeof next === 'function' ? next(read(latest)) : next;
          const defaults = shape.parse({});
          const written = new URLSearchParams(latest);
          for (const key of Object.keys(defaults)) {
            const name = prefix + key;
            if (value[key] === defaults[key]) written.delete(name);
            else written.set(name, String(value[key]));
          }
          return written;
        },
        { preventScrollReset: true, replace: options?.replace },
      );
    },
    [setParams, read, shape, prefix],
  );
  return [current, update];
}

/**
 * A list's search field: what the admin types, until the address's search changes under it
 * (Back, Forward, a link), which the field then shows.
 */
export function useSearchText(searched: string): [string, (text: string) => void] {
  const [text, setText] = useState(searched);
  const [followed, setFollowed] = useState(searched);
  if (searched !== followed) {
    setFollowed(searched);
    setText(searched);
  }
  return [text, setText];
}

/** What a link from a list to one of its rows carries: the list's view (`?page=2&q=…`). */
export interface FromList {
  /** Which list, where a row page may be opened from more than one. */
  from?: string;
  listSearch: string;
}

/** The state for a link from this list to a row, so the row page's way back returns to this view. */
export function useFromList(from?: string): FromList {
  const { search } = useLocation();
  return from === undefined ? { listSearch: search } : { from, listSearch: search };
}

/**
 * A row page's way back to its list (`pathname`, which may be relative): with the view the row
 * was opened from, or the list from its start when the page was opened otherwise (a link, a
 * reload of a page opened in a new tab).
 */
export function useBackToList(pathname: string): To {
  const state: unknown = useLocation().state;
  const search =
    typeof state === 'object' && state !== null && 'listSearch' in state ? state.listSearch : '';
  return { pathname, search: typeof search === 'string' && search.startsWith('?') ? search : '' };
}

const PageOnly = z.object({ page: PageParam });

/** A list with nothing to filter: its page in the address (`?page=2`, or `?{prefix}page=2`). */
export function usePageParam(
  prefix = '',
): [number, (page: number, options?: { replace?: boolean }) => void] {
  const [{ page }, setParams] = useListParams(PageOnly, prefix);
  const setPage = useCallback(
    (next: number, options?: { replace?: boolean }) => setParams({ page: next }, options),
    [setParams],
  );
  return [page, setPage];
}

/**
 * Keeps a paged list's page in range: when the list shrinks under it (the last row of the last
 * page was removed), or an address names a page past its end, it moves back to the new last page
 * rather than showing an empty one, replacing the address rather than adding a step to Back.
 */
export function useKeepPageInRange(
  page: number,
  pageCount: number | undefined,
  setPage: (page: number, options: { replace: boolean }) => void,
): void {
  useEffect(() => {
    if (pageCount !== undefined && page > pageCount) setPage(pageCount, { replace: true });
  }, [page, pageCount, setPage]);
}

/** useKeepPageInRange for a list whose page is one of its params (useListParams). */
export function useKeepListPageInRange<T extends ListParams & { page: number }>(
  params: T,
  setParams: ListParamsSetter<T>,
  pageCount: number | undefined,
): void {
  const setPage = useCallback(
    (page: number, options: { replace: boolean }) =>
      setParams((current) => ({ ...current, page }), options),
    [setParams],
  );
  useKeepPageInRange(params.page, pageCount, setPage);
}
