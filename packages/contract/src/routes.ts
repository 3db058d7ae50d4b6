/** Client routes of spec §2, shared so the server can answer unknown pages with a real 404. */

export const AUTH_PATH = '/authentiction';
export const REGISTRATION_PATH = '/authentiction/registration';

/**
 * The cookie in which the web app tells the server the reader's time zone (an IANA name), so a
 * page the server draws shows times as the reader's browser will: a signed-in page is drawn on
 * the server only for a reader in the server's own time zone (see the server's web-app plugin).
 */
export const TIME_ZONE_COOKIE = 'sm_tz';

export const DASHBOARD_CHILD_PATHS = [
  'myProfile',
  'adminProfile',
  'makeAnnouncements',
  'manage-members',
  'agreement-requests',
  'manage-coupons',
  'apartments',
  'payments',
  'paymentHistory',
  'member-announcements',
  'user-announcements',
  'users',
  'settings',
  'audit',
  'rent-roll',
  'sent-mail',
  'account',
  'maintenance',
  'maintenance-contacts',
] as const;
export type DashboardChildPath = (typeof DASHBOARD_CHILD_PATHS)[number];

const clientRoutePatterns: RegExp[] = [
  /^\/$/,
  /^\/apartment\/?$/,
  /^\/apartment\/[^/]+\/?$/,
  /^\/authentiction(\/registration)?\/?$/,
  /^\/setup\/?$/,
  /^\/(forgot-password|reset-password|unsubscribe|confirm-email)\/?$/,
  new RegExp(`^/dashboard(/(${DASHBOARD_CHILD_PATHS.join('|')}))?/?$`),
  // A payment's receipt; a member's rent account, and a receipt of theirs.
  /^\/dashboard\/paymentHistory\/[0-9a-f-]{36}\/?$/,
  /^\/dashboard\/manage-members\/[0-9a-f-]{36}(\/receipts\/[0-9a-f-]{36})?\/?$/,
  // The admin's apartments: a new one, an import, one to edit.
  /^\/dashboard\/apartments\/(new|import|[0-9a-f-]{36})\/?$/,
  /^\/dashboard\/sent-mail\/[0-9a-f-]{36}\/?$/,
  // Maintenance: the form, one request; a charge's receipt.
  /^\/dashboard\/maintenance\/(new|[0-9a-f-]{36})\/?$/,
  /^\/dashboard\/charges\/[0-9a-f-]{36}\/?$/,
];

/** True when the web app has a page for `pathname` (the query string excluded). */
export function isClientRoute(pathname: string): boolean {
  return clientRoutePatterns.some((pattern) => pattern.test(pathname));
}
