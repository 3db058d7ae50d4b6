/**
 * Full-page screenshots of a running app at desktop and phone widths, for looking at the pages.
 * Usage: node --import tsx scripts/screenshots.ts [--as email:password] http://localhost:3000 / /apartment ...
 * With --as, the pictures are taken signed in as that account. They go to .artifacts/screens/;
 * console errors are reported.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from '@playwright/test';

const args = process.argv.slice(2);
const asIndex = args.indexOf('--as');
const account = asIndex === -1 ? undefined : args.splice(asIndex, 2)[1];
const [base = 'http://localhost:3000', ...paths] = args;
const prefix = account ? `${account.split('@')[0]}-` : '';
const outDir = path.resolve(import.meta.dirname, '../.artifacts/screens');
const widths = [
  { name: 'desktop', width: 1366, height: 768 },
  { name: 'phone', width: 360, height: 780 },
];

await mkdir(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
try {
  for (const viewport of widths) {
    const context = await browser.newContext({
      viewport: { width: viewport.width, height: viewport.height },
      deviceScaleFactor: 1,
    });
    if (account) {
      const [email, password] = account.split(':');
      const login = await context.request.post(new URL('/api/login', base).toString(), {
        data: { email, password },
      });
      if (!login.ok()) throw new Error(`login failed: ${login.status()}`);
    }
    const page = await context.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error') console.log(`  console error: ${message.text()}`);
    });
    for (const target of paths.length ? paths : ['/']) {
      await page.goto(new URL(target, base).toString(), { waitUntil: 'networkidle' });
      const name = `${prefix}${target.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}-${viewport.name}.png`;
      await page.screenshot({ path: path.join(outDir, name), fullPage: true });
      console.log(path.join(outDir, name));
    }
    await context.close();
  }
} finally {
  await browser.close();
}
