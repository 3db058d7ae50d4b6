import './index.css';
import { SSR_STATE_ID } from './lib/ssr-state';

// Zod compiles fast parsers with `new Function` where it may. Our content security policy allows
// no eval, and Chrome reports even Zod's caught probe as a policy violation. `z.config({ jitless:
// true })` would come too late (the contract's schemas are built as its chunk loads), so the
// setting is placed where Zod reads its configuration from, before Zod loads.
(globalThis as { __zod_globalConfig?: object }).__zod_globalConfig = { jitless: true };

// A page the server drew is on screen as soon as the browser paints it. The app's code (its
// download, and taking the page over: long tasks on a phone) waits until that first paint, so
// nothing the script does holds it back. A page the browser draws itself starts at once.
if (document.getElementById(SSR_STATE_ID)) await firstPaint();
await import('./boot');

/** Resolves once the browser has painted the page (or, where paints are not reported, at load). */
function firstPaint(): Promise<void> {
  return new Promise((resolve) => {
    addEventListener('load', () => resolve(), { once: true });
    if (!PerformanceObserver.supportedEntryTypes.includes('paint')) return;
    // Reported by the browser, not by a timer: it holds whatever a page does to its clock.
    new PerformanceObserver((_entries, observer) => {
      observer.disconnect();
      resolve();
    }).observe({ type: 'paint', buffered: true });
  });
}
