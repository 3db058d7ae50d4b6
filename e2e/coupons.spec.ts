import type { Page } from '@playwright/test';
import { accessibilityViolations, expect, loginAs, test } from './fixtures';

/** A code of at most 10 characters that no other run uses. */
const uniqueCode = (prefix: string) =>
  `${prefix}${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 6)}`
    .slice(0, 10)
    .toUpperCase();
const toast = (page: Page, text: string | RegExp) => page.locator('.Toastify').getByText(text);
const row = (page: Page, code: string) =>
  page.getByRole('row').filter({ has: page.getByText(code, { exact: true }) });
const panel = (page: Page) => page.getByRole('region', { name: 'Create a coupon' });

async function openForm(page: Page) {
  await loginAs(page, 'admin');
  await page.goto('/dashboard/manage-coupons');
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Coupons' })).toBeVisible();
  await expect(panel(page)).toBeHidden();
  await page.getByRole('button', { name: 'Create Coupon' }).click();
  await expect(panel(page)).toBeVisible();
}

/** Creates a coupon through the API, as another admin would. */
async function createThroughApi(page: Page, code: string) {
  const response = await page.request.post('/api/create/coupons', {
    data: {
      newCoupon: {
        heading: 'Quick Deal',
        percentage: 5,
        description: '5% OFF',
        code,
        // Next year's last day: this year's has passed in Dhaka from 18:00 UTC on 31 December.
        validity: `${new Date().getFullYear() + 1}-12-31`,
      },
    },
  });
  expect(response.status()).toBe(201);
}

