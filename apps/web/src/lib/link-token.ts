/**
 * The token of a link we mailed or printed (`…#token=…`): in the fragment, it never reaches a
 * server's logs or another site's Referer.
 */
export function tokenFromHash(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';
}
