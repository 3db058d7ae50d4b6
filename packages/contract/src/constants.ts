/** Business constants of spec §9, shared by the server and the web app. */

export const BRAND_NAME = 'StructoMate';

export const APARTMENTS_PER_PAGE = 6;
/** Upper bound for `limit` on list endpoints, so no request can ask for a whole table. */
export const MAX_PAGE_SIZE = 60;
/** Longest text a list's search (`q`) may hold, in characters. */
export const LIST_SEARCH_MAX = 100;

export const CAROUSEL = {
  slideCount: 10,
  maxImageHeightPx: 500,
  intervalMs: 3000,
  transitionMs: 350,
} as const;

/**
 * How long data the web app has read counts as fresh before it is asked for again. A public page
 * the server keeps drawn for visitors (server PublicCache, topic `pages`) is kept for less, so
 * the browser taking one over never asks again for the data it came with.
 */
export const QUERY_FRESH_MS = 30_000;

export const TOASTS = {
  autoCloseMs: 5000,
  maxVisible: 5,
} as const;

export const DATE_FORMATS = {
  timeAndDate: 'hh:mm aa, dd MMM, yyyy',
  timeDashDate: 'hh:mm a - dd MMM, yyyy',
  date: 'dd MMM, yyyy',
} as const;

export const RENT_CURRENCY_LABEL = 'BDT';

/** The launch offer advertised on the home page (spec §2 coupon banner, §9). */
export const LAUNCH_COUPON = {
  code: 'STRUCTO25',
  percentage: 25,
  headline: '25% OFF on first month rent',
  validUntil: '2025-02-05',
} as const;

/** Lease terms of spec §2/§9, the defaults until a deployment configures its own. */
export const LEASE_TERMS = {
  startDate: '2025-02-01',
  endDate: '2026-01-31',
  noticeDays: 30,
  depositMonths: 1,
  rentDueDay: 1,
  parkingSpot: '12',
} as const;
