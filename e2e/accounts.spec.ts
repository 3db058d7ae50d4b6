import type { Page } from '@playwright/test';
import { MAINTENANCE_MESSAGES } from '@structomate/contract';
import sharp from 'sharp';
import { appIsReady, expect, loginAs, registerResident, test } from './fixtures';

/** Logs in with the login form on the page shown: its own fields and button. */
async function submitLogin(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** The demo's former tenant (Rahim Uddin, whose lease of A-603 ended), logged in by the form. */
async function logInAsFormerTenant(page: Page) {
  await page.goto('/authentiction');
  await submitLogin(page, 'former@structo.com', 'Former1234');
  await page.waitForURL((url) => !url.pathname.startsWith('/authentiction'));
}

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function photo(): Promise<Buffer> {
  return sharp({
    create: { width: 640, height: 640, channels: 3, background: { r: 200, g: 120, b: 80 } },
  })
    .jpeg()
    .toBuffer();
}

/** The value shown under a label of a profile's figures. */
const figure = (page: Page, label: string) =>
  page.getByText(label, { exact: true }).locator('xpath=following-sibling::dd[1]');

const toast = (page: Page, text: string | RegExp) => page.locator('.Toastify').getByText(text);

async function openAccountMenu(page: Page) {
  await page.getByRole('button', { name: /^Account menu for / }).click();
}

test.describe('registration', () => {
  test('checks every field with the spec messages, then registers, logs out and logs back in', async ({
    page,
  }) => {
    const email = `ada-${unique()}@example.com`;
    await page.goto('/authentiction/registration');
    await expect(page.getByRole('heading', { name: 'Make yourself way to Home' })).toBeVisible();
    await expect(page.getByPlaceholder('Full Name')).toBeVisible();
    await expect(page.getByText('File types: .jpg .jpeg .png .webp')).toBeVisible();

    const register = page.getByRole('button', { name: 'Register' });
    await register.click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await expect(page.getByText('Choose a photo')).toBeVisible();

    await page.getByLabel('Name').fill('Ada Lovelace');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Photo').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a picture'),
    });
    const password = page.getByLabel('Password', { exact: true });
    for (const [value, message] of [
      ['ALLUPPER1', 'Password: at least 1 lowercase letter.'],
      ['alllower1', 'Password: at least 1 uppercase letter.'],
      ['Ab1', 'Password: at least 6 characters long.'],
    ] as const) {
      await password.fill(value);
      await register.click();
      await expect(page.getByText(message)).toBeVisible();
    }
    await expect(page.getByText('Invalid image type!')).toBeVisible();

    // Show/hide toggles what the password field shows.
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');

    await page
      .getByLabel('Photo')
      .setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: await photo() });
    await password.fill('Engine1843');
    await register.click();
    await expect(page.getByRole('progressbar', { name: 'Photo upload' })).toBeAttached();
    await expect(
      toast(page, 'Registration successful. Welcome to StructoMate, Ada Lovelace!'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/authentiction$/);
    // After the spec's 2.5 s the page reloads; the account is signed in.
    await page.waitForEvent('load');
    await expect(page.getByText('You are logged in as Ada Lovelace')).toBeVisible();
    const avatar = page
      .getByRole('button', { name: 'Account menu for Ada Lovelace' })
      .locator('img');
    await expect(avatar).toHaveAttribute('src', /\/api\/images\/[0-9a-f]{64}\.webp$/);
    // Signed in, the registration page offers no second account either.
    await page.goto('/authentiction/registration');
    await expect(page.getByText('You are logged in as Ada Lovelace')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Register' })).toHaveCount(0);

    await openAccountMenu(page);
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    // The top bar's Login (the page may still be leaving the registration form, which has one).
    const topLogin = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Login' });
    await expect(topLogin).toBeVisible();
    await topLogin.click();
    await submitLogin(page, email.toUpperCase(), 'Engine1843');
    await expect(toast(page, 'Welcome Back Ada Lovelace')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Dashboard' })
      .click();
    const menu = page.getByRole('navigation', { name: 'Dashboard menu' });
    await expect(menu.getByRole('link')).toHaveText(['My Profile', 'Announcements', 'Account']);
    await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
    await expect(page.getByText('Name: Ada Lovelace')).toBeVisible();
  });

  test.describe('with a registered email', () => {
    // Refused by the check that runs before the photo is uploaded.
    test.use({ expectedHttpErrors: [/^\/api\/registration\/check$/] });

    test('refuses a second account for a registered email', async ({ page }) => {
      await page.goto('/authentiction/registration');
      await page.getByLabel('Name').fill('Copy Cat');
      await page.getByLabel('Email').fill('member@structo.com');
      await page
        .getByLabel('Photo')
        .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await photo() });
      await page.getByLabel('Password', { exact: true }).fill('Copycat123');
      await page.getByRole('button', { name: 'Register' }).click();
      await expect(
        toast(page, 'An account with this email already exists. Log in instead.'),
      ).toBeVisible();
      await expect(page).toHaveURL(/\/registration$/);
      // Said at the field as well, which gets the focus.
      await expect(page.locator('#register-email-error')).toHaveText(
        'An account with this email already exists. Log in instead.',
      );
      await expect(page.getByLabel('Email')).toBeFocused();
      await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    });
  });
});

