import { chromium, type Page } from '@playwright/test';
import sharp from 'sharp';
const base = 'http://127.0.0.1:3300';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const errors: string[] = [];
async function ctx(width: number) {
  const c = await browser.newContext({ baseURL: base, viewport: { width, height: width > 500 ? 900 : 800 } });
  const p = await c.newPage();
  p.on('console', (m) => { if (m.type() === 'error') errors.push(`${width}: ${m.text()} ${m.location().url}`); });
  p.on('pageerror', (e) => errors.push(`${width}: ${e.message}`));
  return p;
}
async function login(p: Page, email: string, pw: string) {
  await p.goto('/authentiction'); await p.waitForSelector('html[data-app-ready]', { state: 'attached' });
  await p.getByLabel('Email').locator('visible=true').first().fill(email);
  await p.getByLabel('Password', { exact: true }).locator('visible=true').first().fill(pw);
  await p.getByRole('button', { name: 'Login', exact: true }).locator('visible=true').first().click();
  await p.waitForURL((u) => !u.pathname.startsWith('/authentiction'));
}
const tall = await sharp({ create: { width: 60, height: 600, channels: 3, background: { r: 200, g: 120, b: 80 } } }).png().toBuffer();
for (const width of [1366, 360]) {
  // Visitor registers from Apply.
  const p = await ctx(width);
  const res = await p.request.get('/api/apartments?limit=60');
  const { result } = (await res.json()) as { result: { _id: string; apartmentNo: string; booked?: boolean }[] };
  const apt = result[width === 1366 ? 5 : 6];
  await p.goto(`/apartment/${apt._id}`); await p.waitForSelector('html[data-app-ready]', { state: 'attached' });
  await p.getByRole('button', { name: 'Apply' }).click();
  await p.waitForURL(/authentiction$/);
  await p.getByRole('link', { name: 'Register now.' }).click();
  await p.getByLabel('Name').fill(`Test Visitor With A Really Long Name That Goes On ${width}`);
  await p.getByLabel('Email').fill(`v${width}.${Date.now()}@example.com`);
  await p.getByLabel('Password', { exact: true }).fill('Harbour2026');
  await p.getByLabel('Photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: tall });
  await p.getByRole('button', { name: 'Register' }).click();
  await p.waitForEvent('load', { timeout: 15000 });
  await p.getByText('You are logged in as').waitFor();
  await p.waitForTimeout(500);
  await p.screenshot({ path: `/tmp/s/continue-${width}.png` });
  await p.getByRole('link', { name: 'Continue' }).click();
  await p.waitForURL(/\/apartment\//);
  await p.getByRole('button', { name: 'Apply' }).click();
  await p.waitForURL(/myProfile/);
  await p.waitForTimeout(800);
  await p.context().close();
  // Former tenant.
  const f = await ctx(width);
  await login(f, 'former@structo.com', 'Former1234');
  await f.goto('/dashboard/myProfile'); await f.getByRole('region', { name: 'Your last lease' }).waitFor();
  await f.waitForTimeout(500);
  await f.screenshot({ path: `/tmp/s/former-${width}.png`, fullPage: true });
  await f.context().close();
  // Admin: agreement requests.
  const a = await ctx(width);
  await login(a, 'admin@structo.com', 'Admin1234');
  await a.goto('/dashboard/agreement-requests'); await a.getByRole('button', { name: 'Accept' }).first().waitFor();
  await a.waitForTimeout(500);
  await a.screenshot({ path: `/tmp/s/requests-${width}.png`, fullPage: width > 500 });
  await a.goto('/dashboard/manage-coupons'); await a.getByRole('button', { name: 'Create Coupon' }).click();
  await a.getByLabel('Heading').fill('Summer');
  await a.getByRole('button', { name: 'Close Coupon' }).click();
  await a.goto('/dashboard/manage-coupons').catch(() => {});
  await a.context().close();
}
console.log(errors.join('\n') || 'no console errors');
await browser.close();
