import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';
import type { KnownDay } from './now';

/**
 * What a page drawn on the server hands to the browser, as JSON in a non-executing
 * `<script type="application/json">` (the content security policy allows no inline script):
 * the data the page was drawn with and the router's state, so the first render in the browser
 * is the server's page and nothing is asked for twice.
 */
export interface SsrState {
  /** The minute the page was drawn at (lib/now.ts). */
  drawnAt: number;
  /**
   * The time zone its instants were drawn in: the reader's, as the app last noted it (`sm_tz`);
   * absent when drawn in the server's own (the public pages show none).
   */
  timeZone?: string;
  /** The days it was drawn with, by zone: the browser asks no formatter for them (lib/now.ts). */
  days?: Record<string, KnownDay>;
  queries: DehydratedState;
  router: HydrationState;
}

export const SSR_STATE_ID = 'ssr-state';

/** The queries whose data came with the page the server drew, while the app takes it over. */
let cameWithPage: ReadonlySet<string> = new Set();

/**
 * The data a drawn page came with is as fresh as the page (read at its request, or kept drawn
 * only until any of it changes, ADR 015): the screens that read it do not ask for it again as the
 * app takes the page over, not even those that ask on every visit (the session, the featured
 * coupon, `staleTime: 0`). Once the app has the page (`tookOver`), every screen that mounts asks
 * by the usual rules (ADR 021).
 */
export function takingOverWith(state: SsrState): void {
  cameWithPage = new Set(state.queries.queries.map((query) => query.queryHash));
}

/** The app has taken the page over: its data is asked for again by the usual rules. */
export function tookOver(): void {
  cameWithPage = new Set();
}

/** False for data the drawn page came with, while the app takes it over (`refetchOnMount`). */
export function askAgainOnMount(query: { queryHash: string }): boolean {
  return !cameWithPage.has(query.queryHash);
}

/** The state a server-drawn page carries, or undefined for a page the browser draws alone. */
export function readSsrState(document: Document): SsrState | undefined {
  const text = document.getElementById(SSR_STATE_ID)?.textContent;
  return text ? (JSON.parse(text) as SsrState) : undefined;
}

/** JSON safe inside a `<script>` element: no `</script>` or `<!--` can end it early. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
