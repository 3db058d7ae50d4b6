import { TIME_ZONE_COOKIE } from '@structomate/contract';
import { startTransition, StrictMode } from 'react';
import { fieldsAsDrawn } from './lib/first-use';
import { setDrawnAt, setKnownDays } from './lib/now';
import { readSsrState, takingOverWith } from './lib/ssr-state';

/** Starts the app in the page (main.tsx loads this once the page is on screen). */
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/**
 * The server draws a signed-in page only when it would show the times on it as this browser does:
 * the browser's zone is noted in a cookie for it. Reading the zone is the page's first use of the
 * browser's date formatting, which costs 30-100 ms here (its ICU data) and four times that on a
 * phone as Lighthouse rates one.
 */
function noteTimeZone(): string {
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (
    !document.cookie.split('; ').includes(`${TIME_ZONE_COOKIE}=${encodeURIComponent(timeZone)}`)
  ) {
    document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(timeZone)}; path=/; max-age=31536000; samesite=lax`;
  }
  return timeZone;
}

/**
 * A public page drawn on the server shows no instant in the reader's zone, so the zone is noted
 * once the visitor does something (a tap, a key: signing in starts with one) or leaves the tab,
 * not while the page starts.
 */
function noteTimeZoneOnFirstUse(): void {
  const events = ['pointerdown', 'keydown', 'visibilitychange'] as const;
  const note = () => {
    for (const event of events) removeEventListener(event, note, true);
    noteTimeZone();
  };
  for (const event of events) addEventListener(event, note, { capture: true, passive: true });
}

/**
 * Lets the browser answer a tap (and paint) before the next part of the app's code runs: a task
 * of its own, posted as a message (a timer would wait on a page whose clock is held, as the
 * browser tests hold it).
 */
const yieldToBrowser = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });

// The app's code is fetched at once and run a part at a time (React's DOM renderer; then the
// screens, the router and the data layer), each in a task of its own with the browser free in
// between: on a slow phone one long task would leave a tap unanswered for the whole of it.
const reactDom = import('react-dom/client');
const screens = Promise.all([
  import('./app/app'),
  import('./app/router'),
  import('@tanstack/react-query'),
  import('./lib/query-client'),
]);
const { createRoot, hydrateRoot } = await reactDom;
await yieldToBrowser();
const [{ App }, { createRouter }, { hydrate }, { createQueryClient }] = await screens;
await yieldToBrowser();

// Public pages arrive drawn by the server with the data they were drawn with: the browser takes
// them over (hydrates) from that state. Other pages arrive empty and are drawn here.
const state = readSsrState(document);
// A page drawn in the reader's zone (signed in) is checked against it below; a page the browser
// draws itself formats dates as it starts anyway.
const timeZone = state?.timeZone !== undefined || !state ? noteTimeZone() : undefined;
if (timeZone === undefined) noteTimeZoneOnFirstUse();
setDrawnAt(() => state?.drawnAt);
setKnownDays(state?.days);
const queryClient = createQueryClient();
if (state) {
  hydrate(queryClient, state.queries);
  takingOverWith(state);
}
const router = await createRouter(state?.router);
const app = (
  <StrictMode>
    <App router={router} queryClient={queryClient} />
  </StrictMode>
);
// A page drawn for the zone this browser was in when the app last ran (a reader who has since
// travelled) shows other times than the browser would: it is drawn again here, from the same
// data, rather than taken over and thrown away.
const drawnElsewhere = state?.timeZone !== undefined && state.timeZone !== timeZone;
// As a transition, taking the page over yields to the browser every few milliseconds (a tap is
// answered at once) instead of holding the main thread until the whole page is done.
if (state && !drawnElsewhere) {
  // What the reader typed before now is set back to what was drawn, in this task, and handed to
  // the app once it runs (lib/first-use.ts).
  fieldsAsDrawn();
  startTransition(() => {
    hydrateRoot(root, app);
  });
} else {
  createRoot(root).render(app);
}
