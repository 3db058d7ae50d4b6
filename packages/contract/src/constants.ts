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

/** Rent may be paid up to this many months after the current one (the ledger's horizon). */
export const RENT_MONTHS_AHEAD = 11;

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

/**
 * What a coupon code allows, as the payments code holds it (one use per tenant and code, on the
 * rent of an accepted lease): said on the home page's banner and at the admin's code field.
 */
export const COUPON_TERMS = 'Each tenant can use a code once, on the rent of a running lease.';

/** Lease terms of spec §2/§9, the defaults until a deployment configures its own. */
export const LEASE_TERMS = {
  startDate: '2025-02-01',
  endDate: '2026-01-31',
  noticeDays: 30,
  depositMonths: 1,
  rentDueDay: 1,
  parkingSpot: '12',
} as const;

/** Spec §4/§8 sign-in messages, spelled as the spec spells them (here, not in accounts.ts: the web app's first script reads them without Zod). */
export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email/password',
  welcomeBack: (name: string) => `Welcome Back ${name}`,
  welcome: (name: string) => `Welcome ${name}`,
  googleFailed: "Can't login usign Google",
  userFetchFailed: 'Failed to fetch user data after retries.',
  accessDenied: 'Access Denied!',
  signInToSign: 'Login/Register to Sign Agreement',
} as const;

/** The headers that say where a page of a list sits (ours). */
export const PAGE_HEADERS = {
  total: 'x-total-count',
  page: 'x-page',
  pageCount: 'x-page-count',
  limit: 'x-page-size',
} as const;

/** The social networks the footer can link to, in the order it shows them. */
export const SOCIAL_NETWORKS = ['facebook', 'instagram', 'x', 'linkedin', 'youtube'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

export const SOCIAL_NETWORK_NAMES: Record<SocialNetwork, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  x: 'X',
  linkedin: 'LinkedIn',
  youtube: 'YouTube',
};

/** What the server tells the web app after a Google sign-in, in the `google` query parameter. */
export const GOOGLE_OUTCOMES = ['welcome', 'welcome-back', 'failed'] as const;
export type GoogleOutcome = (typeof GOOGLE_OUTCOMES)[number];

/** The months' names, January first (payments, coupons' dates, long dates on the public pages). */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** "1st", "2nd", "23rd", "28th": a day of the month, as rent falls due on it. */
export function ordinal(day: number): string {
  const teens = day % 100 >= 11 && day % 100 <= 13;
  const suffix = teens ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' }[day % 10] ?? 'th');
  return `${day}${suffix}`;
}
