import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import {
  accessibilityViolations,
  buildingDay,
  expect,
  loginAs,
  registerResident,
  test,
  textContrast,
} from './fixtures';

const toast = (page: Page, text: string | RegExp) => page.locator('.Toastify').getByText(text);

async function apartmentId(page: Page, apartmentNo: string): Promise<string> {
  const response = await page.request.get('/api/apartments?limit=60');
  const { result } = (await response.json()) as {
    result: { _id: string; apartmentNo: string }[];
  };
  const found = result.find((apartment) => apartment.apartmentNo === apartmentNo);
  if (!found) throw new Error(`no apartment ${apartmentNo}`);
  return found._id;
}

async function adminPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginAs(page, 'admin');
  return page;
}

const longDate = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

const requestCard = (page: Page, tenant: string) =>
  page.getByRole('article', { name: new RegExp(`^Request from ${tenant} for apartment`) });

/** A new resident, in a browser of their own, asks for `apartmentNo` (a pending request). */
async function residentRequests(browser: Browser, page: Page, name: string, apartmentNo: string) {
  const resident = await (await browser.newContext()).newPage();
  await registerResident(resident, name);
  const sign = await resident.request.post('/api/create/agreements', {
    data: { newAgreement: { apartmentDetails: { _id: await apartmentId(page, apartmentNo) } } },
  });
  expect(sign.status()).toBe(201);
}

