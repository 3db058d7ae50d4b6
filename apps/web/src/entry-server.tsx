import { AsyncLocalStorage } from 'node:async_hooks';
import { TZDate } from '@date-fns/tz';
import { addDays, startOfDay } from 'date-fns';
import {
  dehydrate,
  QueryClient,
  type DefaultError,
  type QueryKey,
  type QueryObserverOptions,
} from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from './app/app';
import { routes } from './app/router';
import { setApiFetch } from './lib/api-fetch';
import { dayFormat, setDayNoter, setDrawnAt, setReaderClock, type KnownDay } from './lib/now';
import { createQueryClient } from './lib/query-client';
import { scriptSafeJson, SSR_STATE_ID, type SsrState } from './lib/ssr-state';

/**
 * The public pages drawn on the server (ADR 015). The page is rendered, the data it asked for is
 * read (from the API in this process, as the visitor), and it is rendered again with that data,
 * until it asks for nothing new; what it was drawn with goes to the browser with it.
 */

/**
 * Each page's API calls answer as its visitor, and it is drawn at its request's time, with its
 * instants as the visitor's clock shows them; renders of different visitors interleave.
 */
const drawing = new AsyncLocalStorage<{
  fetchApi: typeof fetch;
  drawnAt: number;
  timeZone: string | undefined;
  /** The days the page asked for, by zone, handed to the browser with it (lib/now.ts). */
  days: Record<string, KnownDay>;
}>();
setApiFetch(() => {
  const current = drawing.getStore();
  if (!current) throw new Error('An API call outside a page render on the server');
  return current.fetchApi;
});
setDrawnAt(() => drawing.getStore()?.drawnAt);
setReaderClock({
  zone: () => drawing.getStore()?.timeZone,
  view: (instant) => {
    const timeZone = drawing.getStore()?.timeZone;
    return timeZone ? new TZDate(instant.getTime(), timeZone) : instant;
  },
});

setDayNoter((zone, instant, day) => {
  const days = drawing.getStore()?.days;
  if (!days || days[zone]) return;
  const local = new TZDate(instant.getTime(), zone);
  const from = startOfDay(local).getTime();
  const until = addDays(startOfDay(local), 1).getTime();
  // Handed over only if the formatter agrees at both edges: in a zone whose clocks change at
  // midnight, that day's midnight may not exist, and the browser asks its own formatter instead.
  const dayAt = dayFormat(zone);
  const edges = [from, until - 1].map((at) => dayAt.format(at));
  const beyond = [from - 1, until].map((at) => dayAt.format(at));
  if (edges.every((edge) => edge === day) && !beyond.includes(day)) {
    days[zone] = { day, from, until };
  }
});

const handler = createStaticHandler(routes);

/** A page asks for more only after earlier data arrives (the user, then their request): 3 rounds. */
const MAX_ROUNDS = 4;

export interface RenderedPage {
  /** The markup for `#root`. */
  html: string;
  /** The page's `<title>` (its text, HTML-escaped), for the document's head. */
  title: string | undefined;
  /** Elements for the document's head: the preloads of the images the page shows first. */
  head: string;
  /** The `<script type="application/json">` element with the state the browser starts from. */
  stateScript: string;
}

type WantedQuery = QueryObserverOptions<unknown, DefaultError, unknown, unknown, QueryKey>;

/** A client that notes every query the page asks for while it renders (useQuery reads its options through `defaultQueryOptions`). */
function recordingQueryClient(): { queryClient: QueryClient; wanted: Map<string, WantedQuery> } {
  const queryClient = new QueryClient({ defaultOptions: createQueryClient().getDefaultOptions() });
  const wanted = new Map<string, WantedQuery>();
  const defaults = queryClient.defaultQueryOptions.bind(queryClient);
  queryClient.defaultQueryOptions = ((options: WantedQuery) => {
    const defaulted = defaults(options);
    if (defaulted.queryHash) wanted.set(defaulted.queryHash, defaulted);
    return defaulted;
  }) as QueryClient['defaultQueryOptions'];
  return { queryClient, wanted };
}

/**
 * Draws the page at `url` as the visitor `fetchApi` calls the API for, at the instant `now`
 * (milliseconds; the request's time, which tests may name), its instants in `timeZone` (the
 * visitor's, a valid IANA name; the server's own when undefined).
 */
export async function render(
  url: string,
  fetchApi: typeof fetch,
  now: number,
  timeZone?: string,
): Promise<RenderedPage> {
  const drawnAt = Math.floor(now / 60_000) * 60_000;
  const days: Record<string, KnownDay> = {};
  return drawing.run({ fetchApi, drawnAt, timeZone, days }, async () => {
    const context = await handler.query(new Request(new URL(url, 'http://localhost')));
    if (context instanceof Response) throw new Error(`A route answered ${context.status}`);
    const router = createStaticRouter(handler.dataRoutes, context);
    const { queryClient, wanted } = recordingQueryClient();
    const draw = () =>
      renderToString(
        <AppProviders queryClient={queryClient}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>,
      );

    let html = draw();
    const tried = new Set<string>();
    for (let round = 1; round < MAX_ROUNDS; round++) {
      const due = [...wanted.values()].filter((options) => {
        const hash = options.queryHash ?? '';
        if (tried.has(hash) || !isEnabled(queryClient, options)) return false;
        return queryClient.getQueryState(options.queryKey)?.status !== 'success';
      });
      if (due.length === 0) break;
      for (const options of due) tried.add(options.queryHash ?? '');
      await Promise.all(
        due.map((options) => queryClient.prefetchQuery({ ...options, retry: false })),
      );
      wanted.clear();
      html = draw();
    }

    // A call that failed is asked again by the browser, which starts from what the server sends:
    // the page is drawn without it, as the browser's first render will be.
    const failed = queryClient
      .getQueryCache()
      .findAll({ predicate: (query) => query.state.status === 'error' });
    if (failed.length > 0) {
      for (const query of failed) queryClient.getQueryCache().remove(query);
      html = draw();
    }

    const state: SsrState = {
      drawnAt,
      ...(timeZone ? { timeZone } : {}),
      days,
      queries: dehydrate(queryClient),
      router: {
        loaderData: context.loaderData,
        actionData: context.actionData,
        errors: context.errors,
      },
    };
    queryClient.clear();
    return {
      ...headOf(html),
      stateScript: `<script type="application/json" id="${SSR_STATE_ID}">${scriptSafeJson(state)}</script>`,
    };
  });
}

function isEnabled(client: QueryClient, options: WantedQuery): boolean {
  const { enabled } = options;
  if (typeof enabled !== 'function') return enabled !== false;
  return enabled(client.getQueryCache().build(client, options));
}

/**
 * React draws a page's `<title>` where the page puts it and its images' preloads first; in the
 * browser it moves them to the head. Here they are taken out of the markup for the document's head.
 */
function headOf(markup: string): { html: string; title: string | undefined; head: string } {
  const preloads = /^(?:<link [^>]*\/>)*/.exec(markup)?.[0] ?? '';
  let html = markup.slice(preloads.length);
  // A page inside a layout draws the layout's title and then its own: the last one is the page's.
  const titles = [...html.matchAll(/<title>([^<]*)<\/title>/g)];
  html = html.replace(/<title>[^<]*<\/title>/g, '');
  return { html, title: titles.at(-1)?.[1], head: preloads };
}
