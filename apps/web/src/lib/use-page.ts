import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod';

/** A list's page in the address: a whole number from 1, or the first page. */
export const PageParam = z.coerce.number().int().min(1).max(10_000).catch(1);

/** A filter's value in the address: one of `values`, or none (''). */
export const choiceParam = <const Values extends readonly [string, ...string[]]>(values: Values) =>
  z.enum(values).or(z.literal('')).catch('');

/** A search's text in the address, or none. */
export const TextParam = z.string().catch('');

type ListParams = Record<string, string | number>;

/**
 * A list's page and filters, kept in the address (`?page=2&role=member`), so a reload, a shared
 * link, or Back from a row's own page shows the view the admin left. `shape` reads the address
 * field by field, each with a `.catch()` default, so a stale or hand-typed address shows the
 * list from its start rather than failing; only what differs from a default is written. `prefix`
 * keeps two lists on one page apart (`former.page`). The page keeps its scroll position as the
 * view changes, as it did when the view was the component's own state.
 */
export function useListParams<T extends ListParams>(
  shape: z.ZodType<T, Partial<Record<keyof T, unknown>>>,
  prefix = '',
): [T, (next: T | ((current: T) => T), options?: { replace?: boolean }) => void] {
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
