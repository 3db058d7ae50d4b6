/**
 * What taking a drawn page over on first use costs (ADR 022): on a phone-sized page with the
 * processor slowed four times (as Lighthouse's phone), the time from the reader's first touch
 * to the app running in the page (`<html data-app-ready>`), which is how long a press made with
 * that touch waits before the app does it. Lighthouse does not touch the page, so it cannot
 * show this cost; `npm run audit:web` prints it under its table.
 */
import { chromium, devices } from '@playwright/test';

/** A phone: Playwright's Moto G4 (360 px, the narrowest screen we design for), its processor
 * four times slower, as Lighthouse slows its phone's. */
const CPU_SLOWDOWN = 4;

export interface FirstUseCost {
  path: string;
  /** Milliseconds from the first touch to the app running, each run. */
  runs: number[];
}

export async function firstUseCost(
  base: string,
  paths: string[],
  runs: number,
): Promise<FirstUseCost[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  try {
    const costs: FirstUseCost[] = [];
    for (const path of paths) {
      const cost: FirstUseCost = { path, runs: [] };
      for (let run = 0; run < runs; run += 1) {
        // A new context each time: nothing cached, as on a first visit.
        const context = await browser.newContext({ ...devices['Moto G4'], deviceScaleFactor: 1 });
        const page = await context.newPage();
        await page.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
        await page.goto(new URL(path, base).toString(), { waitUntil: 'networkidle' });
        // The first touch: a finger put down to scroll the page (no press on a control).
        const touched = await page.evaluate(() => performance.now());
        const at = (y: number) => [{ x: 180, y }];
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(420) });
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(380) });
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
        await page.waitForSelector('html[data-app-ready]', { state: 'attached', timeout: 30_000 });
        const running = await page.evaluate(() => performance.now());
        cost.runs.push(Math.round(running - touched));
        await context.close();
      }
      costs.push(cost);
    }
    return costs;
  } finally {
    await browser.close();
  }
}

/** The middle one of `items` ranked by `rank` (the upper of the two middle ones for an even count). */
export function middleBy<T>(items: readonly T[], rank: (item: T) => number): T | undefined {
  return [...items].sort((a, b) => rank(a) - rank(b))[Math.floor(items.length / 2)];
}
