import type { SiteConfig } from '@structomate/contract';

/** A complete /api/site answer for component tests; override what the test is about. */
export const siteConfig = (overrides: Partial<SiteConfig> = {}): SiteConfig => ({
  googleSignIn: false,
  timeZone: 'Asia/Dhaka',
  payments: { provider: 'sandbox', publishableKey: null, currency: 'bdt', rate: null },
  ...overrides,
});