/** A visitor on apartment `id` clicks Apply, then registers (photo and all); answers the name. */
async function registerFromApply(page: Page, id: string, beforeRegister?: () => Promise<void>) {
  const name = `Nadia ${Date.now().toString(36)}`;
  await page.goto(`/apartment/${id}`);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/\/authentiction$/);
  await page.getByRole('link', { name: 'Register now.' }).click();
  await page.getByLabel('Name').fill(name);
  await page
    .getByLabel('Email')
    .fill(`nadia.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill('Harbour2026');
  await page.getByLabel('Photo').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: await sharp({
      create: { width: 96, height: 96, channels: 3, background: { r: 30, g: 110, b: 100 } },
    })
      .png()
      .toBuffer(),
  });
  await beforeRegister?.();
  await page.getByRole('button', { name: 'Register' }).click();
  return name;
}

/**
 * Holds the page's installed clock where it stands: no timer fires until the test moves it on.
 * The page's time runs on between reading it and pausing it, so a slow moment can put the
 * chosen instant in the past; then it is read again.
 */
async function holdClock(page: Page) {
  for (let attempt = 1; ; attempt += 1) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + 100);
      return;
    } catch (error) {
      if (attempt === 5 || !String(error).includes('to the past')) throw error;
    }
  }
}

test.describe('leasing', () => {
  test('a new user signs, the admin accepts, the member lives there, the admin removes them', async ({
    page,
    browser,
  }) => {
    // The whole lease life cycle in two browsers: longer than one screen's test.
    test.slow();
    const resident = await registerResident(page, 'Nusrat Jahan');
    const id = await apartmentId(page, 'A-404');

    // The user signs the agreement from the listing.
    await page.goto('/apartment?maxRent=31000');
    const card = page.getByRole('article').filter({ hasText: 'Apartment A-404' });
    await card.getByRole('link', { name: 'Rent This Apartment' }).click();
    await expect(page).toHaveURL(new RegExp(`/apartment/${id}$`));
    await expect(page.getByText('Nusrat Jahan').first()).toBeVisible();
    // She moves in today: the term runs a year from today.
    const today = buildingDay();
    await page.getByLabel('Start date').fill(today);
    await expect(page.getByText(`The lease starts on ${longDate(today)}`)).toBeVisible();
    await expect(page.getByText('A deposit of one month’s rent (31,000 BDT)')).toBeVisible();
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(toast(page, /Agreement signed/)).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/myProfile$/);
    // The profile says what was asked for and that it waits; the agreement offers no second Apply.
    const requestPanel = page.getByRole('region', { name: 'Your lease request' });
    await expect(requestPanel).toContainText('Apartment A-404 · block A, floor 4 · 31,000 BDT');
    await expect(requestPanel.getByText('Pending', { exact: true })).toBeVisible();
    await expect(
      page.getByText('Agreement signed', { exact: true }).locator('xpath=following-sibling::dd[1]'),
    ).toHaveText(/^\d\d \w{3}, \d{4}$/);
    await page.goto(`/apartment/${id}`);
    await expect(
      page
        .getByRole('note', { name: 'Applying' })
        .getByText(/^You asked for this apartment on \d\d \w{3}, \d{4}/),
    ).toBeVisible();
    await expect(page.getByText(/^You asked for this apartment on \d\d \w{3}, \d{4}/)).toHaveCount(
      2,
    );
    await expect(page.getByRole('button', { name: 'Apply' })).toHaveCount(0);
    // The agreement she signed: her name on it, the start she chose, the day she signed it.
    await expect(page.getByText('Name of the tenant')).toHaveCount(0);
    await expect(page.getByText('Nusrat Jahan').first()).toBeVisible();
    await expect(page.getByText(`The lease starts on ${longDate(today)}`)).toBeVisible();
    await expect(page.getByText(/^Signed online: \w+ \d{1,2}, \d{4}$/)).toBeVisible();
    await page.goto(`/apartment/${await apartmentId(page, 'A-101')}`);
    // Said above the agreement and at its foot, beside the buttons.
    await expect(
      page
        .getByRole('note', { name: 'Applying' })
        .getByText('Your request for apartment A-404 is waiting for an answer', { exact: false }),
    ).toBeVisible();
    await expect(
      page.getByText('Your request for apartment A-404 is waiting for an answer', { exact: false }),
    ).toHaveCount(2);
    await expect(page.getByText('Name of the tenant').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Apply' })).toHaveCount(0);
    await page.goto('/dashboard/user-announcements');
    const menu = page.getByRole('navigation', { name: 'Dashboard menu' }).getByRole('link');
    await expect(menu).toHaveText(['My Profile', 'Announcements', 'Account']);

    // The admin sees the request with every field, and accepts it.
    const admin = await adminPage(browser);
    await admin.goto('/dashboard/agreement-requests');
    const request = requestCard(admin, 'Nusrat Jahan');
    await expect(request).toContainText(resident.email);
    await expect(request.getByLabel('Lease starts')).toHaveValue(today);
    for (const text of [
      'A-404',
      'Floor',
      '4',
      'Block',
      'A',
      '31,000 BDT',
      'User',
      'Pending',
      'Deposit',
    ]) {
      await expect(request).toContainText(text);
    }
    expect(await textContrast(request.getByText('Pending', { exact: true }))).toBeGreaterThan(4.5);
    await request.getByRole('button', { name: 'Accept' }).click();
    await expect(toast(admin, 'Agreement Checked')).toBeVisible();
    await expect(request).toHaveCount(0);

    // Back in the tenant's tab, without a reload: the menu is a member's now.
    await page.evaluate(() =>
      document.dispatchEvent(new Event('visibilitychange', { bubbles: true })),
    );
    await expect(menu).toHaveText([
      'My Profile',
      'Make Payment',
      'Payment History',
      'Maintenance',
      'Announcements',
      'Account',
    ]);

    // The new member sees the apartment in the profile; the listing shows it occupied.
    await page.goto('/dashboard/myProfile');
    await expect(page.getByText('Member', { exact: true })).toBeVisible();
    await expect(
      page.getByText('Room', { exact: true }).locator('xpath=following-sibling::dd[1]'),
    ).toHaveText('A-404');
    await page.goto('/apartment?maxRent=31000');
    const occupied = page.getByRole('article').filter({ hasText: 'Apartment A-404' });
    await expect(occupied.getByText('Occupied', { exact: true })).toBeVisible();
    await page.goto(`/apartment/${id}`);
    await expect(
      page
        .getByRole('note', { name: 'Applying' })
        .getByText('This apartment is occupied and cannot be leased right now.'),
    ).toBeVisible();
    await expect(
      page.getByText('This apartment is occupied and cannot be leased right now.'),
    ).toHaveCount(2);
    await expect(page.getByRole('button', { name: 'Apply' })).toHaveCount(0);

    // The admin removes the member; the apartment is available again.
    await admin.goto('/dashboard/manage-members');
    const row = admin
      .getByRole('table', { name: 'Members' })
      .getByRole('row')
      .filter({ hasText: 'Nusrat Jahan' });
    await row.getByRole('button', { name: 'Remove Nusrat Jahan' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Remove Nusrat Jahan?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect(toast(admin, 'Nusrat Jahan removed')).toBeVisible();
    await expect(row).toHaveCount(0);
    // This month's rent, unpaid, stays hers: she is listed among former tenants who owe.
    await expect(
      admin
        .getByRole('table', { name: 'Former tenants who still owe' })
        .getByRole('row')
        .filter({ hasText: 'Nusrat Jahan' }),
    ).toContainText('31,000 BDT');
    await page.goto(`/apartment/${id}`);
    await expect(page.getByRole('button', { name: 'Apply' })).toBeVisible();
    // A former tenant now: her receipts and requests stay in her menu.
    await page.goto('/dashboard');
    await expect(
      page.getByRole('navigation', { name: 'Dashboard menu' }).getByRole('link'),
    ).toHaveText(['My Profile', 'Payment History', 'Maintenance', 'Announcements', 'Account']);
  });

  test('the applicant chooses when the lease starts; the admin moves it before accepting', async ({
    page,
    browser,
  }) => {
    test.slow();
    await registerResident(page, 'Mitu Akhter');
    const id = await apartmentId(page, 'C-204');
    await page.goto(`/apartment/${id}`);
    // By default the lease starts on the 1st of next month and runs a year.
    const start = page.getByLabel('Start date');
    const firstOfNext = await start.inputValue();
    expect(firstOfNext).toMatch(/^\d{4}-\d{2}-01$/);
    await expect(page.getByText(`The lease starts on ${longDate(firstOfNext)}`)).toBeVisible();
    await expect(page.getByText('a fixed term of 12 months')).toBeVisible();
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/\/dashboard\/myProfile$/);
    const panel = page.getByRole('region', { name: 'Your lease request' });
    await expect(panel).toContainText(
      /Lease from 01 \w{3}, \d{4} to \d\d \w{3}, \d{4}, deposit 24,500 BDT\./,
    );

    // The admin moves the start to the 15th and accepts; the end moves with it.
    const moved = `${firstOfNext.slice(0, 8)}15`;
    const admin = await adminPage(browser);
    await admin.goto('/dashboard/agreement-requests');
    const request = requestCard(admin, 'Mitu Akhter');
    await expect(request.getByLabel('Lease starts')).toHaveValue(firstOfNext);
    await request.getByLabel('Lease starts').fill(moved);
    await expect(request).toContainText(/15 \w{3}, \d{4} – 14 \w{3}, \d{4}/);
    await request.getByRole('button', { name: 'Accept' }).click();
    await expect(toast(admin, 'Agreement Checked')).toBeVisible();
    // The rent roll counts the lease among the current ones and says it has not started yet.
    await admin.goto('/dashboard/rent-roll');
    await admin.getByRole('searchbox').fill('Mitu Akhter');
    await admin.getByRole('button', { name: 'Search' }).click();
    await expect(admin.getByRole('table', { name: 'Rent roll' })).toContainText(
      /C-204 · starts 15 \w{3}, \d{4}/,
    );
    await admin.context().close();

    await page.goto('/dashboard/myProfile');
    await expect(
      page.getByText('Lease starts', { exact: true }).locator('xpath=following-sibling::dd[1]'),
    ).toHaveText(/^15 \w{3}, \d{4}$/);
    await expect(
      page.getByText('Deposit', { exact: true }).locator('xpath=following-sibling::dd[1]'),
    ).toHaveText('24,500 BDT, not received yet: pay it at the building office');
  });

  test('the admin rejects a request: "Agreement rejected!"', async ({ page, browser }) => {
    await registerResident(page, 'Rafiq Islam');
    await page.goto(`/apartment/${await apartmentId(page, 'B-203')}`);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/\/dashboard/);
    const admin = await adminPage(browser);
    await admin.goto('/dashboard/agreement-requests');
    const request = requestCard(admin, 'Rafiq Islam');
    // Reject asks first; keeping the request changes nothing.
    await request.getByRole('button', { name: 'Reject' }).click();
    const confirm = admin.getByRole('dialog', { name: "Reject Rafiq Islam's request for B-203?" });
    await expect(confirm).toContainText('This cannot be undone.');
    await confirm.getByRole('button', { name: 'Keep it' }).click();
    await expect(confirm).toBeHidden();
    await expect(request).toBeVisible();
    await request.getByRole('button', { name: 'Reject' }).click();
    await confirm.getByRole('button', { name: 'Reject request' }).click();
    await expect(toast(admin, 'Agreement rejected!')).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(request).toHaveCount(0);
    const own = await page.request.post('/api/users/agreements/');
    expect(((await own.json()) as { result: { status: string } }).result.status).toBe('rejected');
    await page.goto('/dashboard/myProfile');
    const requestPanel = page.getByRole('region', { name: 'Your lease request' });
    await expect(requestPanel.getByText('Rejected', { exact: true })).toBeVisible();
    await expect(requestPanel).toContainText(/The building declined it on \d\d \w{3}, \d{4}\./);
    await expect(requestPanel.getByRole('link', { name: 'Browse apartments' })).toBeVisible();
    // No lease, and the panel says why: no grid of N/A beneath it.
    await expect(page.getByText('Agreement signed', { exact: true })).toHaveCount(0);
  });

  test.describe('when signing fails', () => {
    test.use({ expectedHttpErrors: [/^\/api\/create\/agreements$/] });

    test("shows the server's message", async ({ page }) => {
      await registerResident(page, 'Shakil Ahmed');
      // The agreement is open when a request for another apartment goes in (another tab).
      await page.goto(`/apartment/${await apartmentId(page, 'C-602')}`);
      await expect(page.getByRole('button', { name: 'Apply' })).toBeVisible();
      const other = await page.request.post('/api/create/agreements', {
        data: { newAgreement: { apartmentDetails: { _id: await apartmentId(page, 'C-501') } } },
      });
      expect(other.status()).toBe(201);
      await page.getByRole('button', { name: 'Apply' }).click();
      await expect(
        toast(
          page,
          'You already have a pending agreement request. Wait for the building to answer it.',
        ),
      ).toBeVisible();
      await expect(page).toHaveURL(/\/apartment\//);
    });

    test('says "Internal Server Error" when the server has no message', async ({ page }) => {
      await registerResident(page, 'Tania Roy');
      await page.route('**/api/create/agreements', (route) =>
        route.fulfill({ status: 500, contentType: 'text/plain', body: 'boom' }),
      );
      await page.goto(`/apartment/${await apartmentId(page, 'C-101')}`);
      await page.getByRole('button', { name: 'Apply' }).click();
      await expect(toast(page, 'Internal Server Error')).toBeVisible();
    });
  });

  test('a visitor is asked to log in, then comes back to the agreement @mobile', async ({
    page,
  }) => {
    const id = await apartmentId(page, 'A-101');
    await page.goto(`/apartment/${id}`);
    await expect(page.getByText('Your name appears here once you log in')).toBeVisible();
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(toast(page, 'Login/Register to Sign Agreement')).toBeVisible();
    await expect(page).toHaveURL(/\/authentiction$/);
    await page.getByLabel('Email').fill('user@structo.com');
    await page.getByLabel('Password', { exact: true }).fill('User1234');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/apartment/${id}$`));
    await expect(page.getByText('Farhana Akter').first()).toBeVisible();
  });

  test('a visitor who registers from Apply is offered the way back to the agreement @mobile', async ({
    page,
  }) => {
    const id = await apartmentId(page, 'A-101');
    const name = await registerFromApply(page, id);
    // Registering ends on the login page, which reloads after 2.5 s (spec §4), signed in.
    await expect(page).toHaveURL(/\/authentiction$/);
    await page.waitForEvent('load');
    await expect(page.getByText(`You are logged in as ${name}`)).toBeVisible();
    await page.getByRole('link', { name: 'Continue' }).click();
    await expect(page).toHaveURL(new RegExp(`/apartment/${id}$`));
    await expect(page.getByText(name).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Apply' })).toBeEnabled();
  });

  test('Continue taken before the login page reloads keeps what is entered on the agreement @mobile', async ({
    page,
  }) => {
    const id = await apartmentId(page, 'A-101');
    await page.clock.install();
    // The page's timers wait for the test from before Register is pressed: the login page's
    // reload, 2.5 s after registering (spec §4), comes only when the clock is moved on below,
    // however slow the machine.
    let loads = 0;
    const name = await registerFromApply(page, id, async () => {
      await holdClock(page);
      page.on('load', () => (loads += 1));
    });
    // The page's updates wait on its timers too: the clock moves on 20 ms at a time until the
    // login page says who is signed in, far short of the reload's 2.5 s.
    const signedIn = page.getByText(`You are logged in as ${name}`);
    await expect
      .poll(async () => (await signedIn.isVisible()) || (await page.clock.runFor(20), false), {
        intervals: [25],
      })
      .toBe(true);
    await page.getByRole('link', { name: 'Continue' }).click();
    await expect(page).toHaveURL(new RegExp(`/apartment/${id}$`));
    const start = page.getByLabel('Start date');
    const chosen = await start.inputValue();
    // A month after the day offered (the 1st of next month), within the year ahead allowed.
    const [year, month] = chosen.split('-').map(Number) as [number, number];
    const later =
      month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
    await start.fill(later);
    // Past the moment the login page would have reloaded: this page is not reloaded.
    const reloaded = page.waitForEvent('load', { timeout: 3_000 }).then(
      () => true,
      () => false,
    );
    await page.clock.runFor(3_000);
    expect(await reloaded, 'the agreement page was reloaded').toBe(false);
    expect(loads).toBe(0);
    await expect(start).toHaveValue(later);
  });

  test('a person who opens the login page while signed in is offered the dashboard only', async ({
    page,
  }) => {
    await loginAs(page, 'user');
    await page.goto('/authentiction');
    await expect(page.getByText('You are logged in as')).toBeVisible();
    // Not "Log in to Home" above it.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome');
    await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Continue' })).toHaveCount(0);
  });

  test('members and admins see why they cannot apply', async ({ page }) => {
    const id = await apartmentId(page, 'A-101');
    await loginAs(page, 'member');
    await page.goto(`/apartment/${id}`);
    await expect(
      page.getByRole('note', { name: 'Applying' }).getByText('You already rent an apartment here.'),
    ).toBeVisible();
    await expect(page.getByText('You already rent an apartment here.')).toHaveCount(2);
    await expect(page.getByRole('button', { name: 'Apply' })).toHaveCount(0);
    // Not their lease to sign: the tenant line stays blank.
    await expect(page.getByText('Name of the tenant').first()).toBeVisible();
    await expect(page.getByText('Tanvir Hossain')).toHaveCount(0);
  });

  test('the agreement prints as a clean paper copy', async ({ page }) => {
    await page.goto(`/apartment/${await apartmentId(page, 'A-101')}`);
    await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
    for (const n of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]) {
      await expect(page.getByRole('heading', { name: new RegExp(`^${n}\\. `) })).toBeVisible();
    }
    await expect(page.getByText('Parking spot 12 is assigned to the tenant.')).toBeVisible();
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await expect(page.getByRole('contentinfo')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Apply' })).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Residential Lease Agreement' })).toBeVisible();
  });
});