test.describe('login', () => {
  test.use({ expectedHttpErrors: [/^\/api\/login$/] });

  test('says "Invalid email/password" for a wrong password @mobile', async ({ page }) => {
    await page.goto('/authentiction');
    await expect(page.getByRole('heading', { name: 'Log in to Home' })).toBeVisible();
    await submitLogin(page, 'user@structo.com', 'NotThePassword1');
    await expect(toast(page, 'Invalid email/password')).toBeVisible();
    await expect(page).toHaveURL(/\/authentiction$/);
  });

  test('needs both fields', async ({ page }) => {
    await page.goto('/authentiction');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    // The fields in error are outlined in the error colour, and lose it once corrected.
    const email = page.getByLabel('Email');
    const border = () => email.evaluate((field) => getComputedStyle(field).borderTopColor);
    const invalidBorder = await border();
    await email.fill('user@structo.com');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('Email is required')).toBeHidden();
    expect(await border()).not.toBe(invalidBorder);
  });

  test('returns to the page that asked for a login', async ({ page }) => {
    await page.goto('/dashboard/paymentHistory');
    await expect(page).toHaveURL(/\/authentiction$/);
    await submitLogin(page, 'member@structo.com', 'Member1234');
    await expect(page).toHaveURL(/\/dashboard\/paymentHistory$/);
    await expect(page.getByRole('heading', { name: 'Payment History' })).toBeVisible();
  });
});

