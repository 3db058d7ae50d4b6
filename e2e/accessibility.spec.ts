import type { Page } from '@playwright/test';
import {
  accessibilityViolations,
  expect,
  loginAs,
  registerResident,
  someAddress,
  test,
  textContrast,
  type DemoRole,
} from './fixtures';

/**
 * axe-core with the WCAG 2.2 A and AA rules, every impact, on every page each kind of reader can
 * open (the dashboard's pages found by walking the role's own menu, so a page added to a menu is
 * checked without being listed here), with the account menu, the dialogs and the date picker
 * open. Each sweep gathers every page's findings and fails once, naming them all.
 */

type Findings = Record<string, string[]>;

/** Requests a page has started and not yet finished, by page (see `check`). */
const inFlight = new WeakMap<Page, Set<string>>();

function trackRequests(page: Page): Set<string> {
  let open = inFlight.get(page);
  if (!open) {
    const requests = new Set<string>();
    page.on('request', (request) => requests.add(request.url()));
    page.on('requestfinished', (request) => requests.delete(request.url()));
    page.on('requestfailed', (request) => requests.delete(request.url()));
    inFlight.set(page, requests);
    open = requests;
  }
  return open;
}

async function check(page: Page, name: string, findings: Findings) {
  // Let lists and figures arrive, so they are checked too. On a loaded machine the network has
  // (rarely, and not reproducibly) never gone quiet for Playwright's 500 ms on a page whose content
  // had arrived: after 20 s the page is checked as it stands, and what was still open is noted.
  const open = trackRequests(page);
  try {
    await page.waitForLoadState('networkidle', { timeout: 20_000 });
  } catch {
    test.info().annotations.push({
      type: 'network not idle',
      description: `${name}: ${[...open].join(', ') || 'no request open'}`,
    });
  }
  const found = await accessibilityViolations(page);
  if (found.length) findings[name] = found;
}

/** Opens `path` and waits for its main heading before checking it. */
async function visit(page: Page, path: string, findings: Findings) {
  await page.goto(path);
  await expect(page.locator('main h1, main h2').first()).toBeVisible();
  await check(page, path, findings);
}

/** The public pages, as whoever is signed in (or nobody) sees them: menus and buttons differ. */
async function publicPages(page: Page, findings: Findings) {
  await visit(page, '/', findings);
  await visit(page, '/apartment', findings);
  const first = page.locator('main a[href^="/apartment/"]').first();
  const href = await first.getAttribute('href');
  expect(href, 'an apartment in the listing').toMatch(/^\/apartment\/[0-9a-f-]{36}$/);
  await visit(page, href ?? '', findings);
}

