import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { request } from '@playwright/test';
import {
  accessibilityViolations,
  adminPage,
  atTime,
  expect,
  loginAs,
  newMember,
  openDashboardPage,
  test,
  timeHeaders,
  toast,
  type Resident,
} from './fixtures';

/**
 * Rent, on the clocked server: every journey sets the date it happens on (the server's, through
 * X-Test-Clock, and the browser's), so none depends on today's date. Times are Dhaka's.
 */

async function fillCard(dialog: Locator, number: string) {
  await dialog.getByLabel('Card number').fill(number);
  await dialog.getByLabel('Expiry').fill('1240');
  await dialog.getByLabel('CVC').fill('123');
  await dialog.getByLabel('ZIP').fill('12345');
}

/** Opens the rent page, checks the month it opens on, and opens the payment modal. */
async function openPayment(page: Page, month: { value: string; label: string }) {
  await page.goto('/dashboard/payments');
  const picker = page.getByLabel('Month', { exact: true });
  await expect(picker).toHaveValue(month.value);
  await expect(picker.locator('option:checked')).toHaveText(month.label);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('To pay')).toBeVisible();
  return dialog;
}

async function payWith4242(page: Page, dialog: Locator, amount: string) {
  await fillCard(dialog, '4242 4242 4242 4242');
  await dialog.getByRole('button', { name: `Pay ${amount}` }).click();
  await expect(dialog).toBeHidden();
  // An earlier payment's toast may still be showing too.
  await expect(toast(page, 'Payment Succeeded').first()).toBeVisible();
}

