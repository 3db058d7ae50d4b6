import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { accessibilityViolations, expect, test } from './fixtures';

/**
 * A landlord's first start (the `first-run` project: a server on an empty database, no demo
 * data). The server printed a set-up link; e2e/serve.ts saved it where this journey reads it.
 */
async function setupLink(): Promise<string> {
  const file = path.resolve(import.meta.dirname, '../.artifacts/e2e-setup-link.txt');
  const link = (await readFile(file, 'utf8')).trim();
  return new URL(link).hash;
}

const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text);
const noSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

test.describe('first run', () => {
  // The wrong link's status check and the stale save are refusals the journey makes on purpose.
  test.use({ expectedHttpErrors: [/^\/api\/building$/] });

  test('the landlord claims the building with the set-up link, names it and edits its settings', async ({
    page,
    browser,
  }) => {
    const hash = await setupLink();

    // A wrong link claims nothing.
    await page.goto('/setup#token=not-the-link');
    await expect(page.getByRole('alert')).toContainText('This set-up link is not valid.');

    await page.goto(`/setup${hash}`);
    await expect(page.getByRole('heading', { name: 'Set up your building' })).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Create the admin account' }).click();
    await expect(page.getByText('Name is required', { exact: true })).toBeVisible();
    await expect(page.getByText('Building name is required')).toBeVisible();

    await page.getByLabel('Your name').fill('Nadia Rahman');
    await page.getByLabel('Email', { exact: true }).fill('nadia@lakeview.example');
    await page.getByLabel('Password', { exact: true }).fill('Landlord1');
    await page.getByLabel('Building name').fill('Lakeview Heights');
    await page.getByLabel('Address', { exact: true }).fill('14 Lake Road, Dhanmondi, Dhaka 1209');
    await page.getByLabel('Contact phone (optional)').fill('+880 2 5555 0100');
    await page.getByLabel('Facebook').fill('http://facebook.com/lakeview');
    await page.getByRole('button', { name: 'Create the admin account' }).click();
    await expect(page.getByText('Enter a full https:// address')).toBeVisible();
    await page.getByLabel('Facebook').fill('https://www.facebook.com/lakeview');
    await page.getByRole('button', { name: 'Create the admin account' }).click();

    // Signed in as the building's admin, under its name.
    await expect(
      toast(page, 'Welcome Nadia Rahman. Lakeview Heights is ready to run.'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/adminProfile$/);
    await expect(page.getByRole('link', { name: 'Lakeview Heights home' })).toBeVisible();
    const footer = page.locator('footer');
    await expect(footer).toContainText('© ');
    await expect(footer).toContainText('Lakeview Heights. All rights reserved.');
    await expect(footer.getByRole('link', { name: '+880 2 5555 0100' })).toHaveAttribute(
      'href',
      'tel:+880255550100',
    );
    await expect(
      footer.getByRole('link', { name: 'Lakeview Heights on Facebook' }),
    ).toHaveAttribute('href', 'https://www.facebook.com/lakeview');

    // The link is spent.
    await page.goto(`/setup${hash}`);
    await expect(page.getByRole('status')).toContainText('This building already has an admin');

    // Building settings: rename the building and add a link.
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Building settings' }).click();
    const form = page.getByRole('form', { name: 'Building settings' });
    await expect(form.getByLabel('Building name')).toHaveValue('Lakeview Heights');
    await expect(form.getByRole('button', { name: 'Save settings' })).toBeDisabled();
    expect(await accessibilityViolations(page)).toEqual([]);
    await form.getByLabel('Building name').fill('Lakeview Towers');
    await form.getByLabel('Instagram').fill('https://www.instagram.com/lakeview');
    await form.getByRole('button', { name: 'Save settings' }).click();
    await expect(toast(page, 'Building settings saved')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Lakeview Towers home' })).toBeVisible();
    await expect(
      page.locator('footer').getByRole('link', { name: 'Lakeview Towers on Instagram' }),
    ).toBeVisible();

    // Another tab saved meanwhile: this one is told, and reloads rather than overwriting.
    const other = await page.context().newPage();
    await other.goto('/dashboard/settings');
    const otherForm = other.getByRole('form', { name: 'Building settings' });
    await otherForm.getByLabel('Contact email (optional)').fill('office@lakeview.example');
    await form.getByLabel('Contact phone (optional)').fill('+880 2 5555 0199');
    await otherForm.getByRole('button', { name: 'Save settings' }).click();
    await expect(toast(other, 'Building settings saved')).toBeVisible();
    await form.getByRole('button', { name: 'Save settings' }).click();
    await expect(form.getByRole('alert')).toContainText(
      'Someone else changed these settings while you were editing. Reload to see their changes.',
    );
    await form.getByRole('button', { name: 'Reload' }).click();
    await expect(form.getByLabel('Contact email (optional)')).toHaveValue(
      'office@lakeview.example',
    );
    await expect(form.getByLabel('Contact phone (optional)')).toHaveValue('+880 2 5555 0100');
    await other.close();

    // The audit log shows who did all of it; the stale save changed nothing, so it is not there.
    await page.getByRole('link', { name: 'Audit log' }).click();
    const log = page.getByRole('table', { name: 'Audit log' });
    await expect(log.getByRole('row')).toHaveCount(4);
    await expect(log).toContainText(
      'Set up Lakeview Heights, with nadia@lakeview.example as its admin',
    );
    await expect(log).toContainText('Changed the building settings of Lakeview Towers');
    await expect(log).toContainText('from 127.0.0.1');
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByLabel('What', { exact: true }).selectOption('Building set up');
    await expect(log.getByRole('row')).toHaveCount(2);
    await expect(page.getByText('1 entry')).toBeVisible();

    // On a phone.
    const phone = await browser.newContext({
      baseURL: test.info().project.use.baseURL,
      viewport: { width: 360, height: 780 },
      storageState: await page.context().storageState(),
    });
    const small = await phone.newPage();
    await small.goto('/dashboard/settings');
    await expect(small.getByRole('form', { name: 'Building settings' })).toBeVisible();
    expect(await noSideways(small)).toBe(true);
    await small.goto('/');
    await expect(small.getByRole('link', { name: 'Lakeview Towers home' })).toBeVisible();
    expect(await noSideways(small)).toBe(true);
    await phone.close();
  });
});
