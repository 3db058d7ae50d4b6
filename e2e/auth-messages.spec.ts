import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, registerResident, test } from './fixtures';

/**
 * Messages people can act on: a throttle says so once, a refused registration spends no upload,
 * and a failed sign-out does not pretend to have signed out. Every journey uses a fresh resident
 * and an address of its own, so its throttles touch no other journey.
 */
async function ownAddress(page: Page): Promise<void> {
  const part = () => 1 + Math.floor(Math.random() * 250);
  await page
    .context()
    .setExtraHTTPHeaders({ 'x-forwarded-for': `10.${part()}.${part()}.${part()}` });
}

/** A fresh resident, signed out again: the page starts as a visitor who has an account. */
async function residentSignedOut(page: Page, name: string) {
  const resident = await registerResident(page, name);
  await page.context().clearCookies();
  return resident;
}

const toasts = (page: Page) => page.locator('.Toastify__toast');
const photo = () =>
  sharp({ create: { width: 200, height: 200, channels: 3, background: { r: 90, g: 60, b: 160 } } })
    .png()
    .toBuffer();

test.describe('a throttled login', () => {
  test.use({ expectedHttpErrors: [/^\/api\/login$/] });

  test('five wrong passwords, then the right one: one toast, with the server’s message @mobile', async ({
    page,
  }) => {
    await ownAddress(page);
    const resident = await residentSignedOut(page, 'Locked Out');
    await page.goto('/authentiction');
    await page.getByLabel('Email').fill(resident.email);
    const password = page.getByLabel('Password', { exact: true });
    const login = page.getByRole('button', { name: 'Login', exact: true });
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await password.fill(`Wrong${attempt}Guess`);
      const answer = page.waitForResponse((response) => response.url().endsWith('/api/login'));
      await login.click();
      expect((await answer).status()).toBe(401);
      // The spec's text, in one toast that each failure replaces.
      await expect(toasts(page)).toHaveText(['Invalid email/password']);
    }

    await password.fill(resident.password);
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/login'));
    await login.click();
    expect((await answer).status()).toBe(429);
    await expect(toasts(page)).toHaveText([
      /^Too many failed logins\. Try again in 1[45] minutes\.$/,
    ]);
    await expect(page).toHaveURL(/\/authentiction$/);
  });
});

test.describe('registration with a taken email', () => {
  test.use({ expectedHttpErrors: [/^\/api\/registration\/check$/] });

  test('is refused before the photo is uploaded; a free email then uploads it once', async ({
    page,
  }) => {
    await ownAddress(page);
    const resident = await residentSignedOut(page, 'First Owner');
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/images') uploads.push(request.method());
    });

    await page.goto('/authentiction/registration');
    await page.getByLabel('Name').fill('Second Comer');
    await page.getByLabel('Email').fill(resident.email.toUpperCase());
    await page
      .getByLabel('Photo')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await photo() });
    await page.getByLabel('Password', { exact: true }).fill('Second123');
    const register = page.getByRole('button', { name: 'Register' });
    const taken = 'An account with this email already exists. Log in instead.';
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const answer = page.waitForResponse((response) =>
        response.url().endsWith('/api/registration/check'),
      );
      await register.click();
      expect((await answer).status()).toBe(409);
      await expect(toasts(page)).toHaveText([taken]);
    }
    await expect(page.locator('#register-email-error')).toHaveText(taken);
    expect(uploads).toEqual([]);

    await page.getByLabel('Email').fill(`second.${resident.email}`);
    await register.click();
    await expect(
      toasts(page).filter({
        hasText: 'Registration successful. Welcome to StructoMate, Second Comer!',
      }),
    ).toBeVisible();
    expect(uploads).toEqual(['POST']);
  });
});

test.describe('a sign-out the server never gets', () => {
  test.use({ expectedConsoleErrors: [/^Failed to load resource: net::ERR_CONNECTION_REFUSED$/] });

  test('says the person may still be signed in, and Retry signs out @mobile', async ({ page }) => {
    await ownAddress(page);
    await registerResident(page, 'Shared Computer');
    let reachServer: () => void = () => undefined;
    const heard = new Promise<void>((resolve) => {
      reachServer = resolve;
    });
    await page.route('**/api/logout', async (route) => {
      // Held open until the test has seen the progress; then the server cannot be reached.
      await heard;
      await route.abort('connectionrefused');
    });

    await page.goto('/');
    const account = page.getByRole('button', { name: 'Account menu for Shared Computer' });
    await account.click();
    const logout = page.getByRole('menuitem', { name: 'Logout' });
    await logout.click();
    await expect(logout).toBeDisabled();
    await expect(logout.locator('.loading-spinner')).toBeVisible();
    reachServer();

    const notice = toasts(page).filter({
      hasText: 'Logout failed. You may still be signed in on this device.',
    });
    await expect(notice).toBeVisible();
    await expect(toasts(page)).toHaveCount(1);
    // Still shown as signed in, because the cookie still opens the session.
    await expect(account).toBeVisible();
    const session = await page.request.get('/api/session');
    expect(((await session.json()) as { user: { displayName: string } | null }).user).toMatchObject(
      { displayName: 'Shared Computer' },
    );

    await page.unroute('**/api/logout');
    await notice.getByRole('button', { name: 'Retry' }).click();
    const topLogin = page.getByRole('navigation', { name: 'Main' }).getByRole('link', {
      name: 'Login',
    });
    await expect(topLogin).toBeVisible();
    await expect(notice).toBeHidden();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    // Signed out on the server too: a reload does not sign the person back in.
    await page.reload();
    await expect(topLogin).toBeVisible();
    await expect(account).toBeHidden();
  });
});
