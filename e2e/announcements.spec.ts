import type { Page } from '@playwright/test';
import { accessibilityViolations, expect, loginAs, test } from './fixtures';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const toast = (page: Page, text: string | RegExp) => page.locator('.Toastify').getByText(text);
/** "08:51 PM - 19 Nov, 2026": the spec's "hh:mm a - dd MMM, yyyy". */
const SPEC_DATE = /^\d{2}:\d{2} (AM|PM) - \d{2} [A-Z][a-z]{2}, \d{4}$/;

const card = (page: Page, title: string) =>
  page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) });

async function post(page: Page, title: string, type: 'user' | 'member' | 'all', details: string) {
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Audience type').selectOption(type);
  await page.getByLabel('Details').fill(details);
  await page.getByRole('button', { name: 'Make Announcement' }).click();
  await expect(toast(page, `Announcement Posted to ${type}`)).toBeVisible();
  // The form is ready for the next one.
  await expect(page.getByLabel('Title')).toHaveValue('');
  await expect(page.getByLabel('Audience type')).toHaveValue('');
  await expect(page.getByLabel('Details')).toHaveValue('');
}

test.describe('announcements', () => {
  test('the admin posts to users, members and all; each reader sees their own @mobile', async ({
    page,
  }) => {
    const run = unique();
    const titles = {
      user: `Viewing day ${run}`,
      member: `Rent reminder ${run}`,
      all: `Lift service ${run}`,
    };
    await loginAs(page, 'admin');
    await page.goto('/dashboard/makeAnnouncements');
    await expect(page.getByRole('heading', { level: 1, name: 'Make Announcement' })).toBeVisible();
    await post(page, titles.user, 'user', 'Flats open on Friday.\nAsk the front desk.');
    await post(page, titles.member, 'member', 'Rent is due on the 1st.');
    await post(
      page,
      titles.all,
      'all',
      'The east lift stops on Monday.\nUse the west lift.\n<b>Thank you</b>',
    );

    await loginAs(page, 'user');
    await page.goto('/dashboard/user-announcements');
    await expect(page.getByRole('heading', { level: 1, name: 'Announcements' })).toBeVisible();
    await expect(card(page, titles.all)).toBeVisible();
    await expect(card(page, titles.user)).toBeVisible();
    await expect(card(page, titles.member)).toHaveCount(0);
    // Newest first: "all" was posted after "user".
    const order = await page.getByRole('article').getByRole('heading').allTextContents();
    expect(order.indexOf(titles.all)).toBeLessThan(order.indexOf(titles.user));

    const lift = card(page, titles.all);
    await expect(lift).toContainText('all');
    await expect(lift.locator('time')).toHaveText(SPEC_DATE);
    // The author's line breaks are kept and their text is never read as HTML.
    const details = lift.getByText(/The east lift stops on Monday/);
    expect(await details.evaluate((element) => getComputedStyle(element).whiteSpace)).toBe(
      'pre-line',
    );
    expect(await details.innerText()).toBe(
      'The east lift stops on Monday.\nUse the west lift.\n<b>Thank you</b>',
    );
    await expect(lift.locator('b')).toHaveCount(0);

    // The demo user has asked for no lease: every figure of the summary reads N/A.
    const summary = page.getByRole('region', { name: 'Your agreement' });
    for (const label of ['Status', 'Agreement Signing Date', 'Agreement Checked Date']) {
      await expect(
        summary.getByText(label, { exact: true }).locator('xpath=following-sibling::dd[1]'),
      ).toHaveText('N/A');
    }

    // The members' endpoint refuses a user, whatever the page shows.
    const sneak = await page.request.post('/api/get/memberAnnouncement', { data: {} });
    expect(sneak.status()).toBe(403);

    await loginAs(page, 'member');
    await page.goto('/dashboard/member-announcements');
    await expect(card(page, titles.member)).toBeVisible();
    await expect(card(page, titles.all)).toBeVisible();
    await expect(card(page, titles.user)).toHaveCount(0);
    await expect(card(page, titles.member).locator('time')).toHaveText(SPEC_DATE);
  });

  test('the form says what is missing at each field and posts nothing', async ({ page }) => {
    let posted = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/makeAnnouncement')) posted += 1;
    });
    await loginAs(page, 'admin');
    await page.goto('/dashboard/makeAnnouncements');
    await page.getByRole('button', { name: 'Make Announcement' }).click();
    await expect(page.getByText('Title is required')).toBeVisible();
    await expect(page.getByText('Choose who the announcement is for')).toBeVisible();
    await expect(page.getByText('Details are required')).toBeVisible();
    await expect(page.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Title')).toBeFocused();

    await page.getByLabel('Title').fill('   ');
    await page.getByLabel('Audience type').selectOption('member');
    await page.getByLabel('Details').fill('Something');
    await page.getByRole('button', { name: 'Make Announcement' }).click();
    await expect(page.getByText('Title is required')).toBeVisible();
    await expect(page.getByText('Choose who the announcement is for')).toHaveCount(0);
    await expect(page.getByText('Details are required')).toHaveCount(0);
    expect(posted).toBe(0);
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  test('the button waits while sending, and says "Couldn\'t post announcemnet." when nothing was created', async ({
    page,
  }) => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    // An answer without insertedId, after a pause: the spec's "nothing was created".
    await page.route('**/api/makeAnnouncement', async (route) => {
      await answered;
      await route.fulfill({ status: 200, json: {} });
    });
    await loginAs(page, 'admin');
    await page.goto('/dashboard/makeAnnouncements');
    await page.getByLabel('Title').fill(`Not posted ${unique()}`);
    await page.getByLabel('Audience type').selectOption('all');
    await page.getByLabel('Details').fill('Nothing will be created.');
    const button = page.getByRole('button', { name: 'Make Announcement' });
    await button.click();
    await expect(button).toBeDisabled();
    answer();
    await expect(toast(page, "Couldn't post announcemnet.")).toBeVisible();
    await expect(button).toBeEnabled();
    // Nothing is lost: the admin can try again.
    await expect(page.getByLabel('Details')).toHaveValue('Nothing will be created.');
  });

  test('shows "There is no Announcements yet." when there are none @mobile', async ({ page }) => {
    await page.route('**/api/get/memberAnnouncement', (route) => route.fulfill({ json: [] }));
    await loginAs(page, 'member');
    await page.goto('/dashboard/member-announcements');
    await expect(page.getByText('There is no Announcements yet.')).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(0);
  });

  test('long lists load 10 at a time, newest first, with "Load more"', async ({ page }) => {
    const run = unique();
    await loginAs(page, 'admin');
    const mine: string[] = [];
    for (let i = 1; i <= 12; i += 1) {
      const title = `Batch ${run} #${String(i).padStart(2, '0')}`;
      const response = await page.request.post('/api/makeAnnouncement', {
        data: { newAnnouncement: { title, details: `Item ${i}`, type: i % 3 ? 'user' : 'all' } },
      });
      expect(response.status()).toBe(201);
      mine.push(title);
    }

    await loginAs(page, 'user');
    await page.goto('/dashboard/user-announcements');
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(10);
    const loadMore = page.getByRole('button', { name: 'Load more' });
    // Others may post meanwhile; load until the list ends.
    while (await loadMore.isVisible()) {
      const before = await cards.count();
      await loadMore.click();
      await expect.poll(() => cards.count()).toBeGreaterThan(before);
    }
    const shown = await cards.getByRole('heading').allTextContents();
    expect(new Set(shown).size).toBe(shown.length);
    const ours = shown.filter((title) => title.startsWith(`Batch ${run}`));
    expect(ours).toEqual([...mine].reverse());
    expect(await accessibilityViolations(page)).toEqual([]);
  });
});