test.describe('rent payments (sandbox, on a clock of their own)', () => {
  // The expired coupon is a 400 from the server, shown in the modal.
  test.use({ expectedHttpErrors: [/^\/api\/create-payment-intent$/] });

  test('on the 23rd a new member pays the overdue month with 4242, once', async ({ page }) => {
    await atTime(page, '2026-11-01T10:00:00+06:00');
    await newMember(page, 'Mahmud Karim', 'B-802');
    await atTime(page, '2026-11-23T10:00:00+06:00');
    await page.goto('/dashboard/payments');
    for (const [label, value] of [
      ['Floor', '8'],
      ['Block name', 'B'],
      ['Apartment number', 'B-802'],
      ['Rent (BDT per month)', '98,000'],
    ] as const) {
      await expect(page.getByLabel(label, { exact: true })).toHaveValue(value);
      await expect(page.getByLabel(label, { exact: true })).toHaveAttribute('readonly');
    }
    // Rent was due on the 1st: on the 23rd the month is overdue, not merely due.
    await expect(page.getByText('You owe 98,000 BDT (1 month, overdue)')).toBeVisible();
    const ledger = page.getByRole('region', { name: 'Rent ledger' });
    await expect(ledger.getByRole('listitem').filter({ hasText: 'November 2026' })).toContainText(
      'Overdue',
    );

    const dialog = await openPayment(page, { value: '2026-11', label: 'November 2026 (overdue)' });
    await expect(
      dialog.getByRole('heading', { name: 'Payment of November 2026 98,000 BDT' }),
    ).toBeVisible();
    await expect(
      dialog.getByText(
        'Use the test card 4242 4242 4242 4242, any 3-digit CVC, any future date and any 5-digit ZIP.',
      ),
    ).toBeVisible();
    await expect(dialog.getByText('Test mode')).toBeVisible();
    // Taka are charged as taka: no second currency line.
    await expect(dialog.getByTestId('card-charge')).toHaveCount(0);

    // An expired coupon is refused with its date; editing the code takes the verdict away.
    await dialog.getByLabel('Coupon code (optional)').fill('structo25');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog.getByText('Coupon STRUCTO25 expired on February 5, 2025.')).toBeVisible();
    await dialog.getByLabel('Coupon code (optional)').fill('');
    await expect(dialog.getByText('Coupon STRUCTO25 expired on February 5, 2025.')).toBeHidden();

    // Incomplete card details get Stripe's wording before anything is sent.
    await dialog.getByRole('button', { name: /^Pay / }).click();
    await expect(dialog.getByText('Your card number is incomplete.')).toBeVisible();
    await payWith4242(page, dialog, '98,000 BDT');

    // Paid: the ledger and the picker know, and move on to December.
    await expect(page.getByText('All paid up')).toBeVisible();
    const picker = page.getByLabel('Month', { exact: true });
    await expect(picker).toHaveValue('2026-12');
    await expect(picker.locator('option', { hasText: 'November 2026' })).toHaveCount(0);
    // The page says what was paid, with its receipt a click away.
    const paid = page.getByRole('status').filter({ hasText: 'November 2026 is paid' });
    await expect(paid).toHaveText(/^November 2026 is paid: 98,000 BDT\.\s*View receipt$/);
    expect(await accessibilityViolations(page)).toEqual([]);
    await paid.getByRole('link', { name: 'View receipt' }).click();
    await expect(page.getByRole('heading', { name: 'Rent receipt' })).toBeVisible();
    await expect(page.getByRole('article')).toContainText('MonthNovember 2026');

    await page.getByRole('link', { name: '← Payment History' }).click();
    const row = page.getByRole('row').filter({ hasText: 'November 2026' });
    await expect(row).toContainText('98,000 BDT');
    await expect(row).toContainText(/pi_sbx_[0-9a-f]{24}/);
    await expect(row).toContainText('10:00 AM, 23 Nov, 2026');
    await row.getByRole('link', { name: 'Receipt for November 2026' }).click();
    await expect(page.getByRole('heading', { name: 'Rent receipt' })).toBeVisible();
    for (const text of [
      'Mahmud Karim',
      'B-802, block B, floor 8',
      'MonthNovember 2026',
      'DiscountNone',
      'Amount paid98,000 BDT',
      // Charged in taka: the amount is the one paid, not repeated in another style.
      'Paid byCard',
    ]) {
      await expect(page.getByRole('article')).toContainText(text);
    }
    await expect(page.getByRole('article')).not.toContainText('Card charge');
  });

  test.describe('a declined card', () => {
    test.use({ expectedHttpErrors: [/^\/api\/sandbox\/confirm$/] });

    test('shows its message and records nothing', async ({ page }) => {
      await atTime(page, '2026-11-01T09:00:00+06:00');
      await newMember(page, 'Nusrat Jahan', 'C-801');
      await atTime(page, '2026-11-05T09:00:00+06:00');
      const dialog = await openPayment(page, {
        value: '2026-11',
        label: 'November 2026 (overdue)',
      });
      for (const [number, message] of [
        ['4000 0000 0000 0002', 'Your card was declined.'],
        ['4000 0000 0000 9995', 'Your card has insufficient funds.'],
        ['4242 4242 4242 4241', 'Your card number is invalid.'],
      ] as const) {
        await fillCard(dialog, number);
        await dialog.getByRole('button', { name: /^Pay / }).click();
        await expect(dialog.getByText(message)).toBeVisible();
      }
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('link', { name: 'Payment History' }).click();
      await expect(page.getByText('No payment History available.')).toBeVisible();
    });
  });

  test.describe('two tabs', () => {
    // The tab whose payment the other tab replaced is refused by the processor (409).
    test.use({ expectedHttpErrors: [/^\/api\/sandbox\/confirm$/] });

    test('paying one month at once end with one payment', async ({ page }) => {
      await atTime(page, '2026-11-01T20:00:00+06:00');
      await newMember(page, 'Farid Uddin', 'A-603');
      await atTime(page, '2026-11-10T20:00:00+06:00');
      const other = await page.context().newPage();
      const [first, second] = await Promise.all([
        openPayment(page, { value: '2026-11', label: 'November 2026 (overdue)' }),
        openPayment(other, { value: '2026-11', label: 'November 2026 (overdue)' }),
      ]);
      await fillCard(first, '4242 4242 4242 4242');
      await fillCard(second, '4242 4242 4242 4242');
      await Promise.all([
        first.getByRole('button', { name: 'Pay 45,500 BDT' }).click(),
        second.getByRole('button', { name: 'Pay 45,500 BDT' }).click(),
      ]);
      // Both tabs were paying the same payment: it went through once, and both say so.
      await expect(first).toBeHidden();
      await expect(second).toBeHidden();
      await page.goto('/dashboard/paymentHistory');
      await expect(page.getByRole('row').filter({ hasText: 'November 2026' })).toHaveCount(1);
      await expect(page.getByRole('row')).toHaveCount(2);
    });

    test("a tab whose payment the other tab changed cannot pay it; the other's goes through", async ({
      page,
      browser,
    }) => {
      await atTime(page, '2026-11-01T12:00:00+06:00');
      await newMember(page, 'Rupa Akhter', 'C-704');
      await atTime(page, '2026-11-12T12:00:00+06:00');
      const admin = await request.newContext({
        baseURL: test.info().project.use.baseURL,
        extraHTTPHeaders: timeHeaders(page),
      });
      await admin.post('/api/login', {
        data: { email: 'admin@structo.com', password: 'Admin1234' },
      });
      const code = `TAB${Date.now().toString(36).slice(-5).toUpperCase()}`;
      const created = await admin.post('/api/create/coupons', {
        data: {
          newCoupon: {
            heading: 'Two tabs',
            description: 'Test offer',
            percentage: 10,
            code,
            validity: '2027-12-31',
          },
        },
      });
      expect(created.status()).toBe(201);
      await admin.dispose();

      const other = await page.context().newPage();
      const stale = await openPayment(page, { value: '2026-11', label: 'November 2026 (overdue)' });
      const fresh = await openPayment(other, {
        value: '2026-11',
        label: 'November 2026 (overdue)',
      });
      await fresh.getByLabel('Coupon code (optional)').fill(code);
      await fresh.getByRole('button', { name: 'Apply' }).click();
      await expect(fresh.getByTestId('amount-to-pay')).toHaveText('52,650 BDT');

      await fillCard(stale, '4242 4242 4242 4242');
      await stale.getByRole('button', { name: 'Pay 58,500 BDT' }).click();
      await expect(
        stale.getByText(
          'This payment was changed or settled after this window opened, so it can no longer be paid here. Close this window and open the payment again to see what is due.',
        ),
      ).toBeVisible();
      await payWith4242(other, fresh, '52,650 BDT');
      await other.goto('/dashboard/paymentHistory');
      const rows = other.getByRole('row').filter({ hasText: 'November 2026' });
      await expect(rows).toHaveCount(1);
      await expect(rows).toContainText('52,650 BDT');
      // The discount's breakdown keeps the table inside its box: no Receipt link out of view.
      const box = other.locator('div.overflow-x-auto').filter({ has: other.getByRole('table') });
      expect(await box.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(
        true,
      );

      // Manage Coupons tells the office what the code has given: one payment, 5,850 BDT off.
      const office = await adminPage(browser, page);
      await office.goto('/dashboard/manage-coupons');
      await expect(
        office.getByRole('row').filter({ has: office.getByText(code, { exact: true }) }),
      ).toContainText('Used once · 5,850 BDT off');
      await office.context().close();
    });
    test('a tab left open at the old rent cannot pay once the office renews at a new rent; opened again, it asks the new rent', async ({
      page,
    }) => {
      await atTime(page, '2026-11-01T15:00:00+06:00');
      await newMember(page, 'Selim Reza', 'B-102');
      await atTime(page, '2026-11-14T15:00:00+06:00');
      const stale = await openPayment(page, { value: '2026-11', label: 'November 2026 (overdue)' });
      await expect(stale.getByTestId('amount-to-pay')).toHaveText('21,000 BDT');

      // Meanwhile the office renews the lease, at 22,500 BDT from November.
      const lease = await page.request.post('/api/member/agreements', { data: {} });
      const leaseId = ((await lease.json()) as { result: { _id: string } }).result._id;
      const admin = await request.newContext({
        baseURL: test.info().project.use.baseURL,
        extraHTTPHeaders: timeHeaders(page),
      });
      await admin.post('/api/login', {
        data: { email: 'admin@structo.com', password: 'Admin1234' },
      });
      const renewed = await admin.post(`/api/admin/leases/${leaseId}/renew`, {
        data: { endDate: '2028-10-31', rent: 22_500, rentFrom: '2026-11' },
      });
      expect(renewed.status(), await renewed.text()).toBe(200);
      await admin.dispose();

      // The open tab cannot charge the old amount (before, it was charged and refunded).
      await fillCard(stale, '4242 4242 4242 4242');
      await stale.getByRole('button', { name: 'Pay 21,000 BDT' }).click();
      await expect(
        stale.getByText(
          'This payment was changed or settled after this window opened, so it can no longer be paid here. Close this window and open the payment again to see what is due.',
        ),
      ).toBeVisible();
      const fresh = await openPayment(page, { value: '2026-11', label: 'November 2026 (overdue)' });
      await expect(fresh.getByTestId('amount-to-pay')).toHaveText('22,500 BDT');
      await payWith4242(page, fresh, '22,500 BDT');
      await page.goto('/dashboard/paymentHistory');
      const rows = page.getByRole('row').filter({ hasText: 'November 2026' });
      await expect(rows).toHaveCount(1);
      await expect(rows).toContainText('22,500 BDT');
    });
  });

  test("in January, last December's arrears are paid first", async ({ page }) => {
    await atTime(page, '2026-12-10T11:00:00+06:00');
    await newMember(page, 'Tahmina Sultana', 'A-502');
    await atTime(page, '2027-01-06T11:00:00+06:00');
    await page.goto('/dashboard/payments');
    await expect(page.getByText('You owe 113,000 BDT (2 months, overdue)')).toBeVisible();
    const picker = page.getByLabel('Month', { exact: true });
    // The picker lists the open months oldest first, across years, grouped by year.
    await expect(picker.locator('optgroup')).toHaveCount(2);
    await expect(picker.locator('option').first()).toHaveText('December 2026 (overdue)');
    await expect(picker.locator('option').nth(1)).toHaveText('January 2027 (overdue)');
    await expect(picker.locator('option').last()).toHaveText('December 2027 (upcoming)');

    const december = await openPayment(page, {
      value: '2026-12',
      label: 'December 2026 (overdue)',
    });
    await expect(
      december.getByRole('heading', { name: 'Payment of December 2026 56,500 BDT' }),
    ).toBeVisible();
    await payWith4242(page, december, '56,500 BDT');
    await expect(picker).toHaveValue('2027-01');
    await expect(page.getByText('You owe 56,500 BDT (1 month, overdue)')).toBeVisible();
    const ledger = page.getByRole('region', { name: 'Rent ledger' });
    await expect(ledger.getByRole('listitem').filter({ hasText: 'December 2026' })).toContainText(
      'Paid',
    );
  });

  test('a lease starting later this month owes nothing before its first day, then its first month', async ({
    page,
    browser,
  }) => {
    await atTime(page, '2026-11-10T11:00:00+06:00');
    await newMember(page, 'Shapla Begum', 'B-703', { startDate: '2026-11-20' });
    await page.goto('/dashboard/payments');
    // November may be paid ahead, but is not owed before the 20th.
    await expect(page.getByText('Nothing owed yet')).toBeVisible();
    const picker = page.getByLabel('Month', { exact: true });
    await expect(picker).toHaveValue('2026-11');
    await expect(picker.locator('option:checked')).toHaveText('November 2026 (upcoming)');
    const ledger = page.getByRole('region', { name: 'Rent ledger' });
    await expect(ledger.getByRole('listitem').filter({ hasText: 'November 2026' })).toContainText(
      /due 20 Nov/,
    );
    await expect(ledger).toContainText('Billed monthly from November 2026.');
    const admin = await adminPage(browser, page);
    const members = async () => {
      await admin.goto('/dashboard/manage-members');
      return admin.getByRole('row').filter({ hasText: 'Shapla Begum' });
    };
    await expect(
      (await members()).getByRole('link', {
        name: 'Starts 20 Nov, 2026, rent account of Shapla Begum',
      }),
    ).toBeVisible();

    // On the 20th, the lease starts and November is owed: the page says so, not when it starts.
    await atTime(page, '2026-11-20T11:00:00+06:00');
    await atTime(admin, '2026-11-20T11:00:00+06:00');
    await page.goto('/dashboard/payments');
    await expect(page.getByText(/^You owe [\d,]+ BDT \(1 month\)$/)).toBeVisible();
    await expect(picker.locator('option:checked')).toHaveText('November 2026 (due)');
    await expect(ledger).toContainText('Every month billed since November 2026.');
    await expect(
      (await members()).getByRole('link', {
        name: /^Owes [\d,]+ BDT, rent account of Shapla Begum$/,
      }),
    ).toBeVisible();
    await admin.context().close();
  });

  test('a lease ended before its first day bills nothing: the removal, the former tenant and the rent roll say so', async ({
    page,
    browser,
  }) => {
    await atTime(page, '2026-11-10T11:00:00+06:00');
    const tenant = await newMember(page, 'Mitu Akter', 'C-204', { startDate: '2026-11-20' });
    const admin = await adminPage(browser, page);
    await admin.goto('/dashboard/manage-members');
    const row = admin.getByRole('row').filter({ hasText: tenant.email });
    await row.getByRole('button', { name: `Remove ${tenant.name}` }).click();
    const dialog = admin.getByRole('dialog');
    await expect(dialog).toContainText(
      'Their lease of apartment C-204, due to start on 20 Nov, 2026, ends today and bills no rent; the apartment becomes available',
    );
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect(toast(admin, `${tenant.name} removed`)).toBeVisible();

    // Weeks later, nothing was billed: her profile and the rent roll say so, not "paid".
    await atTime(page, '2026-12-15T11:00:00+06:00');
    await atTime(admin, '2026-12-15T11:00:00+06:00');
    await page.goto('/dashboard/myProfile');
    await expect(page.getByRole('region', { name: 'Rent of your last lease' })).toContainText(
      'Your lease of apartment C-204 ended on 10 Nov, 2026, before it started. No rent was billed.',
    );
    await admin.goto('/dashboard/rent-roll?q=C-204');
    const rollRow = admin.getByRole('row').filter({ hasText: tenant.name });
    await expect(rollRow).toContainText('From 20 Nov, 2026, ended 10 Nov, 2026 before it started');
    await expect(rollRow).toContainText('Nothing billed');
    await expect(rollRow).toContainText('No rent billed');
    await expect(rollRow).not.toContainText('Paid up');
    await admin.context().close();
  });

  test('in December, once December is paid, next January is paid ahead', async ({ page }) => {
    await atTime(page, '2027-12-01T18:00:00+06:00');
    await newMember(page, 'Arif Chowdhury', 'C-501');
    await atTime(page, '2027-12-02T18:00:00+06:00');
    const december = await openPayment(page, {
      value: '2027-12',
      label: 'December 2027 (overdue)',
    });
    await payWith4242(page, december, '72,000 BDT');
    await expect(page.getByText('All paid up')).toBeVisible();
    await expect(page.getByLabel('Month', { exact: true })).toHaveValue('2028-01');
    // The list stops 11 months on, and says so.
    await expect(page.getByLabel('Month', { exact: true })).toHaveAccessibleDescription(
      'You can pay up to 11 months ahead.',
    );
    await expect(page.getByLabel('Month', { exact: true }).locator('option').last()).toHaveText(
      'November 2028 (upcoming)',
    );
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    const january = page.getByRole('dialog');
    await expect(
      january.getByRole('heading', { name: 'Payment of January 2028 72,000 BDT' }),
    ).toBeVisible();
    await payWith4242(page, january, '72,000 BDT');
    const ledger = page.getByRole('region', { name: 'Rent ledger' });
    await expect(ledger.getByRole('listitem').filter({ hasText: 'January 2028' })).toContainText(
      'Paid',
    );
    await expect(page.getByLabel('Month', { exact: true })).toHaveValue('2028-02');
  });

  test('a removed tenant sees the rent and repairs they still owe and pays the rent; the admin sees it too', async ({
    page,
    browser,
  }) => {
    // Two browsers and a payment, like the leasing journey: 25 s of a 30 s budget in CI.
    test.slow();
    await atTime(page, '2026-09-15T12:00:00+06:00');
    const tenant: Resident = await newMember(page, 'Kamal Hasan', 'C-302');
    // Granted on the 15th, his first month falls due that day: due, not yet overdue.
    const september = await openPayment(page, {
      value: '2026-09',
      label: 'September 2026 (due)',
    });
    await payWith4242(page, september, '44,500 BDT');

    // November 23rd: the admin removes him, with October and November unpaid, and a repair
    // charged to him (reported and costed through the API: the maintenance journey does it on
    // screen).
    await atTime(page, '2026-11-23T10:00:00+06:00');
    const admin = await adminPage(browser, page);
    const reported = await page.request.post('/api/maintenance/requests', {
      data: {
        category: 'plumbing',
        title: 'Broken tap',
        description: 'The kitchen tap broke when I turned it.',
        location: 'Kitchen',
        urgency: 'routine',
        entryPermission: true,
      },
    });
    expect(reported.status(), await reported.text()).toBe(201);
    const { _id: repairId } = (await reported.json()) as { _id: string };
    const costed = await admin.request.post(`/api/admin/maintenance/${repairId}/costs`, {
      data: {
        kind: 'parts',
        description: 'Kitchen tap',
        amount: 1_500,
        chargeTenant: true,
        key: randomUUID(),
      },
    });
    expect(costed.status(), await costed.text()).toBe(200);
    // His deposit, paid at the office the day he moved in, stays with the building.
    const lease = (await (await page.request.post('/api/member/agreements')).json()) as {
      result: { _id: string; tenant_id: string };
    };
    const recordDeposit = async (kind: 'received' | 'refunded', date: string) => {
      const response = await admin.request.post(`/api/tenants/${lease.result.tenant_id}/deposits`, {
        data: {
          agreementId: lease.result._id,
          kind,
          amount: 20_000,
          method: 'cash',
          date,
          key: randomUUID(),
        },
      });
      expect(response.status(), await response.text()).toBe(201);
    };
    await recordDeposit('received', '2026-09-15');
    await admin.goto('/dashboard/manage-members');
    const row = admin.getByRole('row').filter({ hasText: tenant.email });
    // Rent and the repair charge, each named.
    await expect(row.getByRole('link', { name: `Rent account of ${tenant.name}` })).toHaveText(
      'Owes 89,000 BDT + 1,500 BDT charges',
    );
    await row.getByRole('button', { name: `Remove ${tenant.name}` }).click();
    await expect(admin.getByRole('dialog')).toContainText(
      'The 89,000 BDT of rent and 1,500 BDT in other charges they owe stay on their account.',
    );
    await admin.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await expect(toast(admin, `${tenant.name} removed`)).toBeVisible();
    const former = admin.getByRole('region', { name: 'Former tenants who still owe' });
    const formerRow = former.getByRole('row').filter({ hasText: tenant.email });
    await expect(formerRow).toContainText('C-302');
    await expect(formerRow).toContainText('23 Nov, 2026');
    await expect(formerRow).toContainText('90,500 BDT');
    await expect(formerRow).toContainText('2 months and 1 charge');
    // The deposit the building still holds, which his rent could be paid from.
    await expect(formerRow).toContainText('Deposit held: 20,000 BDT');
    // The member's record: every month of his rent.
    await formerRow.getByRole('link', { name: tenant.name }).click();
    await expect(
      admin.getByRole('heading', { name: `${tenant.name}: rent account` }),
    ).toBeVisible();
    await expect(admin.getByText('Owes 89,000 BDT (2 months, overdue)')).toBeVisible();
    await expect(
      admin
        .getByRole('navigation', { name: 'Dashboard menu' })
        .getByRole('link', { name: 'Manage Members' }),
    ).toHaveAttribute('aria-current', 'page');
    await expect(admin.getByText(/Apartment C-302 · block C, floor 3/)).toBeVisible();
    expect(await accessibilityViolations(admin)).toEqual([]);

    // He is a resident again; his profile shows what he owes, and he pays it by card.
    await page.goto('/dashboard/myProfile');
    const owed = page.getByRole('region', { name: 'Rent still owed' });
    await expect(owed).toContainText('Your lease of apartment C-302 ended on 23 Nov, 2026.');
    await expect(owed).toContainText('You owe 89,000 BDT (2 months, overdue)');
    await expect(owed).toContainText(
      'The building still holds 20,000 BDT of your deposit: ask the office about it.',
    );
    const repairs = page.getByText(
      'You also owe 1,500 BDT in charges besides rent, paid at the building office.',
    );
    await expect(repairs).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
    for (const month of ['October 2026', 'November 2026']) {
      await owed.getByRole('button', { name: `Pay ${month}` }).click();
      const dialog = page.getByRole('dialog');
      await expect(
        dialog.getByRole('heading', { name: `Payment of ${month} 44,500 BDT` }),
      ).toBeVisible();
      await payWith4242(page, dialog, '44,500 BDT');
    }
    await expect(page.getByRole('region', { name: 'Rent of your last lease' })).toContainText(
      'All its rent is paid. The building still holds 20,000 BDT of your deposit: ask the office about it.',
    );
    await expect(repairs).toBeVisible();
    await page.getByRole('link', { name: 'Your payments and receipts' }).click();
    await expect(page.getByRole('row')).toHaveCount(4);

    await admin.reload();
    await expect(admin.getByText('All paid up')).toBeVisible();
    // Still among former tenants who owe, for the repair alone.
    await admin.goto('/dashboard/manage-members');
    await expect(formerRow).toContainText('1,500 BDT');
    await expect(formerRow).toContainText('1 charge');
    await expect(formerRow).not.toContainText('month');

    // The office gives his deposit back: his profile says so.
    await recordDeposit('refunded', '2026-11-23');
    await page.goto('/dashboard/myProfile');
    await expect(page.getByRole('region', { name: 'Rent of your last lease' })).toContainText(
      'All its rent is paid. Your deposit was given back.',
    );
    await admin.context().close();
  });

  test.describe('when the lease cannot be loaded', () => {
    test.use({ expectedHttpErrors: [/^\/api\/member\/agreements$/] });

    test('the rent page says so and offers to try again, instead of spinning', async ({ page }) => {
      await atTime(page, '2026-11-23T10:00:00+06:00');
      await loginAs(page, 'member');
      let failing = true;
      await page.route('**/api/member/agreements', (route) =>
        failing
          ? route.fulfill({
              status: 500,
              json: { error: { code: 'INTERNAL', message: 'Something went wrong' } },
            })
          : route.continue(),
      );
      // Opened from the menu, the page asks the browser's way for the lease (a page loaded by its
      // address may arrive drawn by the server with it).
      await page.goto('/dashboard/myProfile');
      await openDashboardPage(page, 'Make Payment');
      await expect(page.getByRole('alert')).toContainText('Your lease could not be loaded.');
      failing = false;
      await page.getByRole('button', { name: 'Try again' }).click();
      await expect(page.getByRole('heading', { name: 'Rent ledger' })).toBeVisible();
    });
  });

  test('the rent page works on a phone @mobile', async ({ page }, testInfo) => {
    await atTime(page, '2026-11-01T10:00:00+06:00');
    // Each browser project rents a flat of its own.
    await newMember(
      page,
      'Sadia Noor',
      testInfo.project.name === 'clocked-mobile' ? 'A-101' : 'A-202',
    );
    await atTime(page, '2026-11-23T10:00:00+06:00');
    const dialog = await openPayment(page, { value: '2026-11', label: 'November 2026 (overdue)' });
    await expect(dialog.getByLabel('Card number')).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
    );
    expect(overflow, 'the page scrolls sideways').toBe(false);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText(/You owe [\d,]+ BDT \(1 month, overdue\)/)).toBeVisible();
  });
});
