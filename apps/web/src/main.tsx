import './index.css';
import { SSR_STATE_ID } from './lib/ssr-state';

// Zod compiles fast parsers with `new Function` where it may. Our content security policy allows
// no eval, and Chrome reports even Zod's caught probe as a policy violation. `z.config({ jitless:
// true })` would come too late (the contract's schemas are built as its chunk loads), so the
// setting is placed where Zod reads its configuration from, before Zod loads.
(globalThis as { __zod_globalConfig?: object }).__zod_globalConfig = { jitless: true };

/**
 * How long the app waits for a leading image before it starts anyway (a photo that stalls).
 * Declared before the wait below: the module pauses there, and a later `const` would not exist yet.
 */
const LEADING_IMAGE_WAIT_MS = 3000;

// A page the server drew is on screen as soon as the browser paints it. The app's code (its
// download, and taking the page over: long tasks on a phone) waits until that first paint and
// until the page's leading image (the home page's first photo, a lease's apartment photo) is
// decoded, so nothing the script does holds either back: on a slow phone the script's download
// would share the line with the photo, and its long tasks would keep a photo that had arrived
// from being painted. A page the browser draws itself starts at once.
if (document.getElementById(SSR_STATE_ID)) {
  await firstPaint();
  await leadingImagesDrawn();
}
await import('./boot');

/**
 * Resolves once the images the page asked the browser to fetch first (`fetchpriority="high"`)
 * are decoded, ready to be painted in the next frame; at the latest after LEADING_IMAGE_WAIT_MS.
 * Not after an animation frame: on a page whose clock is held, as the browser tests hold it,
 * `requestAnimationFrame` calls back only when the clock moves, and the app would not start.
 */
async function leadingImagesDrawn(): Promise<void> {
  const leading = [...document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')];
  if (leading.length === 0) return;
  // A failed image resolves too: the app must start whatever became of the photo.
  const decoded = Promise.all(leading.map((image) => image.decode().catch(() => undefined)));
  await Promise.race([
    decoded,
    new Promise((resolve) => setTimeout(resolve, LEADING_IMAGE_WAIT_MS)),
  ]);
}

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