/** Every entry of the dashboard's menu, opened as a person opens it: by its link. */
async function dashboardMenu(page: Page, findings: Findings) {
  await page.goto('/dashboard');
  const menu = page.getByRole('navigation', { name: 'Dashboard menu' });
  const links = menu.getByRole('link');
  await expect(links.first()).toBeVisible();
  const names = await links.allInnerTexts();
  expect(names.length).toBeGreaterThan(2);
  for (const name of names) {
    await menu.getByRole('link', { name, exact: true }).click();
    await expect(menu.getByRole('link', { name, exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.locator('main h1').first()).toBeVisible();
    await check(page, `${new URL(page.url()).pathname} (${name})`, findings);
  }
}

/** The first link on `listPath` to a record under `prefix` (an id, not "new"), opened and checked. */
async function firstDetail(page: Page, listPath: string, prefix: string, findings: Findings) {
  await page.goto(listPath);
  const record = new RegExp(`^${prefix}[0-9a-f-]{36}$`);
  // Lists lay out as a table or as cards, by width: the links on show.
  const links = page.locator(`main a[href^="${prefix}"]:visible`);
  let href: string | undefined;
  await expect
    .poll(
      async () => {
        const hrefs = await links.evaluateAll((all) => all.map((a) => a.getAttribute('href')));
        href = hrefs.find((candidate) => candidate !== null && record.test(candidate)) ?? undefined;
        return href;
      },
      { message: `a link to a record under ${prefix} on ${listPath}` },
    )
    .toMatch(record);
  await page.locator(`main a[href="${href}"]:visible`).first().click();
  await expect(page).toHaveURL(new RegExp(`${prefix}[0-9a-f-]{36}$`));
  await expect(page.locator('main h1, main h2').first()).toBeVisible();
  await check(page, `${prefix}:id`, findings);
}

async function accountMenu(page: Page, findings: Findings) {
  await page.goto('/dashboard');
  await page.getByRole('button', { name: /^Account menu for / }).click();
  await expect(page.getByRole('menu', { name: 'Account' })).toBeVisible();
  await check(page, 'the account menu', findings);
  await page.keyboard.press('Escape');
}

test.describe('accessibility (WCAG 2.2 AA, every impact)', () => {
  test.use({
    expectedHttpErrors: [/^\/no-such-page$/],
    // axe-core injects itself into every frame; an email's frame is sandboxed without scripts,
    // as it must be, and Chromium reports the refusal.
    expectedConsoleErrors: [
      /^Blocked script execution in '[^']+\/api\/admin\/mail\/[0-9a-f-]{36}\/html' because the document's frame is sandboxed/,
    ],
  });

  test('every page a visitor can open @mobile', async ({ page }) => {
    // Many pages, each waited for and checked.
    test.slow();
    const findings: Findings = {};
    await publicPages(page, findings);
    for (const path of [
      '/authentiction',
      '/authentiction/registration',
      '/forgot-password',
      '/reset-password#token=expired',
      '/unsubscribe?token=abc&topic=rent',
      '/confirm-email',
      '/setup',
      '/no-such-page',
    ]) {
      await visit(page, path, findings);
    }
    expect(findings).toEqual({});
  });

  for (const role of ['user', 'member', 'admin'] satisfies DemoRole[]) {
    test(`every page a ${role} can open, and the account menu @mobile`, async ({ page }) => {
      // Many pages, each waited for and checked.
      test.slow();
      await loginAs(page, role);
      const findings: Findings = {};
      await publicPages(page, findings);
      await dashboardMenu(page, findings);
      await accountMenu(page, findings);
      expect(findings).toEqual({});
    });
  }

  test('the records a member opens from their lists @mobile', async ({ page }) => {
    await loginAs(page, 'member');
    const findings: Findings = {};
    await firstDetail(page, '/dashboard/paymentHistory', '/dashboard/paymentHistory/', findings);
    await firstDetail(page, '/dashboard/maintenance', '/dashboard/maintenance/', findings);
    expect(findings).toEqual({});
  });

  test('the records and forms an admin opens from their lists @mobile', async ({
    page,
    browser,
  }) => {
    test.slow();
    await loginAs(page, 'admin');
    const findings: Findings = {};
    await firstDetail(page, '/dashboard/manage-members', '/dashboard/manage-members/', findings);
    await firstDetail(page, '/dashboard/apartments', '/dashboard/apartments/', findings);
    await firstDetail(page, '/dashboard/maintenance', '/dashboard/maintenance/', findings);
    await visit(page, '/dashboard/apartments/new', findings);
    await visit(page, '/dashboard/apartments/import', findings);
    // An email of its own to open, whatever ran before on this server: a password reset for a
    // newcomer (one for a demo account may be within its hourly limit already).
    const newcomer = await browser.newPage();
    const resident = await registerResident(newcomer, 'Mail Reader');
    await newcomer.close();
    const reset = await page.request.post('/api/password-reset', {
      data: { email: resident.email },
      headers: { 'x-forwarded-for': someAddress() },
    });
    expect(reset.status(), 'a password reset email').toBeLessThan(300);
    // The job engine writes it a moment after the request.
    await expect
      .poll(async () => {
        const mail = await page.request.get('/api/admin/mail', { params: { q: resident.email } });
        return ((await mail.json()) as { total: number }).total;
      })
      .toBeGreaterThan(0);
    await firstDetail(page, '/dashboard/sent-mail', '/dashboard/sent-mail/', findings);
    expect(findings).toEqual({});
  });

  test('the payment modal', async ({ page }) => {
    await loginAs(page, 'member');
    await page.goto('/dashboard/payments');
    await expect(page.getByRole('heading', { name: 'Rent ledger' })).toBeVisible();
    // Next month, so this test never pays or blocks the month other journeys pay.
    const months = page.getByLabel('Month', { exact: true });
    // By value (the billing month), which no re-render of the labels can change.
    const last = await months.locator('option:not([disabled])').last().getAttribute('value');
    expect(last, 'a month to pay').toMatch(/^\d{4}-\d{2}/);
    await months.selectOption({ value: last ?? '' });
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page.getByRole('dialog').getByText('To pay')).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(await textContrast(page.getByRole('dialog').getByText('Test mode'))).toBeGreaterThan(
      4.5,
    );
  });

  test("the admin's dialogs and the date picker", async ({ page }) => {
    await loginAs(page, 'admin');
    const findings: Findings = {};
    // A confirmation (cancelled: nothing is removed).
    await page.goto('/dashboard/manage-coupons');
    const coupon = page.getByRole('row').filter({ hasText: 'STRUCTO25' });
    await coupon.getByRole('button', { name: 'Remove' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove coupon STRUCTO25?' });
    await expect(confirm).toBeVisible();
    await check(page, 'a confirmation dialog', findings);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    // The date picker, open.
    await page.getByRole('button', { name: 'Create Coupon' }).click();
    await page.getByRole('region', { name: 'Create a coupon' }).getByLabel('Valid until').click();
    await expect(page.getByRole('dialog', { name: 'Choose Date' })).toBeVisible();
    await check(page, 'the date picker', findings);
    await page.keyboard.press('Escape');
    // The announcement editor (closed without saving).
    await page.goto('/dashboard/makeAnnouncements');
    await page.getByRole('button', { name: 'Edit' }).first().click();
    const editor = page.getByRole('dialog', { name: 'Edit announcement' });
    await expect(editor).toBeVisible();
    await check(page, 'the announcement editor', findings);
    await page.keyboard.press('Escape');
    await expect(editor).toBeHidden();
    expect(findings).toEqual({});
  });

  // The check runs axe in the page and loads it into a document once: it must still see what
  // changed in that document since its last run, as the dashboard's pages do between checks.
  test('the check finds a problem on a page, and one added to the same page later', async ({
    page,
  }) => {
    await page.goto('/no-such-page');
    await expect(page.locator('main h1').first()).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.evaluate(() => {
      const image = document.createElement('img');
      image.id = 'unlabelled-image';
      image.src = '/favicon.svg';
      document.querySelector('main')?.append(image);
    });
    expect(await accessibilityViolations(page)).toEqual(['image-alt: #unlabelled-image']);
    await page.evaluate(() => {
      document.getElementById('unlabelled-image')?.setAttribute('alt', 'Our logo');
      const button = document.createElement('button');
      button.id = 'nameless-button';
      document.querySelector('main')?.append(button);
    });
    expect(await accessibilityViolations(page)).toEqual(['button-name: #nameless-button']);
  });

  test.describe(() => {
    test.use({ expectedHttpErrors: [/^\/api\/login$/] });
    test("a toast's close button is a 24 px target at least, with a visible focus @mobile", async ({
      page,
    }) => {
      await page.goto('/authentiction');
      await page.getByLabel('Email').fill('member@structo.com');
      await page.getByLabel('Password', { exact: true }).fill('not the password');
      await page.getByLabel('Password', { exact: true }).press('Enter');
      const message = page
        .locator('.Toastify__toast')
        .filter({ hasText: 'Invalid email/password' });
      await expect(message).toBeVisible();
      const close = message.getByRole('button', { name: /close/i });
      const box = await close.boundingBox();
      expect(box?.width, 'width').toBeGreaterThanOrEqual(24);
      expect(box?.height, 'height').toBeGreaterThanOrEqual(24);
      // Reached from the keyboard, it shows where the focus is.
      await close.focus();
      await expect(close).toHaveCSS('outline-style', 'solid');
      // The message's text does not run under it.
      // Where the words end, not their box (which spans the toast).
      const textEnd = await message.evaluate((element) => {
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        let right = 0;
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (!node.textContent?.trim()) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          right = Math.max(right, range.getBoundingClientRect().right);
        }
        return right;
      });
      expect(textEnd, 'text end').toBeLessThanOrEqual(box?.x ?? 0);
      await close.press('Enter');
      await expect(message).toHaveCount(0);
    });
  });

  // axe leaves oklch and color-mix colours "to review"; these are measured instead.
  test("the rent ledger's summary and status chips are readable", async ({ page }) => {
    await loginAs(page, 'member');
    await page.goto('/dashboard/payments');
    const ledger = page.getByRole('region', { name: 'Rent ledger' });
    const summary = ledger.getByText(/^(All paid up|You owe .*)$/);
    await expect(summary).toBeVisible();
    expect(await textContrast(summary), 'summary').toBeGreaterThan(4.5);
    const chips = ledger.locator('.chip:visible');
    await expect(chips.first()).toBeVisible();
    for (const chip of await chips.all()) {
      expect(await textContrast(chip), `${await chip.textContent()} chip`).toBeGreaterThan(4.5);
    }
  });
});
