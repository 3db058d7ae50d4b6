import type { Page } from '@playwright/test';
import {
  accessibilityViolations,
  adminPage,
  atTime,
  buildingDay,
  expect,
  newMember,
  test,
  toast,
  type Resident,
} from './fixtures';

/**
 * Money the admin takes by hand, on the clocked server: rent paid by bKash for two months and the
 * security deposit received and partly given back, as the admin records them on the tenant's rent
 * account, and as the tenant then sees them. Times are Dhaka's.
 */

/** Saves a full-page picture of the page at `width` for a person to look at. */
async function picture(page: Page, name: string, width: number) {
  await page.setViewportSize({ width, height: 800 });
  await page.screenshot({
    path: test.info().outputPath(`${name}-${width}.png`),
    fullPage: true,
  });
}

/** The admin opens the tenant's rent account from Manage Members. */
async function openRentAccount(admin: Page, tenant: Resident) {
  await admin.goto('/dashboard/manage-members');
  await admin
    .getByRole('row')
    .filter({ hasText: tenant.email })
    .getByRole('link', { name: `Rent account of ${tenant.name}` })
    .click();
}

test.describe('rent and deposits recorded by hand', () => {
  // Wrong dates and a refund beyond what is held are refused by the server, at the field.
  test.use({ expectedHttpErrors: [/^\/api\/tenants\/[^/]+\/(payments|deposits)$/] });

  test('the admin records two months paid by bKash and the deposit; the tenant gets receipts', async ({
    page,
    browser,
  }) => {
    // Two browsers, several forms: the slow budget of the other two-browser journeys.
    test.slow();
    const now = '2026-12-03T11:00:00+06:00';
    await atTime(page, now);
    const tenant = await newMember(page, 'Rahim Uddin', 'C-403');
    // The tenant's profile says the deposit the lease asks for has not been received yet.
    await page.goto('/dashboard/myProfile');
    await expect(
      page.getByText('29,500 BDT, not received yet: pay it at the building office', {
        exact: true,
      }),
    ).toBeVisible();

    const admin = await adminPage(browser, page);
    await openRentAccount(admin, tenant);
    await expect(
      admin.getByRole('heading', { name: `${tenant.name}: rent account` }),
    ).toBeVisible();
    await expect(admin.getByText('Owes 29,500 BDT (1 month)')).toBeVisible();

    // Record a payment: the date received is the building's today unless changed.
    const form = admin.getByRole('form', { name: 'Record a payment' });
    await expect(form.getByLabel('Date received')).toHaveValue(buildingDay(now));
    await form.getByLabel('Method').selectOption({ label: 'bKash' });
    await form.getByLabel('Reference (optional)').fill('8N7QX2KD');
    // No month ticked: refused at the months, and the first of them takes the focus.
    await form.getByRole('button', { name: 'Record payment' }).click();
    await expect(form.getByText('Choose at least one month')).toBeVisible();
    await expect(form.getByRole('checkbox', { name: /December 2026/ })).toBeFocused();
    await form.getByRole('checkbox', { name: /December 2026/ }).check();
    await form.getByRole('checkbox', { name: /January 2027/ }).check();
    await expect(form).toContainText('Total 59,000 BDT (2 months)');
    // A day after today is refused by the server, at the date.
    await form.getByLabel('Date received').fill('2026-12-04');
    await form.getByRole('button', { name: 'Record payment' }).click();
    await expect(form.getByText('The date cannot be after today')).toBeVisible();
    await expect(form.getByLabel('Date received')).toHaveAttribute('aria-invalid', 'true');
    await form.getByLabel('Date received').fill('2026-12-03');
    await form.getByRole('button', { name: 'Record payment' }).click();
    await expect(toast(admin, 'Payment of 2 months recorded')).toBeVisible();
    await expect(admin.getByText('All paid up')).toBeVisible();
    const payments = admin.getByRole('region', { name: 'Payments', exact: true });
    await expect(payments.getByRole('listitem')).toHaveCount(2);
    await expect(payments).toContainText('Paid by bKash · ref 8N7QX2KD · received 3 Dec 2026');

    // The deposit: agreed in the lease, received in full by bank transfer, then partly refunded.
    const deposit = admin.getByRole('region', { name: 'Deposit · Apartment C-403' });
    await expect(deposit).toContainText('Agreed in the lease29,500 BDT');
    await expect(deposit).toContainText('Held now0 BDT');
    await expect(deposit.getByLabel('Amount (BDT)')).toHaveValue('29500');
    await deposit.getByLabel('Method').selectOption({ label: 'Bank transfer' });
    await deposit.getByLabel('Reference (optional)').fill('DBBL 1183');
    await deposit.getByRole('button', { name: 'Record deposit received' }).click();
    await expect(toast(admin, 'Deposit received recorded')).toBeVisible();
    await expect(deposit).toContainText('Held now29,500 BDT');
    await expect(deposit).toContainText('Received 3 Dec 2026');
    await deposit.getByLabel('Deposit refunded').check();
    await expect(deposit.getByLabel('Amount (BDT)')).toHaveValue('29500');
    await deposit.getByLabel('Amount (BDT)').fill('30000');
    await deposit.getByRole('button', { name: 'Record refund' }).click();
    await expect(
      deposit.getByText('Only 29,500 BDT of the deposit is held: a refund cannot be more'),
    ).toBeVisible();
    await deposit.getByLabel('Amount (BDT)').fill('5000');
    await deposit.getByRole('button', { name: 'Record refund' }).click();
    await expect(toast(admin, 'Deposit refund recorded')).toBeVisible();
    await expect(deposit).toContainText('Held now24,500 BDT');
    await expect(deposit).toContainText('−5,000 BDT');
    expect(await accessibilityViolations(admin)).toEqual([]);
    await picture(admin, 'rent-account', 1366);
    await picture(admin, 'rent-account', 360);
    await admin.setViewportSize({ width: 1366, height: 768 });

    // The admin opens a receipt: the same as a card payment's, saying how it was paid.
    await payments.getByRole('link', { name: 'Receipt for December 2026' }).click();
    const receipt = admin.getByRole('article');
    await expect(receipt.getByRole('heading', { name: 'Rent receipt' })).toBeVisible();
    await expect(receipt).toContainText('Paid bybKash · ref 8N7QX2KD · received 3 Dec 2026');
    await expect(receipt).toContainText(/Transaction IDBKASH-[0-9A-Z]{10}/);
    await picture(admin, 'admin-receipt', 360);
    await admin.getByRole('link', { name: '← Rent account' }).click();
    await expect(
      admin.getByRole('heading', { name: `${tenant.name}: rent account` }),
    ).toBeVisible();

    // The tenant: the deposit received, less what was given back, on their profile.
    await page.goto('/dashboard/myProfile');
    await expect(page.getByText('29,500 BDT; 24,500 BDT held', { exact: true })).toBeVisible();
    // Both months paid, in Payment History, each with its receipt.
    await page.goto('/dashboard/paymentHistory');
    const history = page.getByRole('table');
    await expect(history.getByRole('row')).toHaveCount(3);
    await expect(
      history.getByText('Paid by bKash · ref 8N7QX2KD · received 3 Dec 2026').first(),
    ).toBeVisible();
    await history.getByRole('link', { name: 'Receipt for January 2027' }).click();
    await expect(page.getByRole('article')).toContainText('MonthJanuary 2027');
    await expect(page.getByRole('article')).toContainText('Amount paid29,500 BDT');
    await expect(page.getByRole('article')).toContainText('Paid bybKash');
    expect(await accessibilityViolations(page)).toEqual([]);

    // The refund was recorded by mistake (the tenant never took the money): the admin undoes it.
    await deposit.getByRole('button', { name: 'Undo “Refunded 3 Dec 2026”, 5,000 BDT' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Undo this deposit refund?' });
    await expect(dialog).toContainText(
      '“Refunded 3 Dec 2026”: 5,000 BDT by cash. Undone, it counts as held again: the deposit then holds 29,500 BDT.',
    );
    await dialog.getByRole('button', { name: 'Undo refund' }).click();
    await expect(dialog.getByText('Say why the payment is undone')).toBeVisible();
    await expect(dialog.getByLabel('Reason')).toBeFocused();
    expect(await accessibilityViolations(admin)).toEqual([]);
    await dialog.getByLabel('Reason').fill('The tenant never took the money');
    await dialog.getByRole('button', { name: 'Undo refund' }).click();
    await expect(
      toast(admin, 'The deposit refund is undone: it counts as held again.'),
    ).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(deposit.getByRole('heading', { name: 'Deposit · Apartment C-403' })).toBeFocused();
    await expect(deposit).toContainText('Held now29,500 BDT');
    await expect(deposit).toContainText('Cash · undone 3 Dec 2026');
    await expect(deposit).toContainText(
      'Refund undone 3 Dec 2026Recorded by mistake: The tenant never took the money+5,000 BDT',
    );
    // Undone once: neither the refund nor its undo can be undone now; the receipt still can.
    await expect(deposit.getByRole('button', { name: /^Undo/ })).toHaveCount(1);
    await picture(admin, 'deposit-undone', 360);
    await admin.setViewportSize({ width: 1366, height: 768 });

    // The tenant's profile holds the whole deposit again, and the mail says why.
    await page.goto('/dashboard/myProfile');
    await expect(page.getByText('29,500 BDT, received', { exact: true })).toBeVisible();
    await admin.goto('/dashboard/sent-mail');
    await admin.getByLabel('Address or subject').fill(tenant.email);
    const subject = 'Correction: 5,000 BDT of your deposit was not given back';
    const row = admin.getByRole('row').filter({ hasText: subject });
    await expect(async () => {
      await admin.getByRole('button', { name: 'Search' }).click();
      await expect(row).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await row.getByRole('link', { name: subject }).click();
    await expect(
      admin
        .frameLocator('iframe[title^="The email"]')
        .getByText('The office’s reason: The tenant never took the money'),
    ).toBeVisible();
    await admin.context().close();
  });

  test('the admin undoes a month recorded by mistake, with a reason; the month is unpaid again and the tenant is told why', async ({
    page,
    browser,
  }) => {
    test.slow();
    await atTime(page, '2026-12-05T11:00:00+06:00');
    const tenant = await newMember(page, 'Salma Khatun', 'A-301');
    const admin = await adminPage(browser, page);
    await openRentAccount(admin, tenant);

    // December is paid in cash; January is ticked by mistake.
    const form = admin.getByRole('form', { name: 'Record a payment' });
    await form.getByRole('checkbox', { name: /December 2026/ }).check();
    await form.getByRole('checkbox', { name: /January 2027/ }).check();
    await form.getByRole('button', { name: 'Record payment' }).click();
    await expect(toast(admin, 'Payment of 2 months recorded')).toBeVisible();
    await expect(admin.getByText('All paid up')).toBeVisible();

    const payments = admin.getByRole('region', { name: 'Payments', exact: true });
    const januaryReceipt = await payments
      .getByRole('link', { name: 'Receipt for January 2027' })
      .getAttribute('href');
    const januaryId = januaryReceipt?.split('/').at(-1) ?? '';
    expect(januaryId).toMatch(/^[0-9a-f-]{36}$/);
    await payments.getByRole('button', { name: 'Undo the payment of January 2027' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Undo the payment of January 2027?' });
    await expect(dialog).toContainText('January 2027 is unpaid again');
    await dialog.getByRole('button', { name: 'Undo payment' }).click();
    await expect(dialog.getByText('Say why the payment is undone')).toBeVisible();
    await expect(dialog.getByLabel('Reason')).toHaveAttribute('aria-invalid', 'true');
    expect(await accessibilityViolations(admin)).toEqual([]);
    await dialog
      .getByLabel('Reason')
      .fill('January was ticked by mistake: only December was paid.');
    await dialog.getByRole('button', { name: 'Undo payment' }).click();
    await expect(
      toast(admin, 'The payment of January 2027 is undone: the month is unpaid again.'),
    ).toBeVisible();
    await expect(dialog).toBeHidden();
    // The row is gone: focus is on the list's heading, not lost to the page.
    await expect(payments.getByRole('heading', { name: 'Payments' })).toBeFocused();
    await expect(payments.getByRole('listitem')).toHaveCount(1);
    await expect(payments).toContainText('December 2026');
    // December stays, and can still be undone.
    await expect(payments.getByRole('button', { name: /^Undo/ })).toHaveCount(1);

    // The tenant: January is not in the history any more, and the mail says why.
    await page.goto('/dashboard/paymentHistory');
    const history = page.getByRole('table');
    await expect(history.getByRole('row')).toHaveCount(2);
    await expect(history).toContainText('December 2026');
    await expect(history).not.toContainText('January 2027');
    // The link of January's receipt, as its email had it, says why it leads nowhere.
    await page.goto(`/dashboard/paymentHistory/${januaryId}`);
    await expect(page.getByRole('heading', { name: 'Receipt not found' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText(
      'A payment the office recorded and then undid has none any more: you were told why by email.',
    );

    await admin.goto('/dashboard/sent-mail');
    await admin.getByLabel('Address or subject').fill(tenant.email);
    const row = admin
      .getByRole('row')
      .filter({ hasText: 'Correction: the rent for January 2027 is shown as unpaid again' });
    await expect(async () => {
      await admin.getByRole('button', { name: 'Search' }).click();
      await expect(row).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await row
      .getByRole('link', { name: 'Correction: the rent for January 2027 is shown as unpaid again' })
      .click();
    const mail = admin.frameLocator('iframe[title^="The email"]');
    await expect(
      mail.getByText('The office’s reason: January was ticked by mistake: only December was paid.'),
    ).toBeVisible();
    await admin.context().close();
  });

  test('the admin pays a month from the deposit, never more than it holds; undone, the deposit holds it again', async ({
    page,
    browser,
  }) => {
    test.slow();
    const now = '2026-12-04T11:00:00+06:00';
    await atTime(page, now);
    const tenant = await newMember(page, 'Karim Ahmed', 'B-601');
    const admin = await adminPage(browser, page);
    await openRentAccount(admin, tenant);
    const form = admin.getByRole('form', { name: 'Record a payment' });
    // No deposit held yet: it is not offered as a way to pay.
    await expect(form.getByLabel('Method').getByRole('option')).toHaveText([
      'Cash',
      'Bank transfer',
      'bKash',
      'Nagad',
    ]);

    // The deposit the lease asks for, received in cash.
    const deposit = admin.getByRole('region', { name: 'Deposit · Apartment B-601' });
    await expect(deposit.getByLabel('Amount (BDT)')).toHaveValue('67500');
    await deposit.getByRole('button', { name: 'Record deposit received' }).click();
    await expect(toast(admin, 'Deposit received recorded')).toBeVisible();
    await expect(deposit).toContainText('Held now67,500 BDT');

    // Two months are more than it holds: refused at the months, nothing recorded.
    await form.getByLabel('Method').selectOption({ label: 'Security deposit (67,500 BDT held)' });
    await expect(form.getByLabel('Date paid')).toHaveValue(buildingDay(now));
    await form.getByRole('checkbox', { name: /December 2026/ }).check();
    await form.getByRole('checkbox', { name: /January 2027/ }).check();
    await expect(form).toContainText(
      'Total 135,000 BDT (2 months; 67,500 BDT held in the deposit)',
    );
    await form.getByRole('button', { name: 'Record payment' }).click();
    await expect(
      form.getByText(
        'The deposit holds 67,500 BDT: not enough for 135,000 BDT of rent. Choose fewer months.',
      ),
    ).toBeVisible();
    await form.getByRole('checkbox', { name: /January 2027/ }).uncheck();
    await form.getByLabel('Reference (optional)').fill('Kept for December');
    await form.getByRole('button', { name: 'Record payment' }).click();
    await expect(toast(admin, 'Payment recorded')).toBeVisible();
    const payments = admin.getByRole('region', { name: 'Payments', exact: true });
    await expect(payments).toContainText(
      'Paid from the security deposit · ref Kept for December · on 4 Dec 2026',
    );
    await expect(deposit).toContainText('Held now0 BDT');
    await expect(deposit).toContainText('Rent of December 2026');
    await expect(deposit).toContainText('Paid from the deposit 4 Dec 2026');
    // Nothing is left to pay from: the form offers the ways money comes again.
    await expect(form.getByLabel('Method')).toHaveValue('cash');
    await expect(form.getByLabel('Method').getByRole('option')).toHaveCount(4);
    expect(await accessibilityViolations(admin)).toEqual([]);
    await picture(admin, 'deposit-rent', 1366);
    await picture(admin, 'deposit-rent', 360);
    await admin.setViewportSize({ width: 1366, height: 768 });

    // The tenant's profile says where the deposit went; their history, how December was paid.
    await page.goto('/dashboard/myProfile');
    await expect(page.getByText('67,500 BDT, used for your rent', { exact: true })).toBeVisible();
    await page.goto('/dashboard/paymentHistory');
    await expect(
      page
        .getByRole('table')
        .getByText('Paid from the security deposit · ref Kept for December · on 4 Dec 2026'),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Receipt for December 2026' }).click();
    await expect(page.getByRole('article')).toContainText(
      'Paid fromthe security deposit · ref Kept for December · on 4 Dec 2026',
    );
    await expect(page.getByRole('article')).toContainText(
      'Paid from this lease’s security deposit.',
    );

    // Undone (the tenant paid in cash after all): December is owed and the deposit holds it again.
    await payments.getByRole('button', { name: 'Undo the payment of December 2026' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Undo the payment of December 2026?' });
    await expect(dialog).toContainText(
      '67,500 BDT from the security deposit, on 04 Dec, 2026. Undone, it leaves the books and December 2026 is unpaid again, and its rent is held in the deposit again.',
    );
    await dialog.getByLabel('Reason').fill('The tenant paid December in cash after all.');
    await dialog.getByRole('button', { name: 'Undo payment' }).click();
    await expect(dialog).toBeHidden();
    await expect(deposit).toContainText('Held now67,500 BDT');
    await expect(deposit).not.toContainText('Rent of December 2026');
    await expect(admin.getByText('Owes 67,500 BDT (1 month)')).toBeVisible();
    await admin.context().close();
  });
});