test.describe('admin screens', () => {
  test('"No Pending Agreements." when nothing waits', async ({ page }) => {
    await loginAs(page, 'admin');
    await page.route('**/api/pending/agreements', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }),
    );
    await page.goto('/dashboard/agreement-requests');
    await expect(page.getByText('No Pending Agreements.')).toBeVisible();
  });

  test('a request from a former tenant who owes says so, with a way to their rent account', async ({
    page,
    browser,
  }) => {
    await residentRequests(browser, page, 'Sumon Das', 'A-202');
    await loginAs(page, 'admin');
    // The server's answer for this applicant, as for one who left A-603 owing two months and a
    // repair (the balance itself is worked out and tested on the server).
    await page.route('**/api/pending/agreements', async (route) => {
      const response = await route.fetch();
      const list = (await response.json()) as { tenant: string }[];
      await route.fulfill({
        response,
        json: list.map((request) =>
          request.tenant === 'Sumon Das'
            ? {
                ...request,
                applicantOwes: { apartmentNo: 'A-603', months: 2, charges: 1, amount: 92_200 },
              }
            : request,
        ),
      });
    });
    await page.goto('/dashboard/agreement-requests');
    const request = requestCard(page, 'Sumon Das');
    await expect(request.getByRole('note')).toHaveText(
      'A former tenant: left A-603 owing 92,200 BDT (2 months and 1 charge unpaid). See their rent account',
    );
    await request.getByRole('link', { name: 'See their rent account' }).click();
    await expect(page).toHaveURL(/\/dashboard\/manage-members\/[0-9a-f-]{36}$/);
  });

  test.describe('requests for one flat', () => {
    // The acceptance refused because a request came in meanwhile is a 409 the browser logs.
    test.use({ expectedHttpErrors: [/^\/api\/accept\/agreements$/] });

    // Desktop only: it leases B-102 for good, which no other journey on this server asks for (its
    // other journey runs on the clocked server), and which is no journey's first listing card.
    test('accepting one of two requests for a flat asks first, stops when a third came in meanwhile, then declines the others', async ({
      page,
      browser,
    }) => {
      const suffix = Date.now().toString(36).slice(-4).toUpperCase();
      const [first, second] = [`Rina Das ${suffix}`, `Babul Mia ${suffix}`];
      await residentRequests(browser, page, first, 'B-102');
      await residentRequests(browser, page, second, 'B-102');
      await loginAs(page, 'admin');
      await page.goto('/dashboard/agreement-requests');
      const rina = requestCard(page, first);
      const babul = requestCard(page, second);
      await expect(rina).toContainText('1 other request for B-102 is waiting.');
      await expect(babul).toContainText('1 other request for B-102 is waiting.');

      await rina.getByRole('button', { name: 'Accept' }).click();
      const dialog = page.getByRole('dialog', { name: `Accept ${first}'s request for B-102?` });
      await expect(dialog).toContainText(
        'The other request for B-102 is declined, and its applicant is told. This cannot be undone.',
      );
      expect(await accessibilityViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Not yet' }).click();
      await expect(dialog).toBeHidden();
      await expect(rina.getByRole('button', { name: 'Accept' })).toBeEnabled();
      await expect(babul).toBeVisible();

      // A third request comes in while the page still says one other waits: accepting now would
      // decline a request the admin never saw, so nothing is changed and the page says why.
      const third = `Sadia Khan ${suffix}`;
      await residentRequests(browser, page, third, 'B-102');
      await expect(rina).toContainText('1 other request for B-102 is waiting.');
      await rina.getByRole('button', { name: 'Accept' }).click();
      await dialog.getByRole('button', { name: 'Accept request' }).click();
      await expect(
        toast(
          page,
          'Another request for B-102 came in while you decided. Nothing was changed: read it, then accept again.',
        ),
      ).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(requestCard(page, third)).toBeVisible();
      await expect(rina).toContainText('2 other requests for B-102 are waiting.');

      await rina.getByRole('button', { name: 'Accept' }).click();
      await expect(dialog).toContainText(
        'The 2 other requests for B-102 are declined, and their applicants are told. This cannot be undone.',
      );
      await dialog.getByRole('button', { name: 'Accept request' }).click();
      await expect(toast(page, 'Agreement Checked')).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(rina).toHaveCount(0);
      await expect(babul).toHaveCount(0);
      await expect(requestCard(page, third)).toHaveCount(0);
    });
  });

  test('two requests answered at once: each says how it went', async ({ page, browser }) => {
    await residentRequests(browser, page, 'Kamal Hossain', 'B-301');
    await residentRequests(browser, page, 'Jamal Uddin', 'A-801');
    await loginAs(page, 'admin');
    // The first answer is held on its way until the second one is through.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/accept/agreements', async (route) => {
      await held;
      await route.continue();
    });
    const kamal = requestCard(page, 'Kamal Hossain');
    const jamal = requestCard(page, 'Jamal Uddin');
    try {
      await page.goto('/dashboard/agreement-requests');
      await kamal.getByRole('button', { name: 'Accept' }).click();
      await expect(kamal.getByRole('button', { name: 'Reject' })).toBeDisabled();

      // Only the card being answered waits.
      await jamal.getByRole('button', { name: 'Reject' }).click();
      await page
        .getByRole('dialog', { name: "Reject Jamal Uddin's request for A-801?" })
        .getByRole('button', { name: 'Reject request' })
        .click();
      await expect(toast(page, 'Agreement rejected!')).toBeVisible();
      await expect(jamal).toHaveCount(0);
      await expect(kamal.getByRole('button', { name: 'Reject' })).toBeDisabled();
    } finally {
      // Held no longer, whether the steps above passed or not.
      release();
    }
    await expect(toast(page, 'Agreement Checked')).toBeVisible();
    await expect(kamal).toHaveCount(0);
  });

  test.describe('when accepting fails', () => {
    test.use({ expectedHttpErrors: [/^\/api\/accept\/agreements$/] });

    test('says "Internal Server Error!" and reloads the list', async ({ page, browser }) => {
      await residentRequests(browser, page, 'Polash Mia', 'C-302');

      await loginAs(page, 'admin');
      let listLoads = 0;
      page.on('request', (request) => {
        if (request.url().endsWith('/api/pending/agreements')) listLoads += 1;
      });
      await page.route('**/api/accept/agreements', (route) =>
        route.fulfill({ status: 500, contentType: 'text/plain', body: 'down' }),
      );
      await page.goto('/dashboard/agreement-requests');
      const request = requestCard(page, 'Polash Mia');
      await request.getByRole('button', { name: 'Accept' }).click();
      await expect(toast(page, 'Internal Server Error!')).toBeVisible();
      await expect.poll(() => listLoads).toBeGreaterThanOrEqual(2);
      await expect(request).toBeVisible();
    });
  });

  test('the members table @mobile', async ({ page }) => {
    await loginAs(page, 'admin');
    await page.goto('/dashboard/manage-members');
    const members = page.getByRole('table', { name: 'Members' });
    await expect(members.getByRole('columnheader', { name: 'Name' })).toBeVisible();
    const row = members.getByRole('row').filter({ hasText: 'Tanvir Hossain' });
    await expect(row).toContainText('member@structo.com');
    // His apartment: in its column, or under his name on a phone, which has no room for it.
    const phone = (page.viewportSize()?.width ?? 0) < 768;
    await expect(
      phone
        ? row.getByText('Apartment B-402', { exact: true })
        : row.getByRole('cell', { name: 'B-402', exact: true }),
    ).toBeVisible();
    // What he owes, linking to his record.
    // Named by the words it shows (WCAG 2.5.3 label in name), then by where it leads.
    await expect(
      row.getByRole('link', {
        name: /^(Owes [\d,]+ BDT|Paid up), rent account of Tanvir Hossain$/,
      }),
    ).toBeVisible();
    await expect(row.getByRole('button', { name: 'Remove Tanvir Hossain' })).toBeVisible();
    // Cancelling removes nobody.
    await row.getByRole('button', { name: 'Remove Tanvir Hossain' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(row).toBeVisible();
    // A former tenant who owes: the apartment he left and when, under his name.
    const former = page
      .getByRole('table', { name: 'Former tenants who still owe' })
      .getByRole('row')
      .filter({ hasText: 'former@structo.com' });
    await expect(
      phone
        ? former.getByText('Apartment A-603', { exact: true })
        : former.getByRole('cell', { name: 'A-603', exact: true }),
    ).toBeVisible();
    await expect(
      phone
        ? former.getByText(/^Lease ended \d{2} \w{3}, \d{4}$/)
        : former.getByRole('cell', { name: /^\d{2} \w{3}, \d{4}$/ }),
    ).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
    );
    expect(overflow, 'the page scrolls sideways').toBe(false);
    // His name opens his rent account, as a former tenant's does.
    await row.getByRole('link', { name: 'Tanvir Hossain', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Tanvir Hossain: rent account' })).toBeVisible();
  });
});
