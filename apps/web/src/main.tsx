import './index.css';
import { awaitFirstUse } from './lib/first-use';
import { SSR_STATE_ID } from './lib/ssr-state';

// Zod compiles fast parsers with `new Function` where it may. Our content security policy allows
// no eval, and Chrome reports even Zod's caught probe as a policy violation. `z.config({ jitless:
// true })` would come too late (the contract's schemas are built as its chunk loads), so the
// setting is placed where Zod reads its configuration from, before Zod loads.
(globalThis as { __zod_globalConfig?: object }).__zod_globalConfig = { jitless: true };

// A page the server drew is on screen, whole, before any of the app's code: the app is fetched
// and takes the page over when the reader first acts on it (lib/first-use.ts, ADR 022), so a
// reader who only reads never waits for it, and a phone spends nothing on it while the page
// loads. What they do meanwhile is handed to the app once it runs. A page the browser draws
// itself starts the app at once, as does a page the app has news on: a Google sign-in's outcome
// (`?google=…`, google-outcome.tsx), told as the page arrives, or a page reloaded with what the
// app had kept with it in the history (React Router's `usr`: the agreement a visitor was
// signing when they went to register), which only the app can show.
const keptByApp = (history.state as { usr?: unknown } | null)?.usr;
const newsOnArrival =
  new URLSearchParams(location.search).has('google') ||
  (keptByApp !== undefined && keptByApp !== null);
if (document.getElementById(SSR_STATE_ID) && !newsOnArrival) {
  const firstUse = awaitFirstUse();
  await firstUse.used;
  await import('./boot');
  await appRunning();
  firstUse.release();
} else {
  await import('./boot');
}

/** Resolves once the app has taken the page over (`<html data-app-ready>`, app.tsx). */
function appRunning(): Promise<void> {
  const html = document.documentElement;
  return new Promise((resolve) => {
    if (html.dataset.appReady !== undefined) {
      resolve();
      return;
    }
    const observer = new MutationObserver(() => {
      if (html.dataset.appReady === undefined) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(html, { attributes: true, attributeFilter: ['data-app-ready'] });
  });
}