test.describe('manage coupons', () => {
  test('the admin creates a coupon with the picker, features it on the home page, and removes it', async ({
    page,
  }) => {
    const code = uniqueCode('WIN');
    const year = new Date().getFullYear();
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await openForm(page);
    await expect(page.getByRole('button', { name: 'Close Coupon' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    const form = panel(page);
    await expect(form.getByPlaceholder('Headline (Max - 2 words)')).toBeVisible();
    await form.getByLabel('Heading').fill('Winter Deal');
    await form.getByLabel('Description').fill('Cosy months, lower rent');
    await form.getByLabel('Discount percentage').fill('15');
    // Typed in small letters, the code is kept (and shown) in capitals.
    await form.getByLabel('Coupon code').fill(code.toLowerCase());
    await expect(form.getByLabel('Coupon code')).toHaveAccessibleDescription(
      'Each tenant can use a code once, on the rent of a running lease.',
    );

    // The picker: month and year lists (2024 to 24 months ahead), then a day next December.
    await form.getByLabel('Valid until').click();
    const calendar = page.getByRole('dialog', { name: 'Choose Date' });
    const now = new Date();
    const lastYear = new Date(now.getFullYear(), now.getMonth() + 24, now.getDate()).getFullYear();
    await expect(calendar.getByLabel('Year', { exact: true }).locator('option')).toHaveText(
      Array.from({ length: lastYear - 2023 }, (_, i) => String(2024 + i)),
    );
    await calendar.getByLabel('Year', { exact: true }).selectOption(String(year + 1));
    await calendar.getByLabel('Month', { exact: true }).selectOption('December');
    await calendar
      .getByRole('gridcell', { name: new RegExp(`December 31st, ${year + 1}`) })
      .click();
    await expect(form.getByLabel('Valid until')).toHaveValue(`December 31, ${year + 1}`);

    await form.getByRole('button', { name: 'Add Coupon' }).click();
    await expect(toast(page, 'Coupon created successfully')).toBeVisible();
    // The form is reset and the list fetched again.
    await expect(form.getByLabel('Heading')).toHaveValue('');
    await expect(form.getByLabel('Discount percentage')).toHaveValue('');
    await expect(form.getByLabel('Valid until')).toHaveValue('');
    expect(warnings, 'the browser complained about a field value').toEqual([]);
    const mine = row(page, code);
    await expect(mine).toContainText('Winter Deal');
    await expect(mine).toContainText('15% · Cosy months, lower rent');
    await expect(mine).toContainText(`Valid until December 31, ${year + 1}`);
    await expect(mine).toContainText('Not used yet');
    await expect(page.getByRole('columnheader')).toHaveText(['Heading', 'Coupon Code', 'Action']);

    await mine.getByRole('button', { name: 'Feature on home page' }).click();
    await expect(toast(page, `${code} is now shown on the home page`)).toBeVisible();
    await expect(mine.getByText('On home page')).toBeVisible();
    await expect(mine.getByRole('button', { name: 'Feature on home page' })).toHaveCount(0);

    await page.goto('/');
    const banner = page.getByRole('complementary', { name: 'Winter Deal' });
    await expect(banner).toContainText(code);
    await expect(banner).toContainText('15% OFF · Cosy months, lower rent');
    await expect(banner).toContainText(`Valid until December 31, ${year + 1}`);
    await expect(banner).toContainText('Terms and conditions apply');
    await expect(banner.getByRole('button', { name: `Copy coupon code ${code}` })).toBeEnabled();

    await page.goto('/dashboard/manage-coupons');
    // Removing asks first: Cancel keeps it.
    await row(page, code).getByRole('button', { name: 'Remove' }).click();
    const confirm = page.getByRole('dialog', { name: `Remove coupon ${code}?` });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(row(page, code)).toHaveCount(1);
    await row(page, code).getByRole('button', { name: 'Remove' }).click();
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(toast(page, 'Coupon removed successfully')).toBeVisible();
    await expect(row(page, code)).toHaveCount(0);

    // Without a featured coupon, the banner shows the launch offer again.
    await page.goto('/');
    const launch = page.getByRole('complementary', { name: 'Special Offer!' });
    await expect(launch).toContainText('STRUCTO25');
    await expect(launch).toContainText('Valid until February 5, 2025');
  });

  test('the date picker works from the keyboard', async ({ page }) => {
    await openForm(page);
    const validity = panel(page).getByLabel('Valid until');
    await validity.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const today = new Date().toLocaleDateString('en-US', {
      month: 'long',
      day: 'numeric',
      year: 'numeric',
    });
    await expect(validity).toHaveValue(today);
    await expect(page.getByRole('dialog', { name: 'Choose Date' })).toHaveCount(0);
  });

  test('the form checks every field with a message at the field, and closes', async ({ page }) => {
    let sent = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/create/coupons')) sent += 1;
    });
    await openForm(page);
    const form = panel(page);
    await form.getByRole('button', { name: 'Add Coupon' }).click();
    for (const message of [
      'Heading is required',
      'Description is required',
      'Discount percentage is required',
      'Coupon code is required',
      'Choose the validity date',
    ]) {
      await expect(form.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(form.getByLabel('Heading')).toBeFocused();

    await form.getByLabel('Discount percentage').fill('0');
    await form.getByLabel('Coupon code').fill('NO SPACE');
    await form.getByRole('button', { name: 'Add Coupon' }).click();
    await expect(form.getByText('Discount percentage: at least 1.')).toBeVisible();
    await expect(form.getByText('Coupon code: letters, digits, - and _ only.')).toBeVisible();
    // The fields take no more than the spec allows.
    await expect(form.getByLabel('Heading')).toHaveAttribute('maxlength', '50');
    await expect(form.getByLabel('Description')).toHaveAttribute('maxlength', '30');
    await expect(form.getByLabel('Coupon code')).toHaveAttribute('maxlength', '10');
    // With every other field right, a refused date takes the focus; the calendar stays shut, so
    // the reason shows, and opens from the keyboard.
    await form.getByLabel('Heading').fill('Spring Deal');
    await form.getByLabel('Description').fill('Lighter rent');
    await form.getByLabel('Discount percentage').fill('10');
    await form.getByLabel('Coupon code').fill('SPRING');
    await form.getByRole('button', { name: 'Add Coupon' }).click();
    await expect(form.getByText('Choose the validity date', { exact: true })).toBeVisible();
    await expect(form.getByLabel('Valid until')).toBeFocused();
    const calendar = page.getByRole('dialog', { name: 'Choose Date' });
    await expect(calendar).toHaveCount(0);
    await page.keyboard.press('ArrowDown');
    await expect(calendar).toBeVisible();
    await page.keyboard.press('Escape');
    expect(sent).toBe(0);
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Close Coupon' }).click();
    await expect(page.getByRole('button', { name: 'Create Coupon' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await expect(panel(page)).toBeHidden();
  });

  test('a coupon half typed is not dropped without a word: leaving the page asks first', async ({
    page,
  }) => {
    await openForm(page);
    await panel(page).getByLabel('Heading').fill('Summer Deal');
    // Closed, the panel keeps what was typed, so leaving still asks.
    await page.getByRole('button', { name: 'Close Coupon' }).click();
    await expect(panel(page)).toBeHidden();
    const requests = page
      .getByRole('navigation', { name: 'Dashboard menu' })
      .getByRole('link', { name: 'Agreement Requests' });
    await requests.click();
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
    await leave.getByRole('button', { name: 'Stay' }).click();
    await expect(leave).toBeHidden();
    await expect(page).toHaveURL(/\/dashboard\/manage-coupons$/);
    await page.getByRole('button', { name: 'Create Coupon' }).click();
    await expect(panel(page).getByLabel('Heading')).toHaveValue('Summer Deal');
    // Emptied (a blank counts as empty), the way out is free.
    await panel(page).getByLabel('Heading').fill('   ');
    await requests.click();
    await expect(page).toHaveURL(/\/dashboard\/agreement-requests$/);
    await expect(leave).toHaveCount(0);
  });

  test.describe('refusals', () => {
    test.use({ expectedHttpErrors: [/^\/api\/(create|delete)\/coupons$/] });

    test('a code already in use, in any case, is refused with a clear message', async ({
      page,
    }) => {
      await openForm(page);
      const form = panel(page);
      await form.getByLabel('Heading').fill('Copy Cat');
      await form.getByLabel('Description').fill('Same code');
      await form.getByLabel('Discount percentage').fill('10');
      await form.getByLabel('Coupon code').fill('structo25');
      await form.getByLabel('Valid until').fill(`December 31, ${new Date().getFullYear() + 1}`);
      await form.getByLabel('Valid until').press('Enter');
      await form.getByRole('button', { name: 'Add Coupon' }).click();
      await expect(toast(page, 'Failed to create coupon')).toBeVisible();
      await expect(
        form.getByText('A coupon with the code STRUCTO25 already exists. Choose another code.'),
      ).toBeVisible();
      // Nothing is lost: the admin only has to change the code.
      await expect(form.getByLabel('Heading')).toHaveValue('Copy Cat');
    });

    test('removing a coupon someone already removed says "Failed to remove coupon"', async ({
      page,
    }) => {
      const code = uniqueCode('GONE');
      await loginAs(page, 'admin');
      await createThroughApi(page, code);
      await page.goto('/dashboard/manage-coupons');
      await expect(row(page, code)).toBeVisible();
      // Another admin removes it first.
      const coupons = await (await page.request.post('/api/get/coupons', { data: {} })).json();
      const id = Array.isArray(coupons)
        ? coupons.find((coupon: { code?: unknown }) => coupon.code === code)?._id
        : undefined;
      expect((await page.request.post('/api/delete/coupons', { data: { id } })).status()).toBe(200);
      await row(page, code).getByRole('button', { name: 'Remove' }).click();
      await page
        .getByRole('dialog', { name: `Remove coupon ${code}?` })
        .getByRole('button', { name: 'Remove' })
        .click();
      await expect(toast(page, 'Failed to remove coupon')).toBeVisible();
      // The list is fetched again and no longer shows it.
      await expect(row(page, code)).toHaveCount(0);
    });
  });

  test('says "No coupons available." when there are none', async ({ page }) => {
    await page.route('**/api/get/coupons', (route) => route.fulfill({ json: [] }));
    await loginAs(page, 'admin');
    await page.goto('/dashboard/manage-coupons');
    await expect(page.getByText('No coupons available.')).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
  });
});
