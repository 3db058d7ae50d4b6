import { randomBytes } from 'node:crypto';

/**
 * The header that marks the API calls a page makes while the server draws it (plugins/web-app.ts):
 * the page's own request already counted against its address's request ceiling. The value is
 * made at start and never leaves this process, so no one outside can present it.
 */
export const PAGE_RENDER_HEADER = 'x-structomate-page-render';
export const pageRenderToken = randomBytes(32).toString('hex');

export function isPageRenderCall(headers: Record<string, string | string[] | undefined>): boolean {
  return headers[PAGE_RENDER_HEADER] === pageRenderToken;
}