test.describe('Google sign-in (local OpenID Connect issuer)', () => {
  test('creates the account on the first visit and welcomes back on the next', async ({ page }) => {
    const email = `grace-${unique()}@example.com`;
    await page.goto('/authentiction');
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await expect(page.getByRole('heading', { name: 'Test identity provider' })).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Name').fill('Grace Hopper');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/127\.0\.0\.1:\d+\/(\?google=.*)?$/);
    await appIsReady(page);
    await expect(toast(page, 'Welcome Grace Hopper')).toBeVisible();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    await expect(page.getByRole('button', { name: 'Account menu for Grace Hopper' })).toBeVisible();
    await openAccountMenu(page);
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();

    // Like Google, the provider remembers the person: the second sign-in needs no typing.
    await page.getByRole('link', { name: 'Login' }).click();
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await page.waitForURL(/127\.0\.0\.1:\d+\/(\?google=.*)?$/);
    await appIsReady(page);
    await expect(toast(page, 'Welcome Back Grace Hopper')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Account menu for Grace Hopper' })).toBeVisible();
  });

  test('says "Can\'t login usign Google" when the person cancels', async ({ page }) => {
    await page.goto('/authentiction');
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(/\/authentiction(\?google=failed)?$/);
    await appIsReady(page);
    await expect(toast(page, "Can't login usign Google")).toBeVisible();
    await expect(page).toHaveURL(/\/authentiction$/);
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  });
});

test.describe('dashboard by role', () => {
  const pages = {
    admin: [
      'Admin Profile',
      'Manage Members',
      'Make Announcement',
      'Agreement Requests',
      'Manage Coupons',
      'Apartments',
      'Rent roll',
      'Maintenance',
      'Contacts',
      'Users',
      'Building settings',
      'Audit log',
      'Sent mail',
      'Account',
    ],
    member: [
      'My Profile',
      'Make Payment',
      'Payment History',
      'Maintenance',
      'Announcements',
      'Account',
    ],
    user: ['My Profile', 'Announcements', 'Account'],
  } as const;
  const foreign = {
    admin: '/dashboard/payments',
    member: '/dashboard/adminProfile',
    user: '/dashboard/manage-members',
  } as const;

  for (const role of ['admin', 'member', 'user'] as const) {
    test(`the ${role} sees their menu and is refused other roles' pages @mobile`, async ({
      page,
    }) => {
      await loginAs(page, role);
      await page.goto('/dashboard');
      const menu = page.getByRole('navigation', { name: 'Dashboard menu' });
      await expect(menu.getByRole('link')).toHaveText([...pages[role]]);
      await expect(page.getByRole('heading', { level: 1, name: pages[role][0] })).toBeVisible();
      if ((page.viewportSize()?.width ?? 0) < 640) {
        // A phone keeps the menu to one row, scrolled so that the current page's entry shows.
        expect((await menu.boundingBox())?.height).toBeLessThan(60);
        // The middle of the row, for the admin (whose row is wider than the screen).
        const [path, label] =
          role === 'admin' ? ['rent-roll', 'Rent roll'] : ['account', 'Account'];
        await page.goto(`/dashboard/${path}`);
        await expect(page.locator('html[data-app-ready]')).toBeAttached();
        await expect(menu.getByRole('link', { name: label, exact: true })).toBeInViewport({
          ratio: 1,
        });
        if (role === 'admin') {
          // Scrolled, not to either end: the entry was brought to the middle.
          const [left, most] = await menu
            .getByRole('list')
            .evaluate((list) => [list.scrollLeft, list.scrollWidth - list.clientWidth]);
          expect(left).toBeGreaterThan(0);
          expect(left).toBeLessThan(most ?? 0);
          // Both ends fade out, a sign that the row goes on.
          await expect(menu.getByRole('list')).toHaveAttribute('data-more', 'both');
        }
      }
      await page.goto(foreign[role]);
      await expect(page.getByRole('heading', { name: 'Access Denied!' })).toBeVisible();
    });
  }

  test('the admin profile shows the figures the server counts', async ({ page }) => {
    await loginAs(page, 'admin');
    await page.goto('/dashboard/adminProfile');
    await expect(page.getByText('Name: Nadia Rahman')).toBeVisible();
    // Other tests let and free apartments meanwhile, so check the figures agree with each other.
    const read = async (label: string) => {
      const text = (await figure(page, label).textContent()) ?? '';
      const match = /^([\d.]+)% \((\d+)\)$/.exec(text);
      expect(match, `${label}: ${text}`).not.toBeNull();
      return { percent: Number(match?.[1]), count: Number(match?.[2]) };
    };
    const occupied = await read('Occupied rooms');
    const available = await read('Available rooms');
    expect(occupied.count + available.count).toBe(24);
    expect(occupied.percent).toBe(Math.round((occupied.count / 24) * 1000) / 10);
    expect(occupied.count).toBeGreaterThanOrEqual(1);
    await expect(page.getByRole('img', { name: /Block A: \d+ of 8 occupied/ })).toBeVisible();
    // The rent chart names each month's amount as every page writes one ("48,000 BDT").
    const chart = page.getByRole('img', { name: /: \d{1,3}(,\d{3})+ BDT(;|$)/ });
    await chart.scrollIntoViewIfNeeded();
    await expect(chart).toBeVisible();
  });

  test('the admin finds any account on the Users page, with its role and latest request @mobile', async ({
    page,
  }) => {
    await loginAs(page, 'admin');
    await page.goto('/dashboard/users');
    const table = page.getByRole('table', { name: 'Users' });
    await expect(table.getByRole('row')).not.toHaveCount(1);
    await page.getByLabel('Name or email').fill('tanvir');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table).toContainText('Tanvir Hossain');
    await expect(table).toContainText('Member');
    await expect(table).toContainText('Lease · B-402');
    await page.getByLabel('Name or email').fill('former@structo.com');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(table).toContainText('Lease ended · A-603');
    // A former tenant's name opens his rent account; the way back keeps the search.
    await table.getByRole('link', { name: 'Rahim Uddin: rent account' }).click();
    await expect(page.getByRole('heading', { name: 'Rahim Uddin: rent account' })).toBeVisible();
    const menu = page.getByRole('navigation', { name: 'Dashboard menu' });
    await expect(menu.getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
    await page.getByRole('link', { name: '← Users' }).click();
    await expect(page).toHaveURL(/\/dashboard\/users\?q=former%40structo\.com$/);
    await expect(table).toContainText('Lease ended · A-603');
    // Someone who never held a lease has no rent account to open.
    await page.getByLabel('Name or email').fill('user@structo.com');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(table).toContainText('Farhana Akter');
    await expect(table.getByRole('link')).toHaveCount(0);
    await page.getByLabel('Role').selectOption('Admin');
    await expect(page.getByText('No account matches.')).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
    );
    expect(overflow).toBe(false);
  });

  test("the member profile shows the lease, with the spec's dates", async ({ page }) => {
    await page.clock.install({ time: new Date('2026-11-24T10:00:00+06:00') });
    await loginAs(page, 'member');
    await page.goto('/dashboard/myProfile');
    await expect(figure(page, 'Agreement signed')).toHaveText('10 Jan, 2025');
    await expect(figure(page, 'Agreement accepted')).toHaveText('12 Jan, 2025');
    await expect(figure(page, 'Room')).toHaveText('B-402');
    await expect(figure(page, 'Block')).toHaveText('B');
    await expect(figure(page, 'Floor')).toHaveText('4');
    // The spec's year-long term from February 2025 has run out; the lease runs on.
    await expect(figure(page, 'Lease starts')).toHaveText('01 Feb, 2025');
    await expect(figure(page, 'Lease ends')).toHaveText('31 Jan, 2026, then month to month');
    // Received by bank transfer when the lease was accepted (the demo's office record).
    await expect(figure(page, 'Deposit')).toHaveText('48,000 BDT, received');
    await expect(page.getByText('Your account and your lease.', { exact: true })).toBeVisible();
  });

  test('the admin sees the lease past its term run on month to month', async ({ page }) => {
    // The browser's day; the demo lease's term (February 2025 to January 2026) is fixed.
    await page.clock.install({ time: new Date('2026-11-24T10:00:00+06:00') });
    await loginAs(page, 'admin');
    await page.goto('/dashboard/rent-roll?q=B-402');
    const table = page.getByRole('table', { name: 'Rent roll' });
    await expect(table).toContainText('B-402 · month to month');
    await table.getByRole('link', { name: /^Rent account of .+, apartment B-402$/ }).click();
    const lease = page.getByRole('region', { name: 'Current lease' });
    await expect(
      lease.getByText('Term', { exact: true }).locator('xpath=following-sibling::dd[1]'),
    ).toHaveText('01 Feb, 2025 – 31 Jan, 2026, then month to month');
    // Renewing it offers a year from next month, to a month's end, and says the term is past.
    await lease.getByRole('button', { name: 'Renew lease' }).click();
    await expect(lease.getByLabel('New end date')).toHaveValue('2027-11-30');
    await expect(
      lease.getByText(
        'Its fixed term ended on 31 January 2026; it runs on month to month until renewed or ended.',
      ),
    ).toBeVisible();
  });

  test("a user's profile shows N/A for the lease", async ({ page }) => {
    await registerResident(page, 'Sadia Karim');
    await page.goto('/dashboard/myProfile');
    await expect(figure(page, 'Agreement signed')).toHaveText('N/A');
    await expect(figure(page, 'Room')).toHaveText('N/A');
    const requestPanel = page.getByRole('region', { name: 'No lease request yet' });
    await requestPanel.getByRole('link', { name: 'Browse apartments' }).click();
    await expect(page).toHaveURL(/\/apartment$/);
  });

  test("a former tenant's profile shows their last lease, without a grid of N/A @mobile", async ({
    page,
  }) => {
    await logInAsFormerTenant(page);
    await page.goto('/dashboard/myProfile');
    await expect(page.getByText('Your account and your last lease here.')).toBeVisible();
    const last = page.getByRole('region', { name: 'Your last lease' });
    await expect(last.getByText('Ended', { exact: true })).toBeVisible();
    await expect(last).toContainText(/Signed on \d\d \w{3}, \d{4}\./);
    await expect(page.getByRole('link', { name: 'Your payments and receipts' })).toBeVisible();
    await expect(page.getByText('Agreement signed', { exact: true })).toHaveCount(0);
    await expect(page.getByText('N/A', { exact: true })).toHaveCount(0);
  });

  test('a former tenant keeps Payment History and Maintenance in the menu, read-only @mobile', async ({
    page,
  }) => {
    await logInAsFormerTenant(page);
    await page.goto('/dashboard');
    const menu = page.getByRole('navigation', { name: 'Dashboard menu' });
    await expect(menu.getByRole('link')).toHaveText([
      'My Profile',
      'Payment History',
      'Maintenance',
      'Announcements',
      'Account',
    ]);
    // The card beside the menu (wide screens) names what he is now.
    if ((page.viewportSize()?.width ?? 0) >= 1024) {
      await expect(page.getByText('Former tenant · no current lease')).toBeVisible();
    }
    await menu.getByRole('link', { name: 'Payment History' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Payment History' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Payment History' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await menu.getByRole('link', { name: 'Maintenance' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Maintenance' })).toBeVisible();
    await expect(page.getByText('The requests you made while you rented here.')).toBeVisible();
    await expect(page.getByText(MAINTENANCE_MESSAGES.formerTenant)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Report a problem' })).toHaveCount(0);
  });

  test('each dashboard page names the browser tab after itself', async ({ page }) => {
    await loginAs(page, 'admin');
    for (const [path, heading] of [
      ['/dashboard/adminProfile', 'Admin Profile'],
      ['/dashboard/manage-members', 'Manage Members'],
      ['/dashboard/manage-coupons', 'Manage Coupons'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page).toHaveTitle(`${heading} · StructoMate`);
    }
  });

  test("the admin's own profile points to the building's figures", async ({ page }) => {
    await loginAs(page, 'admin');
    await page.goto('/dashboard/myProfile');
    await page
      .getByRole('region', { name: 'Profile' })
      .getByRole('link', { name: 'Admin Profile' })
      .click();
    await expect(page).toHaveURL(/\/dashboard\/adminProfile$/);
  });
});

test.describe('client session', () => {
  // These tests make the browser's own requests fail; the browser logs each failure.
  test.use({ expectedConsoleErrors: [/net::ERR_FAILED/] });

  test('tries 5 times, 1 s apart, then says so and shows nobody', async ({ page }) => {
    let attempts = 0;
    await page.route('**/api/session', (route) => {
      attempts += 1;
      return route.abort();
    });
    await page.goto('/dashboard');
    await expect(
      page.getByRole('status').filter({ hasText: 'Loading your account' }),
    ).toBeAttached();
    await expect(toast(page, 'Failed to fetch user data after retries.')).toBeVisible({
      timeout: 10_000,
    });
    expect(attempts).toBe(5);
    await expect(page).toHaveURL(/\/authentiction$/);
  });

  test('the account menu has the name, Home on phones, Dashboard and Logout @mobile', async ({
    page,
  }) => {
    await loginAs(page, 'member');
    await page.goto('/apartment');
    await openAccountMenu(page);
    const menu = page.getByRole('menu', { name: 'Account' });
    await expect(page.getByText('Tanvir Hossain').first()).toBeVisible();
    const phone = (page.viewportSize()?.width ?? 1000) < 640;
    await expect(menu.getByRole('menuitem', { name: 'Home' })).toBeVisible({ visible: phone });
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await openAccountMenu(page);
    await menu.getByRole('menuitem', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard\/myProfile$/);
  });
});

test.describe('leaving', () => {
  // Once the cookie is gone, the dashboard's read of the member's lease is refused until the page
  // moves to the login page.
  test.use({ expectedHttpErrors: [/^\/api\/member\/agreements$/] });

  test('Logout on a dashboard page goes home; a session ended otherwise still asks for a login @mobile', async ({
    page,
  }) => {
    await loginAs(page, 'member');
    await page.goto('/dashboard/myProfile');
    await page
      .getByRole('navigation', { name: 'Dashboard menu' })
      .getByRole('link', { name: 'Payment History' })
      .click();
    await expect(page.getByRole('heading', { name: 'Payment History' })).toBeVisible();
    await openAccountMenu(page);
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    const topLogin = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Login' });
    await expect(topLogin).toBeVisible();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);

    // Back to the dashboard, signed out (no reload): it asks for a login, which returns there.
    await page.goBack();
    await expect(page).toHaveURL(/\/authentiction$/);
    await page.getByLabel('Email').fill('member@structo.com');
    await page.getByLabel('Password', { exact: true }).fill('Member1234');
    // The page's reads must be answered before the cookie goes (else they are refused, not lost).
    const pageLoaded = Promise.all(
      ['/api/get/transactions', '/api/charges'].map((path) =>
        page.waitForResponse((response) => new URL(response.url()).pathname === path),
      ),
    );
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/paymentHistory$/);
    await pageLoaded;
    await expect(page.getByRole('heading', { name: 'Payment History' })).toBeVisible();

    // The session lost without the person's say (the cookie dropped): a login again.
    await page.context().clearCookies();
    // The tab comes back into view: the session is asked for again (refetchOnWindowFocus).
    await page.evaluate(() =>
      document.dispatchEvent(new Event('visibilitychange', { bubbles: true })),
    );
    await expect(page).toHaveURL(/\/authentiction$/);
  });
});
