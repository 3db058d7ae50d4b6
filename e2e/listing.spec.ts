import { accessibilityViolations, expect, test } from './fixtures';
import type { Locator, Page } from '@playwright/test';

const cards = (page: Page) => page.getByRole('article');
const rentsOf = async (page: Page) =>
  (
    await cards(page)
      .getByText(/BDT per month/)
      .allTextContents()
  ).map((text) => Number(text.replace(/[^0-9]/g, '')));
const filter = (page: Page) => page.getByLabel('Search by maximum rent');
const previous = (page: Page) => page.getByRole('button', { name: 'Previous' });
const next = (page: Page) => page.getByRole('button', { name: 'Next' });

async function expectSortedDescending(rents: number[]) {
  expect(rents).toEqual([...rents].sort((a, b) => b - a));
}

test.describe('apartment listing', () => {
  test('shows 6 apartments per page, most expensive first, with working Previous/Next', async ({
    page,
  }) => {
    await page.goto('/apartment');
    await expect(cards(page)).toHaveCount(6);
    const first = await rentsOf(page);
    await expectSortedDescending(first);
    await expect(page.getByText('Page 1 of 4')).toBeVisible();
    await expect(previous(page)).toBeDisabled();
    await expect(next(page)).toBeEnabled();

    const card = cards(page).first();
    await expect(card.getByRole('heading', { name: /^Apartment [A-C]-\d+$/ })).toBeVisible();
    await expect(card.getByText('Floor', { exact: true })).toBeVisible();
    await expect(card.getByText('Block', { exact: true })).toBeVisible();
    await expect(card.getByRole('img')).toHaveAttribute('src', /\/api\/images\/[0-9a-f]{64}\.webp/);

    await next(page).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(page.getByText('Page 2 of 4')).toBeVisible();
    const second = await rentsOf(page);
    expect(Math.max(...second)).toBeLessThanOrEqual(Math.min(...first));

    // Each page arrives before the next click, as a visitor sees it (a second click while a page
    // loads counts from the page on screen).
    await next(page).click();
    await expect(page.getByText('Page 3 of 4')).toBeVisible();
    await next(page).click();
    await expect(page.getByText('Page 4 of 4')).toBeVisible();
    await expect(next(page)).toBeDisabled();
    await expect(previous(page)).toBeEnabled();

    // The page survives a reload, and Back returns to the page before.
    await page.reload();
    await expect(page.getByText('Page 4 of 4')).toBeVisible();
    await page.goBack();
    await expect(page.getByText('Page 3 of 4')).toBeVisible();
  });

  test('filters by maximum rent, back to page 1, and clears', async ({ page }) => {
    await page.goto('/apartment?page=2');
    await expect(page.getByText('Page 2 of 4')).toBeVisible();

    await filter(page).fill('40000');
    await expect(page).toHaveURL(/maxRent=40000/);
    await expect(page).not.toHaveURL(/page=/);
    await expect(page.getByText(/apartments within your budget/)).toBeVisible();
    const rents = await rentsOf(page);
    expect(rents.length).toBeGreaterThan(0);
    expect(rents.every((rent) => rent <= 40000)).toBe(true);
    await expectSortedDescending(rents);

    await filter(page).fill('100');
    await expect(page.getByText('No apartment found within this range')).toBeVisible();
    await expect(
      page.getByText('Try a higher maximum rent, or clear it to see every apartment'),
    ).toBeVisible();
    await expect(page.getByText(/^0 apartments/)).toHaveCount(0);
    await expect(cards(page)).toHaveCount(0);
    // A negative budget is refused, as the server refuses it: the field says why, nothing is
    // filtered by it, and no query the server would refuse is sent.
    const sentBudgets: string[] = [];
    page.on('request', (request) => {
      const budget = new URL(request.url()).searchParams.get('maxRent');
      if (new URL(request.url()).pathname === '/api/apartments' && budget) sentBudgets.push(budget);
    });
    await filter(page).fill('-5');
    await expect(page).toHaveURL(/maxRent=-5/);
    await expect(
      page.getByRole('alert').filter({ hasText: 'The maximum rent must be 0 or more' }),
    ).toBeVisible();
    await expect(filter(page)).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(/^\d+ apartments, highest rent first$/)).toBeVisible();
    await expect(cards(page)).toHaveCount(6);
    expect(sentBudgets.filter((budget) => Number(budget) < 0)).toEqual([]);

    await page.getByRole('button', { name: 'Clear' }).click();
    await expect(filter(page)).toHaveValue('');
    // Clear disables itself once used: the emptied field has the focus, not the page.
    await expect(filter(page)).toBeFocused();
    await expect(page).not.toHaveURL(/maxRent/);
    await expect(cards(page)).toHaveCount(6);
    await expect(page.getByText('Page 1 of 4')).toBeVisible();
  });

  test('a shared link opens the same filtered page', async ({ page }) => {
    await page.goto('/apartment?maxRent=50000&page=2');
    await expect(filter(page)).toHaveValue('50000');
    await expect(page.getByText('Page 2 of 3')).toBeVisible();
    const rents = await rentsOf(page);
    expect(rents.every((rent) => rent <= 50000)).toBe(true);
  });

  test('a link past the last page lands on the last page', async ({ page }) => {
    await page.goto('/apartment?page=99');
    await expect(page.getByText('Page 4 of 4')).toBeVisible();
    await expect(page).toHaveURL(/page=4/);
  });

  test('arrives with its apartments, before any script runs', async ({ page }) => {
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/apartments') asked.push(request.url());
    });
    await page.goto('/apartment');
    await expect(cards(page)).toHaveCount(6);
    await expect(page.getByRole('status').filter({ hasText: 'Loading apartments' })).toHaveCount(0);
    expect(asked).toEqual([]);
  });

  test('shows a spinner until the apartments arrive, reached from another page', async ({
    page,
  }) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/apartments?*', async (route) => {
      await held;
      await route.continue();
    });
    // The listing drawn by the server comes with its apartments; moving to it within the app
    // asks for them.
    await page.goto('/');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Apartment' })
      .click();
    await expect(page.getByRole('status').filter({ hasText: 'Loading apartments' })).toBeAttached();
    await expect(cards(page)).toHaveCount(0);
    release();
    await expect(cards(page)).toHaveCount(6);
    await expect(page.getByRole('status').filter({ hasText: 'Loading apartments' })).toHaveCount(0);
  });

  test('marks the occupied apartment and offers no signing for it', async ({ page }) => {
    await page.goto('/apartment?maxRent=48000');
    const occupied: Locator = cards(page).filter({ hasText: 'Apartment B-402' });
    await expect(occupied.getByText('Occupied', { exact: true })).toBeVisible();
    await expect(occupied.getByRole('button', { name: 'Currently occupied' })).toBeDisabled();
    await expect(occupied.getByRole('link', { name: 'Rent This Apartment' })).toHaveCount(0);
  });

  test('"Rent This Apartment" opens that apartment’s lease agreement', async ({ page }) => {
    await page.goto('/apartment');
    const card = cards(page).first();
    const title = (await card.getByRole('heading').textContent()) ?? '';
    await card.getByRole('link', { name: 'Rent This Apartment' }).click();
    await expect(page).toHaveURL(/\/apartment\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: 'Residential Lease Agreement' })).toBeVisible();
    await expect(page.getByText(title.replace('Apartment ', ''), { exact: true })).toBeVisible();
  });

  test('works on a phone @mobile', async ({ page }) => {
    await page.goto('/apartment');
    await expect(cards(page)).toHaveCount(6);
    await filter(page).fill('30000');
    await expect(page).toHaveURL(/maxRent=30000/);
    await expect(page.getByText(/apartments within your budget/)).toBeVisible();
    const rents = await rentsOf(page);
    expect(rents.every((rent) => rent <= 30000)).toBe(true);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
    );
    expect(overflow, 'the page scrolls sideways').toBe(false);
  });

  test('has no serious accessibility problems', async ({ page }) => {
    await page.goto('/apartment');
    await expect(cards(page)).toHaveCount(6);
    expect(await accessibilityViolations(page)).toEqual([]);
  });
  test.describe('when the server cannot answer', () => {
    test.use({ expectedHttpErrors: [/^\/api\/apartments$/] });

    test('says so and loads the apartments on "Try again"', async ({ page }) => {
      let failing = true;
      await page.route(/\/api\/apartments\?/, (route) =>
        failing
          ? route.fulfill({
              status: 503,
              contentType: 'application/json',
              body: JSON.stringify({ error: { code: 'UNAVAILABLE', message: 'Try later' } }),
            })
          : route.fallback(),
      );
      await page.goto('/');
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Apartment' })
        .click();
      const alert = page.getByRole('alert').filter({ hasText: 'load the apartments' });
      await expect(alert).toHaveText(/We couldn’t load the apartments just now\./);
      await expect(cards(page)).toHaveCount(0);

      failing = false;
      await alert.getByRole('button', { name: 'Try again' }).click();
      await expect(cards(page)).toHaveCount(6);
      await expect(alert).toBeHidden();
    });
  });
});
