import {
  accessibilityViolations,
  expect,
  loginAs,
  test,
  textContrast,
  type DemoRole,
} from './fixtures';

/** Serious or critical axe findings (WCAG 2.1 AA) on every screen, as each role sees it. */
const screens: { role?: DemoRole; path: string; ready: string }[] = [
  { path: '/authentiction', ready: 'Log in to Home' },
  { path: '/authentiction/registration', ready: 'Make yourself way to Home' },
  { path: '/no-such-page', ready: 'Page Not Found' },
  { path: '/forgot-password', ready: 'Forgot password?' },
  { path: '/reset-password#token=expired', ready: 'Choose a new password' },
  { path: '/unsubscribe?token=abc&topic=rent', ready: 'Unsubscribe' },
  { path: '/confirm-email', ready: 'Confirm your email' },
  { role: 'member', path: '/dashboard/account', ready: 'Email notifications' },
  { role: 'user', path: '/dashboard/myProfile', ready: 'My Profile' },
  { role: 'user', path: '/dashboard/user-announcements', ready: 'Announcements' },
  { role: 'member', path: '/dashboard/payments', ready: 'Rent ledger' },
  { role: 'member', path: '/dashboard/paymentHistory', ready: 'Payment History' },
  { role: 'member', path: '/dashboard/member-announcements', ready: 'Announcements' },
  { role: 'member', path: '/dashboard/maintenance', ready: 'Maintenance' },
  { role: 'member', path: '/dashboard/maintenance/new', ready: 'Report a problem' },
  { role: 'user', path: '/dashboard/maintenance', ready: 'Maintenance' },
  { role: 'admin', path: '/dashboard/adminProfile', ready: 'Admin Profile' },
  { role: 'admin', path: '/dashboard/manage-members', ready: 'Manage Members' },
  { role: 'admin', path: '/dashboard/agreement-requests', ready: 'Agreement Requests' },
  { role: 'admin', path: '/dashboard/makeAnnouncements', ready: 'Make Announcement' },
  { role: 'admin', path: '/dashboard/manage-coupons', ready: 'Manage Coupons' },
  { role: 'admin', path: '/dashboard/apartments', ready: 'Apartments' },
  { role: 'admin', path: '/dashboard/apartments/new', ready: 'Add an apartment' },
  { role: 'admin', path: '/dashboard/apartments/import', ready: 'Import apartments' },
  { role: 'admin', path: '/dashboard/users', ready: 'Users' },
  { role: 'admin', path: '/dashboard/settings', ready: 'Building settings' },
  { role: 'admin', path: '/dashboard/audit', ready: 'Audit log' },
  { role: 'admin', path: '/dashboard/sent-mail', ready: 'Sent mail' },
  { role: 'admin', path: '/dashboard/maintenance', ready: 'Maintenance' },
  { role: 'admin', path: '/dashboard/maintenance-contacts', ready: 'Maintenance contacts' },
];

test.describe('accessibility', () => {
  test.use({ expectedHttpErrors: [/^\/no-such-page$/] });

  for (const screen of screens) {
    test(`${screen.path}${screen.role ? ` as ${screen.role}` : ''}`, async ({ page }) => {
      if (screen.role) await loginAs(page, screen.role);
      await page.goto(screen.path);
      await expect(page.getByRole('heading', { name: screen.ready }).first()).toBeVisible();
      // Let lists and figures arrive, so they are checked too.
      await page.waitForLoadState('networkidle');
      expect(await accessibilityViolations(page)).toEqual([]);
    });
  }

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
