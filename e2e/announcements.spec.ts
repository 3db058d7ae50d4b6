import type { Page } from '@playwright/test';
import { accessibilityViolations, expect, loginAs, openDashboardPage, test } from './fixtures';

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

/** A reader's card, after "Load more" until it shows or the list ends (others post too). */
async function readerCard(page: Page, title: string) {
  const cards = page.getByRole('article');
  const loadMore = page.getByRole('button', { name: 'Load more' });
  await expect(cards.first()).toBeVisible();
  while ((await card(page, title).count()) === 0 && (await loadMore.isVisible())) {
    const before = await cards.count();
    await loadMore.click();
    await expect.poll(() => cards.count()).toBeGreaterThan(before);
  }
  return card(page, title);
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
    // Other journeys post at the same time: "Load more" until ours show, as a reader would.
    await expect(await readerCard(page, titles.user)).toBeVisible();
    await expect(card(page, titles.all)).toBeVisible();
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
    await expect(await readerCard(page, titles.member)).toBeVisible();
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
    // The title's limit is said before a long one is cut.
    await expect(page.getByLabel('Title')).toHaveAccessibleDescription('Up to 120 characters.');
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

    // Written and not posted, it is not dropped without a word; Leave drops it.
    await page
      .getByRole('navigation', { name: 'Dashboard menu' })
      .getByRole('link', { name: 'Admin Profile' })
      .click();
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
    await leave.getByRole('button', { name: 'Leave' }).click();
    await expect(page).toHaveURL(/\/dashboard\/adminProfile$/);
    expect(posted).toBe(0);
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
    // Opened from the menu, the page asks the browser's way for its announcements (a page loaded
    // by its address may arrive drawn by the server with them).
    await page.goto('/dashboard/myProfile');
    await openDashboardPage(page, 'Announcements');
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

test.describe('the admin manages posted announcements', () => {
  const posted = (page: Page) => page.getByRole('region', { name: 'Posted announcements' });

  async function findPosted(page: Page, text: string) {
    await posted(page).getByLabel('Search the text').fill(text);
    await posted(page).getByRole('button', { name: 'Search' }).click();
  }

  test('posts, finds, edits and deletes one; the member reads the edit, marked "Edited" @mobile', async ({
    page,
  }) => {
    // Two people's screens and five sign-ins: longer than one screen's test.
    test.slow();
    const run = unique();
    const title = `Water tank ${run}`;
    const newTitle = `Water tank moved ${run}`;
    await loginAs(page, 'admin');
    await page.goto('/dashboard/makeAnnouncements');
    await expect(posted(page).getByRole('heading', { name: 'Posted announcements' })).toBeVisible();
    await post(page, title, 'member', 'Cleaning on Sunday.');
    // The list below the form shows the new one at once.
    await expect(card(page, title)).toBeVisible();
    await expect(card(page, title).getByText('by Nadia Rahman')).toBeVisible();
    await expect(card(page, title).locator('time')).toHaveText(SPEC_DATE);
    await expect(card(page, title)).not.toContainText('Edited');

    // Search and audience filter.
    await findPosted(page, run);
    await expect(posted(page).getByText('1 announcement', { exact: true })).toBeVisible();
    await expect(posted(page).getByRole('article')).toHaveCount(1);
    await posted(page).getByLabel('Audience').selectOption('user');
    await expect(posted(page).getByText('No announcement matches.')).toBeVisible();
    await posted(page).getByLabel('Audience').selectOption('member');
    await expect(card(page, title)).toBeVisible();

    // Edit in a dialog filled from the announcement.
    await card(page, title).getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit announcement' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Title')).toHaveValue(title);
    await expect(dialog.getByLabel('Audience type')).toHaveValue('member');
    await expect(dialog.getByLabel('Details')).toHaveValue('Cleaning on Sunday.');
    await dialog.getByLabel('Title').fill('');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Title is required')).toBeVisible();
    await dialog.getByLabel('Title').fill(newTitle);
    await dialog.getByLabel('Details').fill('Cleaning moved to Monday.\nStore some water.');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Announcement updated')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    const edited = card(page, newTitle);
    await expect(edited).toContainText('Cleaning moved to Monday.');
    await expect(edited.getByText(/^Edited /)).toHaveText(
      /^Edited \d{2}:\d{2} (AM|PM) - \d{2} [A-Z][a-z]{2}, \d{4}$/,
    );
    await expect(card(page, title)).toHaveCount(0);
    // Nothing sticks out sideways, whatever the width.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    expect(await accessibilityViolations(page)).toEqual([]);

    await loginAs(page, 'member');
    await page.goto('/dashboard/member-announcements');
    const read = await readerCard(page, newTitle);
    await expect(read).toBeVisible();
    expect(await read.getByText(/Cleaning moved to Monday/).innerText()).toBe(
      'Cleaning moved to Monday.\nStore some water.',
    );
    await expect(read.getByText(/^Edited /)).toHaveText(
      /^Edited \d{2}:\d{2} (AM|PM) - \d{2} [A-Z][a-z]{2}, \d{4}$/,
    );
    await expect(card(page, title)).toHaveCount(0);

    // Delete: asked first; Cancel keeps it.
    await loginAs(page, 'admin');
    await page.goto('/dashboard/makeAnnouncements');
    await findPosted(page, run);
    await card(page, newTitle).getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: `Delete "${newTitle}"?` });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(card(page, newTitle)).toBeVisible();
    await card(page, newTitle).getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Announcement deleted')).toBeVisible();
    await expect(card(page, newTitle)).toHaveCount(0);
    await expect(posted(page).getByText('No announcement matches.')).toBeVisible();

    // The member's whole list, through the reading endpoint, no longer has it.
    await loginAs(page, 'member');
    const titles: string[] = [];
    for (let before: string | undefined; ;) {
      const response = await page.request.post('/api/get/memberAnnouncement', {
        data: { limit: 60, ...(before ? { before } : {}) },
      });
      expect(response.status()).toBe(200);
      const batch = (await response.json()) as { _id: string; title: string }[];
      titles.push(...batch.map((announcement) => announcement.title));
      if (batch.length < 60) break;
      before = batch.at(-1)?._id;
    }
    expect(titles.length).toBeGreaterThan(0);
    expect(titles).not.toContain(newTitle);
  });

  test.describe(() => {
    test.use({ expectedHttpErrors: [/^\/api\/announcements\/[^/]+$/] });

    test("a save over a change made meanwhile shows the server's message; Reload brings the change", async ({
      page,
    }) => {
      const run = unique();
      const title = `Parking ${run}`;
      await loginAs(page, 'admin');
      const created = await page.request.post('/api/makeAnnouncement', {
        data: { newAnnouncement: { title, details: 'Spots are renumbered.', type: 'member' } },
      });
      expect(created.status()).toBe(201);
      const { insertedId } = (await created.json()) as { insertedId: string };
      await page.goto('/dashboard/makeAnnouncements');
      await findPosted(page, run);
      await card(page, title).getByRole('button', { name: 'Edit' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit announcement' });
      await dialog.getByLabel('Details').fill('Mine: spots renumbered on Friday.');

      // Another admin (another tab) saves first.
      const meanwhile = await page.request.put(`/api/announcements/${insertedId}`, {
        data: { title: `${title} (theirs)`, type: 'member', details: 'Theirs.', version: 1 },
      });
      expect(meanwhile.status()).toBe(200);

      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog.getByRole('alert')).toContainText(
        'This announcement was changed by someone else meanwhile. Reload it to see the changes.',
      );
      await expect(toast(page, 'Announcement updated')).toHaveCount(0);
      await dialog.getByRole('button', { name: 'Reload' }).click();
      await expect(dialog.getByLabel('Title')).toHaveValue(`${title} (theirs)`);
      await expect(dialog.getByLabel('Details')).toHaveValue('Theirs.');
      await expect(dialog.getByRole('alert')).toHaveCount(0);
      await dialog.getByLabel('Details').fill('Both: spots renumbered on Friday.');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(toast(page, 'Announcement updated')).toBeVisible();
      await expect(card(page, `${title} (theirs)`)).toContainText(
        'Both: spots renumbered on Friday.',
      );
    });
  });

  test('pages 20 at a time with Previous / Next', async ({ page }) => {
    const run = unique();
    await loginAs(page, 'admin');
    for (let i = 1; i <= 21; i += 1) {
      const response = await page.request.post('/api/makeAnnouncement', {
        data: {
          newAnnouncement: {
            title: `Paged ${run} #${String(i).padStart(2, '0')}`,
            details: `Item ${i}`,
            type: 'member',
          },
        },
      });
      expect(response.status()).toBe(201);
    }
    await page.goto('/dashboard/makeAnnouncements');
    await findPosted(page, run);
    const list = posted(page);
    await expect(list.getByText('21 announcements', { exact: true })).toBeVisible();
    await expect(list.getByRole('article')).toHaveCount(20);
    await expect(list.getByRole('article').first().getByRole('heading')).toHaveText(
      `Paged ${run} #21`,
    );
    const pages = list.getByRole('navigation', { name: 'Pages' });
    await expect(pages.getByText('Page 1 of 2')).toBeVisible();
    await expect(pages.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await pages.getByRole('button', { name: 'Next' }).click();
    await expect(pages.getByText('Page 2 of 2')).toBeVisible();
    await expect(list.getByRole('article')).toHaveCount(1);
    await expect(list.getByRole('heading', { name: `Paged ${run} #01` })).toBeVisible();
    await expect(pages.getByRole('button', { name: 'Next' })).toBeDisabled();

    // The search and the page are in the address: a reload shows the same view, and Back the
    // page before.
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await page.reload();
    await expect(pages.getByText('Page 2 of 2')).toBeVisible();
    await expect(list.getByRole('heading', { name: `Paged ${run} #01` })).toBeVisible();
    await expect(list.getByLabel('Search the text')).toHaveValue(run);
    await page.goBack();
    await expect(pages.getByText('Page 1 of 2')).toBeVisible();
    await expect(list.getByRole('article')).toHaveCount(20);
    await pages.getByRole('button', { name: 'Next' }).click();
    await pages.getByRole('button', { name: 'Previous' }).click();
    await expect(pages.getByText('Page 1 of 2')).toBeVisible();
    await expect(page).not.toHaveURL(/[?&]page=/);
  });
});

