/**
 * The `fetch` every API call goes through. In the browser it is the browser's; when the server
 * draws a public page it answers from the API in the same process, with the visitor's cookie
 * (see entry-server.tsx), so a page's data is read the same way in both places.
 */
let current: () => typeof fetch = () => fetch;

/** Where API calls go from now on (the server-side renderer; tests). */
export function setApiFetch(resolve: () => typeof fetch): void {
  current = resolve;
}

export const apiFetch: typeof fetch = (input, init) => current()(input, init);
