import { expect, test } from './fixtures';

test.describe('unknown page', () => {
  test.use({ expectedHttpErrors: [/^\/no-such-page$/] });

  test('shows the 404 page with a real 404 status @mobile', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expect(
      page.getByText('Sorry, the page you are looking for does not exist'),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Go to Homepage' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'About the Building' })).toBeVisible();
  });
});

test('a page the app knows answers 200', async ({ request }) => {
  for (const path of ['/', '/apartment', '/authentiction', '/authentiction/registration']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()['content-type']).toContain('text/html');
  }
});

test.describe('unknown apartment', () => {
  test.use({ expectedHttpErrors: [/^\/api\/apartments\//] });

  test('shows the not-found page, not a spinner', async ({ page }) => {
    await page.goto('/apartment/6c1f5d9e-3b7a-4c2e-9f10-2a4b6c8d0e1f');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await page.goto('/apartment/not-an-id');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  });
});

test('the dashboard sends a visitor to the login page', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/authentiction$/);
  await expect(page.getByRole('heading', { name: 'Log in to Home' })).toBeVisible();
});

test('unknown API paths are JSON 404s', async ({ request }) => {
  const response = await request.get('/api/no-such-endpoint');
  expect(response.status()).toBe(404);
  expect(await response.json()).toEqual({
    error: { code: 'NOT_FOUND', message: 'No API endpoint answers GET /api/no-such-endpoint' },
  });
});

test('built assets are pre-compressed and cached for a year', async ({ page, request }) => {
  await page.goto('/');
  const script = await page.locator('script[type="module"][src^="/assets/"]').getAttribute('src');
  expect(script).toBeTruthy();
  const response = await request.get(script ?? '', { headers: { 'accept-encoding': 'br' } });
  expect(response.status()).toBe(200);
  expect(response.headers()['content-encoding']).toBe('br');
  expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  // Pages are asked for again every time; a page drawn for a visitor is theirs alone.
  const drawn = await request.get('/');
  expect(drawn.headers()['cache-control']).toBe('private, no-cache');
  expect(drawn.headers()['vary']).toMatch(/\bcookie\b/i);
  const shell = await request.get('/dashboard');
  expect(shell.headers()['cache-control']).toBe('no-cache');
});
