import type { Page } from '@playwright/test';
import {
  accessibilityViolations,
  adminPage,
  atTime,
  expect,
  newMember,
  test,
  toast,
} from './fixtures';

/**
 * Renewing and ending a lease, on the clocked server (Dhaka times). Its days lie after every other
 * clocked journey's, so no admin of theirs closes this lease early.
 */
async function isAvailable(page: Page, apartmentNo: string) {
  const listing = await page.request.get('/api/apartments?limit=60');
  const { result } = (await listing.json()) as {
    result: { apartmentNo: string; available: boolean }[];
  };
  return result.find((flat) => flat.apartmentNo === apartmentNo)?.available;
}

test('the admin renews a lease with a new rent, then ends it on a day; the flat is free the next', async ({
  page,
  browser,
}) => {
  // Two browsers over four days of the building's calendar.
  test.slow();
  const flat = 'C-501';
  await atTime(page, '2028-02-01T10:00:00+06:00');
  const tenant = await newMember(page, 'Rina Akter', flat);

  // The admin finds her on the rent roll: February due today, nothing paid yet.
  const admin = await adminPage(browser, page);
  await admin.goto('/dashboard/rent-roll');
  await admin.getByLabel('Tenant or apartment').fill(flat);
  await admin.getByRole('button', { name: 'Search' }).click();
  const row = admin.getByRole('row').filter({ hasText: tenant.name });
  await expect(row).toContainText('Nothing paid');
  await expect(row).toContainText('72,000 BDT');
  await expect(admin.getByRole('row')).toHaveCount(2);
  expect(await accessibilityViolations(admin)).toEqual([]);
  await row
    .getByRole('link', { name: `Rent account of ${tenant.name}, apartment ${flat}` })
    .click();
  // The way back is the rent roll it was opened from, with its search.
  await expect(admin.getByRole('link', { name: '← Rent roll' })).toHaveAttribute(
    'href',
    `/dashboard/rent-roll?q=${flat}`,
  );
  // The menu marks the rent roll, where the account was opened from, not Manage Members.
  const menu = admin.getByRole('navigation', { name: 'Dashboard menu' });
  await expect(menu.getByRole('link', { name: 'Rent roll', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(menu.getByRole('link', { name: 'Manage Members' })).not.toHaveAttribute(
    'aria-current',
  );
  const lease = admin.getByRole('region', { name: 'Current lease' });
  await expect(lease).toContainText('1 Feb, 2028 – 31 Jan, 2029');
  expect(await accessibilityViolations(admin)).toEqual([]);

  // Renewed for a year, at a new rent from March (months already paid keep theirs).
  await lease.getByRole('button', { name: 'Renew lease' }).click();
  await expect(lease.getByLabel('New end date')).toHaveValue('2030-01-31');
  await lease.getByLabel('Change the rent').check();
  await lease.getByRole('button', { name: 'Renew lease' }).click();
  await expect(lease.getByText('Enter the new rent.')).toBeVisible();
  await lease.getByLabel('New rent (BDT a month)').fill('52000');
  await lease.getByLabel('From').selectOption({ label: 'March 2028' });
  await lease.getByRole('button', { name: 'Renew lease' }).click();
  await expect(toast(admin, 'Lease renewed to 31 January 2030.')).toBeVisible();
  await expect(lease).toContainText('1 Feb, 2028 – 31 Jan, 2030');
  await expect(lease.getByRole('list', { name: 'Rent changes' })).toContainText(
    'From March 2028: 52,000 BDT a month',
  );

  // She sees it on her profile.
  await page.goto('/dashboard/myProfile');
  await expect(page.getByText('31 Jan, 2030', { exact: true })).toBeVisible();
  await expect(page.getByText('52,000 BDT from March 2028')).toBeVisible();

  // She pays February and March in cash at the office.
  const cash = admin.getByRole('form', { name: 'Record a payment' });
  await cash.getByRole('checkbox', { name: /February 2028/ }).check();
  await cash.getByRole('checkbox', { name: /March 2028/ }).check();
  await expect(cash).toContainText('Total 124,000 BDT (2 months)');
  await cash.getByRole('button', { name: 'Record payment' }).click();
  await expect(toast(admin, 'Payment of 2 months recorded')).toBeVisible();
  await expect(lease).toContainText('Last month paidMarch 2028');

  // A second rent change can start only after the months paid: the form offers April on.
  await lease.getByRole('button', { name: 'Renew lease' }).click();
  await lease.getByLabel('Change the rent').check();
  const from = lease.getByLabel('From');
  await expect(from.locator('option').first()).toHaveText('April 2028');
  await expect(lease).toContainText(
    'Rent is paid for March 2028 at the current rent: the new one can start after it.',
  );
  await lease.getByRole('button', { name: 'Cancel' }).click();

  // Removing her would end the lease today, with March paid: Manage Members says so before
  // anything changes, and leads back to her rent account, where the lease ends on a day.
  await admin.goto('/dashboard/manage-members');
  await admin
    .getByRole('row')
    .filter({ hasText: tenant.email })
    .getByRole('button', { name: `Remove ${tenant.name}` })
    .click();
  const refused = admin.getByRole('dialog', { name: `${tenant.name} cannot be removed today` });
  await expect(refused).toContainText(
    'Rent is paid for March 2028: end the lease on 31 March 2028 instead (Balance → End lease), so the months paid are the tenant’s to live in.',
  );
  await expect(refused.getByRole('button', { name: 'Remove' })).toHaveCount(0);
  expect(await accessibilityViolations(admin)).toEqual([]);
  await refused.getByRole('button', { name: 'Open rent account' }).click();
  await expect(admin.getByRole('link', { name: '← Manage Members' })).toBeVisible();
  await expect(lease).toContainText('Last month paidMarch 2028');

  // The admin ends it: the notice (30 days) would end it on 2 March, but March is paid, so the
  // form offers its last day, the earliest the lease can end.
  await lease.getByRole('button', { name: 'End lease' }).click();
  const lastDay = lease.getByLabel('Last day of the lease');
  await expect(lastDay).toHaveValue('2028-03-31');
  await expect(lastDay).toHaveAttribute('min', '2028-03-31');
  await expect(lease).toContainText(
    "30 days' notice from today ends it on 2 March 2028. Rent is paid for March 2028, so it can end on 31 March 2028 at the earliest.",
  );
  // A day before it is refused at the field, before anyone is asked to confirm it.
  await lastDay.fill('2028-03-15');
  await lease.getByRole('button', { name: 'End lease on this day' }).click();
  await expect(lastDay).toHaveAccessibleDescription(
    /Rent is paid for March 2028: the lease can end on 31 March 2028 at the earliest, so the months paid are the tenant’s to live in\./,
  );
  await expect(admin.getByRole('dialog')).toHaveCount(0);
  await lastDay.fill('2028-03-31');
  await lease.getByRole('button', { name: 'End lease on this day' }).click();
  const confirm = admin.getByRole('dialog', { name: 'End the lease on 31 March 2028?' });
  await expect(confirm).toContainText(`apartment ${flat} is free to let`);
  await confirm.getByRole('button', { name: 'End lease' }).click();
  await expect(toast(admin, 'The lease ends on 31 March 2028.')).toBeVisible();
  await expect(lease.getByRole('status')).toContainText('This lease ends on 31 March 2028.');
  // The term shows the lease's real last day beside the end its term had.
  await expect(lease).toContainText(
    /Term01 Feb, 2028 – 31 Mar, 2028, before the term's end on \d\d \w{3}, \d{4}/,
  );
  await page.reload();
  await expect(page.getByText('31 Mar, 2028 (notice given)')).toBeVisible();

  // 31 March, late: still hers.
  await atTime(page, '2028-03-31T23:00:00+06:00');
  expect(await isAvailable(page, flat)).toBe(false);
  await page.goto('/dashboard/payments');
  await expect(page.getByRole('heading', { name: 'Rent ledger' })).toBeVisible();

  // 1 April: the flat is free; she is a resident again, her receipts kept.
  await atTime(page, '2028-04-01T09:00:00+06:00');
  expect(await isAvailable(page, flat)).toBe(true);
  await page.goto('/dashboard/myProfile');
  await expect(
    page.getByText(`Your lease of apartment ${flat} ended on 31 Mar, 2028.`),
  ).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);

  await atTime(admin, '2028-04-01T09:05:00+06:00');
  await admin.goto('/dashboard/audit');
  await expect(
    admin.getByText(`The lease of Rina Akter for apartment ${flat} ended on 31 March 2028`),
  ).toBeVisible();
  await expect(
    admin.getByText(`Ended the lease of Rina Akter for apartment ${flat} on 31 March 2028`),
  ).toBeVisible();
  await admin.context().close();
});