test.describe('a reader whose "Load more" cursor is gone', () => {
  test.use({ expectedHttpErrors: [/^\/api\/get\/userAnnouncement$/] });

  test('gets the pages again from the top and can load more', async ({ page }) => {
    await loginAs(page, 'admin');
    const run = unique();
    for (let i = 1; i <= 12; i += 1) {
      const response = await page.request.post('/api/makeAnnouncement', {
        data: { newAnnouncement: { title: `Cursor ${run} #${i}`, details: 'x', type: 'user' } },
      });
      expect(response.status()).toBe(201);
    }
    // The server as it answers once the admin has deleted `deleted.id`: a 404 for it as the
    // cursor, and lists without it.
    const deleted: { id?: string } = {};
    await page.route('**/api/get/userAnnouncement', async (route) => {
      const body = route.request().postDataJSON() as { before?: string; limit?: number } | null;
      if (deleted.id && body?.before === deleted.id) {
        await route.fulfill({
          status: 404,
          json: { error: { code: 'NOT_FOUND', message: 'No announcement has this id' } },
        });
        return;
      }
      // One more than asked for, so that leaving out the deleted one still fills the page.
      const limit = body?.limit ?? 10;
      const response = await route.fetch({
        postData: JSON.stringify({ ...body, limit: limit + 1 }),
      });
      const items = (await response.json()) as { _id: string }[];
      await route.fulfill({
        response,
        json: items.filter((item) => item._id !== deleted.id).slice(0, limit),
      });
    });

    await loginAs(page, 'user');
    await page.goto('/dashboard/user-announcements');
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(10);
    const lastShown = await cards.last().getAttribute('aria-labelledby');
    deleted.id = lastShown?.replace(/^announcement-/, '');
    expect(deleted.id).toBeTruthy();

    await page.getByRole('button', { name: 'Load more' }).click();
    // The list is fetched again without it, so the next "Load more" starts from one that exists.
    await expect(page.locator(`[aria-labelledby="${lastShown}"]`)).toHaveCount(0);
    await expect(cards).toHaveCount(10);
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => cards.count()).toBeGreaterThan(10);
    await expect(page.getByText('Older announcements could not be loaded. Try again.')).toHaveCount(
      0,
    );
  });
});
