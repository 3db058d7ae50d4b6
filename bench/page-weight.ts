/**
 * What a first visit to a page transfers, by resource type, before any interaction; which of its
 * scripts hold Zod, and what the page asked the API for as it started (ADR 021: neither, on the
 * home page, the listing and a lease agreement).
 * Usage: node --import tsx bench/page-weight.ts [base URL] [path ...]
 * Start the production server first (`npm start`). Requests leaving the machine are blocked and
 * reported, since the map frame is the only third-party resource.
 */
import { chromium } from '@playwright/test';

const [base = 'http://localhost:3000', ...paths] = process.argv.slice(2);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
try {
  for (const target of paths.length ? paths : ['/']) {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    const blocked: string[] = [];
    await page.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => {
      blocked.push(route.request().url());
      return route.abort();
    });
    const sizes: Promise<{ type: string; bytes: number; encoded: number }>[] = [];
    const zodScripts: Promise<boolean>[] = [];
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/') && !pathname.startsWith('/api/images/')) {
        apiCalls.push(`${request.method()} ${pathname}`);
      }
    });
    page.on('requestfinished', (request) => {
      if (request.resourceType() === 'script') {
        zodScripts.push(
          request
            .response()
            .then(async (response) => (await response?.text())?.includes('$ZodType') ?? false),
        );
      }
      sizes.push(
        request.sizes().then((size) => ({
          type: request.resourceType(),
          // Headers plus body as sent (compressed where the server compressed it).
          bytes: size.responseHeadersSize + size.responseBodySize,
          encoded: size.responseBodySize,
        })),
      );
    });
    await page.goto(new URL(target, base).toString());
    await page.waitForLoadState('networkidle');
    const all = await Promise.all(sizes);
    const byType = new Map<string, { count: number; bytes: number }>();
    for (const entry of all) {
      const row = byType.get(entry.type) ?? { count: 0, bytes: 0 };
      row.count += 1;
      row.bytes += entry.bytes;
      byType.set(entry.type, row);
    }
    const total = all.reduce((sum, entry) => sum + entry.bytes, 0);
    console.log(`\n${target}`);
    for (const [type, row] of [...byType].sort((a, b) => b[1].bytes - a[1].bytes)) {
      console.log(
        `  ${type.padEnd(12)} ${String(row.count).padStart(3)} requests ${(row.bytes / 1024).toFixed(1).padStart(8)} KB`,
      );
    }
    console.log(
      `  ${'total'.padEnd(12)} ${String(all.length).padStart(3)} requests ${(total / 1024).toFixed(1).padStart(8)} KB`,
    );
    const withZod = (await Promise.all(zodScripts)).filter(Boolean).length;
    console.log(`  scripts holding Zod: ${withZod} of ${zodScripts.length}`);
    console.log(`  API calls as it started: ${apiCalls.join(', ') || 'none'}`);
    if (blocked.length) console.log(`  blocked third-party requests: ${blocked.join(', ')}`);
    await context.close();
  }
} finally {
  await browser.close();
}
