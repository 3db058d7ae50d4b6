/**
 * The security headers that only pages get (a referrer policy, cross-origin opener and agent
 * cluster, Helmet's legacy X- headers): never sent on an API answer or a built file, which get
 * `API_SECURITY_HEADERS` (plugins/security.ts).
 */
export const PAGE_ONLY_HEADERS = [
  'referrer-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;
