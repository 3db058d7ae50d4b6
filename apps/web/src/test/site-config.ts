import type { SiteConfig } from '@structomate/contract';

/** A complete /api/site answer for component tests; override what the test is about. */
export const siteConfig = (overrides: Partial<SiteConfig> = {}): SiteConfig => ({
  googleSignIn: false,
  payments: { provider: 'sandbox', publishableKey: null, currency: 'bdt', rate: null },
  lease: { startDate: '2025-02-01', endDate: '2026-01-31', parkingSpot: '12' },
  ...overrides,
});
