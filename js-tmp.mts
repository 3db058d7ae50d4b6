import { chromium } from '@playwright/test';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const base = 'http://127.0.0.1:3300';
for (const path of (process.argv[2] ?? '/').split(',')) {
const ctx = await b.newContext();
if (process.env.LOGIN) {
  const [email, password] = process.env.LOGIN.split(':');
  const r = await ctx.request.post(base + '/api/login', { data: { email, password } });
  console.log('login', r.status());
  await ctx.addCookies([{ name: 'sm_tz', value: encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone), url: base }]);
}
  const p = await ctx.newPage();
  const rows: [string, number, boolean][] = [];
  const api: string[] = [];
  const pending: Promise<void>[] = [];
  p.on('request', (r) => { if (r.url().includes('/api/') && !r.url().includes('/api/images/')) api.push(r.method() + ' ' + r.url().replace(base, '')); });
  p.on('response', (r) => { if (r.request().resourceType() === 'script') pending.push((async () => { const s = await r.request().sizes(); const t = await r.text(); rows.push([r.url().replace(/.*\/assets\//, ''), s.responseBodySize, t.includes('$ZodType') || /from"\.\/schemas-/.test(t)]); })()); });
  await p.goto(base + path);
  await p.waitForSelector('html[data-app-ready]', { state: 'attached' });
  await p.waitForLoadState('networkidle');
  await Promise.all(pending);
  rows.sort((a, b) => b[1] - a[1]);
  const t = rows.reduce((s, r) => s + r[1], 0);
  console.log(`== ${path}: ${(t / 1024).toFixed(1)} KB in ${rows.length} files; zod in: ${rows.filter((r) => r[2]).map((r) => r[0]).join(' ') || 'none'}; api: ${api.join(', ') || 'none'}`);
  if (process.env.ALL) for (const [u, n] of rows) console.log((n / 1024).toFixed(1).padStart(7), u);
  await ctx.close();
}
await b.close();
