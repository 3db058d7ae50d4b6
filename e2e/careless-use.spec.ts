import type { Page } from '@playwright/test';
import { expect, registerResident, test, toast } from './fixtures';

/** Issue 16, finding 10: what a hurried or careless visitor does must still end well. */

async function apartmentId(page: Page, apartmentNo: string): Promise<string> {
  const response = await page.request.get('/api/apartments?limit=60');
  const { result } = (await response.json()) as {
    result: { _id: string; apartmentNo: string }[];
  };
  const found = result.find((apartment) => apartment.apartmentNo === apartmentNo);
  if (!found) throw new Error(`no apartment ${apartmentNo}`);
  return found._id;
}

/** The signing requests the page sends, counted as the browser sends them. */
function countSignings(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/create/agreements')
      sent.push(request.url());
  });
  return sent;
}

const errorToasts = (page: Page) => page.locator('.Toastify__toast--error');
const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

test.describe('careless use', () => {
  test('a double-click on Apply sends one request and says it was made', async ({ page }) => {
    await registerResident(page, 'Hasan Double');
    const signings = countSignings(page);
    await page.goto(`/apartment/${await apartmentId(page, 'B-703')}`);
    await page.getByRole('button', { name: 'Apply' }).dblclick();
    await expect(toast(page, /Agreement signed\. Your request for apartment B-703/)).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard/);
    expect(signings).toHaveLength(1);
    await expect(errorToasts(page)).toHaveCount(0);
  });

  test.describe('when the request already exists', () => {
    // The server's 409 is the point of the test; the page must not call it a failure.
    test.use({ expectedHttpErrors: [/^\/api\/create\/agreements$/] });

    test('Apply says the request was made (it was, from another tab)', async ({ page }) => {
      await registerResident(page, 'Mitu Twotabs');
      const id = await apartmentId(page, 'A-801');
      await page.goto(`/apartment/${id}`);
      await expect(page.getByRole('button', { name: 'Apply' })).toBeVisible();
      const first = await page.request.post('/api/create/agreements', {
        data: { newAgreement: { apartmentDetails: { _id: id } } },
      });
      expect(first.status()).toBe(201);
      const signings = countSignings(page);
      await page.getByRole('button', { name: 'Apply' }).click();
      await expect(
        toast(page, /Agreement signed\. Your request for apartment A-801/),
      ).toBeVisible();
      await expect(page).toHaveURL(/\/dashboard/);
      expect(signings).toHaveLength(1);
      await expect(errorToasts(page)).toHaveCount(0);
    });
  });

  test('a budget above the largest the server takes shows every apartment', async ({ page }) => {
    const everything = await page.request.get('/api/apartments');
    const { total } = (await everything.json()) as { total: number };
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) refused.push(`${response.status()} ${response.url()}`);
    });
    await page.goto('/apartment');
    await expect(page.getByRole('article')).toHaveCount(6);
    await page.getByLabel('Search by maximum rent').fill('2000000000');
    await expect(page).toHaveURL(/maxRent=2000000000/);
    await expect(page.getByText(`${total} apartments within your budget`)).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(6);
    await expect(page.getByText(/couldn’t load/)).toHaveCount(0);
    // A shared link with that budget opens the same page.
    await page.reload();
    await expect(page.getByText(`${total} apartments within your budget`)).toBeVisible();
    await expect(page.getByLabel('Search by maximum rent')).toHaveValue('2000000000');
    expect(refused).toEqual([]);
  });

  test('a page opened by a link or by its address starts at the top @mobile', async ({ page }) => {
    await page.goto('/');
    await page
      .getByRole('heading', { name: 'Country road take me home...' })
      .scrollIntoViewIfNeeded();
    await expect.poll(() => scrollY(page)).toBeGreaterThan(600);
    const homeY = await scrollY(page);
    const heading = page.getByRole('heading', { name: 'Log in to Home' });

    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Login' })
      .click();
    await expect(heading).toBeInViewport();
    expect(await scrollY(page)).toBe(0);
    // Back still returns to where the visitor was.
    await page.goBack();
    await expect.poll(() => scrollY(page)).toBe(homeY);

    // Typing the address opens a new document in the same tab.
    await page.goto('/authentiction');
    await expect(heading).toBeInViewport();
    expect(await scrollY(page)).toBe(0);
  });
});
