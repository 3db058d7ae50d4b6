import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { addMonths, defaultStartDate, monthLabel } from '@structomate/contract';
import {
  accessibilityViolations,
  buildingDay,
  expect,
  registerResident,
  test,
  toast,
} from './fixtures';

/**
 * A landlord's first start (the `first-run` project: a server on an empty database, no demo
 * data). The server printed a set-up link; e2e/serve.ts saved it where this journey reads it.
 */
async function setupLink(): Promise<string> {
  const file = path.resolve(import.meta.dirname, '../.artifacts/e2e-setup-link.txt');
  const link = (await readFile(file, 'utf8')).trim();
  return new URL(link).hash;
}

/** A photo as a landlord's phone would take it: a JPEG, larger than the site keeps. */
const photo = async (name: string, rgb: [number, number, number]) => ({
  name,
  mimeType: 'image/jpeg',
  buffer: await sharp({
    create: {
      width: 1600,
      height: 1200,
      channels: 3,
      background: { r: rgb[0], g: rgb[1], b: rgb[2] },
    },
  })
    .jpeg()
    .toBuffer(),
});

const noSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

test.describe('first run', () => {
  // The wrong link's status check and the stale save are refusals the journey makes on purpose.
  test.use({ expectedHttpErrors: [/^\/api\/building$/] });

  test('the landlord claims the building with the set-up link, names it, edits its settings and adds apartments', async ({
    page,
    browser,
  }) => {
    // The whole first day of a landlord: set-up, settings, three apartments, on a server of its own.
    test.setTimeout(test.info().timeout * 6);
    const hash = await setupLink();

    // A wrong link claims nothing.
    await page.goto('/setup#token=not-the-link');
    await expect(page.getByRole('alert')).toContainText('This set-up link is not valid.');

    await page.goto(`/setup${hash}`);
    await expect(page.getByRole('heading', { name: 'Set up your building' })).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Create the admin account' }).click();
    await expect(page.getByText('Name is required', { exact: true })).toBeVisible();
    await expect(page.getByText('Building name is required')).toBeVisible();

    await page.getByLabel('Your name').fill('Nadia Rahman');
    await page.getByLabel('Email', { exact: true }).fill('nadia@lakeview.example');
    await page.getByLabel('Password', { exact: true }).fill('Landlord1');
    await page.getByLabel('Building name').fill('Lakeview Heights');
    await page.getByLabel('Address', { exact: true }).fill('14 Lake Road, Dhanmondi, Dhaka 1209');
    await page.getByLabel('Contact phone (optional)').fill('+880 2 5555 0100');
    await page.getByLabel('Facebook').fill('http://facebook.com/lakeview');
    await page.getByRole('button', { name: 'Create the admin account' }).click();
    await expect(page.getByText('Enter a full https:// address')).toBeVisible();
    await page.getByLabel('Facebook').fill('https://www.facebook.com/lakeview');
    await page.getByRole('button', { name: 'Create the admin account' }).click();

    // Signed in as the building's admin, under its name.
    await expect(
      toast(page, 'Welcome Nadia Rahman. Lakeview Heights is ready to run.'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/adminProfile$/);
    await expect(page.getByRole('link', { name: 'Lakeview Heights home' })).toBeVisible();
    const footer = page.locator('footer');
    await expect(footer).toContainText('© ');
    await expect(footer).toContainText('Lakeview Heights. All rights reserved.');
    await expect(footer.getByRole('link', { name: '+880 2 5555 0100' })).toHaveAttribute(
      'href',
      'tel:+880255550100',
    );
    await expect(
      footer.getByRole('link', { name: 'Lakeview Heights on Facebook' }),
    ).toHaveAttribute('href', 'https://www.facebook.com/lakeview');

    // The link is spent.
    await page.goto(`/setup${hash}`);
    await expect(page.getByRole('status')).toContainText('This building already has an admin');

    // Building settings: rename the building and add a link.
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Building settings' }).click();
    const form = page.getByRole('form', { name: 'Building settings' });
    await expect(form.getByLabel('Building name')).toHaveValue('Lakeview Heights');
    await expect(form.getByRole('button', { name: 'Save settings' })).toBeDisabled();
    expect(await accessibilityViolations(page)).toEqual([]);
    await form.getByLabel('Building name').fill('Lakeview Towers');
    await form.getByLabel('Instagram').fill('https://www.instagram.com/lakeview');
    await form.getByRole('button', { name: 'Save settings' }).click();
    await expect(toast(page, 'Building settings saved')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Lakeview Towers home' })).toBeVisible();
    await expect(
      page.locator('footer').getByRole('link', { name: 'Lakeview Towers on Instagram' }),
    ).toBeVisible();

    // Another tab saved meanwhile: this one is told, and reloads rather than overwriting.
    const other = await page.context().newPage();
    await other.goto('/dashboard/settings');
    const otherForm = other.getByRole('form', { name: 'Building settings' });
    await otherForm.getByLabel('Contact email (optional)').fill('office@lakeview.example');
    await form.getByLabel('Contact phone (optional)').fill('+880 2 5555 0199');
    await otherForm.getByRole('button', { name: 'Save settings' }).click();
    await expect(toast(other, 'Building settings saved')).toBeVisible();
    await form.getByRole('button', { name: 'Save settings' }).click();
    await expect(form.getByRole('alert')).toContainText(
      'Someone else changed these settings while you were editing. Reload to see their changes.',
    );
    await form.getByRole('button', { name: 'Reload' }).click();
    await expect(form.getByLabel('Contact email (optional)')).toHaveValue(
      'office@lakeview.example',
    );
    await expect(form.getByLabel('Contact phone (optional)')).toHaveValue('+880 2 5555 0100');
    await other.close();

    // The audit log shows who did all of it; the stale save changed nothing, so it is not there.
    await page.getByRole('link', { name: 'Audit log' }).click();
    const log = page.getByRole('table', { name: 'Audit log' });
    await expect(log.getByRole('row')).toHaveCount(4);
    await expect(log).toContainText(
      'Set up Lakeview Heights, with nadia@lakeview.example as its admin',
    );
    await expect(log).toContainText('Changed the building settings of Lakeview Towers');
    await expect(log).toContainText('from 127.0.0.1');
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByLabel('What', { exact: true }).selectOption('Building set up');
    await expect(log.getByRole('row')).toHaveCount(2);
    await expect(page.getByText('1 entry')).toBeVisible();

    // Apartments: an empty building has none, and the listing says so.
    await page.getByRole('link', { name: 'Apartments', exact: true }).click();
    await expect(page.getByText('No apartments yet.')).toBeVisible();
    await page.getByRole('link', { name: 'Add apartment' }).click();
    await page.getByRole('button', { name: 'Add apartment' }).click();
    await expect(page.getByText('Apartment number is required')).toBeVisible();
    await expect(page.getByText('Rent is required')).toBeVisible();
    await page.getByLabel('Apartment number').fill('L-101');
    await page.getByLabel('Block').fill('L');
    await page.getByLabel('Floor').fill('1');
    await page.getByLabel('Rent (BDT per month)').fill('32000');
    await page
      .getByLabel('Details')
      .fill('Two bedrooms facing the lake.\nA balcony off the living room.');
    await page
      .getByLabel('Add photos')
      .setInputFiles([
        await photo('living.jpg', [200, 160, 120]),
        await photo('bedroom.jpg', [60, 110, 140]),
      ]);
    const photos = page.getByRole('list', { name: 'Photos' });
    await expect(photos.getByRole('img')).toHaveCount(2);
    // The bedroom should lead: moved to the front, it is the one the listing shows.
    const second = await photos.getByRole('img').nth(1).getAttribute('src');
    await page.getByRole('button', { name: 'Move photo 2 earlier' }).click();
    await expect(photos.getByRole('img').first()).toHaveAttribute('src', second ?? '');
    await page.getByRole('button', { name: 'Add apartment' }).click();
    await expect(toast(page, 'Apartment L-101 added')).toBeVisible();
    const table = page.getByRole('table', { name: 'Apartments' });
    await expect(table.getByRole('row')).toHaveCount(2);

    // Two more from a spreadsheet: the bad row is shown with its reason and left out.
    await page.getByRole('link', { name: 'Import CSV' }).click();
    await page.getByLabel('CSV file').setInputFiles({
      name: 'apartments.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        [
          'Apartment No,Block,Floor,Rent,Details',
          'L-201,L,2,34000,"Three bedrooms, lake view"',
          'L-202,L,2,zero,Garden side',
          'l-101,L,1,30000,Already added',
          'L-301,L,3,36000,Top floor with a terrace',
        ].join('\n'),
      ),
    });
    await expect(page.getByText('4 rows: 2 ready to import, 2 with errors.')).toBeVisible();
    const rows = page.getByRole('table', { name: 'Rows in the file' });
    await expect(rows.getByRole('row', { name: /L-202/ })).toContainText(
      'Rent must be a whole number',
    );
    await expect(rows.getByRole('row', { name: /l-101/ })).toContainText(
      'Apartment l-101 already exists',
    );
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Import the 2 good rows' }).click();
    await expect(toast(page, '2 apartments imported')).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(4);
    await expect(table).toContainText('L-301');
    expect(await accessibilityViolations(page)).toEqual([]);

    // A visitor sees all three, the first with the photo the landlord put first.
    const visitor = await browser.newPage({ baseURL: test.info().project.use.baseURL });
    await visitor.goto('/apartment');
    await expect(visitor.getByRole('heading', { name: /^Apartment L-/ })).toHaveCount(3);
    await expect(visitor.getByRole('img', { name: 'Inside apartment L-101' })).toHaveAttribute(
      'src',
      second ?? '',
    );
    await expect(visitor.getByRole('img', { name: 'Inside apartment L-201' })).toHaveAttribute(
      'src',
      '/apartment-placeholder.svg',
    );
    await visitor.close();
    await page.getByRole('link', { name: 'Audit log' }).click();
    await expect(log).toContainText('Imported 2 apartments from a CSV file: L-201, L-301');
    await expect(log).toContainText('Added apartment L-101 (listed)');

    // A visitor signs for L-201 from the 1st of next month (the agreement page's default).
    const tenantPage = await browser.newPage({ baseURL: test.info().project.use.baseURL });
    await registerResident(tenantPage, 'Farhan Ahmed');
    const start = defaultStartDate(buildingDay());
    const firstMonth = start.slice(0, 7);
    const secondMonth = addMonths(firstMonth, 1);
    await tenantPage.goto('/apartment');
    await tenantPage
      .getByRole('article', { name: 'Apartment L-201' })
      .getByRole('link', { name: 'Rent This Apartment' })
      .click();
    await expect(tenantPage.getByLabel('Start date')).toHaveValue(start);
    await tenantPage.getByRole('button', { name: 'Apply' }).click();
    await expect(toast(tenantPage, /Agreement signed/)).toBeVisible();

    // The landlord accepts it.
    await page.getByRole('link', { name: 'Agreement Requests' }).click();
    const request = page.getByRole('article', { name: /^Request from Farhan Ahmed for apartment/ });
    await expect(request.getByLabel('Lease starts')).toHaveValue(start);
    // On a phone the request fits the screen (an email as long as this one widened it), with the
    // applicant's name whole.
    await page.setViewportSize({ width: 360, height: 780 });
    await expect(request.getByRole('heading', { name: 'Farhan Ahmed', exact: true })).toBeVisible();
    expect(await noSideways(page)).toBe(true);
    await page.setViewportSize({ width: 1366, height: 768 });
    await request.getByRole('button', { name: 'Accept' }).click();
    await expect(toast(page, 'Agreement Checked')).toBeVisible();

    // The tenant pays the first month by card (the sandbox's test card).
    await tenantPage.goto('/dashboard/payments');
    await expect(tenantPage.getByLabel('Month', { exact: true })).toHaveValue(firstMonth);
    await tenantPage.getByRole('button', { name: 'Pay', exact: true }).click();
    const dialog = tenantPage.getByRole('dialog');
    await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
    await dialog.getByLabel('Expiry').fill('1240');
    await dialog.getByLabel('CVC').fill('123');
    await dialog.getByLabel('ZIP').fill('12345');
    await dialog.getByRole('button', { name: 'Pay 34,000 BDT' }).click();
    await expect(toast(tenantPage, 'Payment Succeeded')).toBeVisible();

    // The landlord records the second month, paid in cash, from the rent roll.
    await page.getByRole('link', { name: 'Rent roll', exact: true }).click();
    const rollRow = page.getByRole('row').filter({ hasText: 'Farhan Ahmed' });
    await expect(rollRow).toContainText(monthLabel(firstMonth));
    await rollRow
      .getByRole('link', { name: 'Rent account of Farhan Ahmed, apartment L-201' })
      .click();
    const cash = page.getByRole('form', { name: 'Record a payment' });
    await cash.getByLabel('Method').selectOption({ label: 'Cash' });
    await cash.getByRole('checkbox', { name: new RegExp(monthLabel(secondMonth)) }).check();
    await cash.getByRole('button', { name: 'Record payment' }).click();
    await expect(toast(page, 'Payment recorded')).toBeVisible();

    // The rent roll and the audit log show all of it.
    await page.getByRole('link', { name: 'Rent roll', exact: true }).click();
    await expect(rollRow).toContainText(monthLabel(secondMonth));
    await expect(rollRow).toContainText('Paid up');
    await expect(page.getByLabel('Totals')).toContainText('34,000 BDT');
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Audit log' }).click();
    await expect(log).toContainText('Accepted Farhan Ahmed');
    await expect(log).toContainText(`Farhan Ahmed paid the rent of ${monthLabel(firstMonth)}`);
    await expect(log).toContainText(monthLabel(secondMonth));
    await tenantPage.close();

    // On a phone.
    const phone = await browser.newContext({
      baseURL: test.info().project.use.baseURL,
      viewport: { width: 360, height: 780 },
      storageState: await page.context().storageState(),
    });
    const small = await phone.newPage();
    await small.goto('/dashboard/settings');
    await expect(small.getByRole('form', { name: 'Building settings' })).toBeVisible();
    expect(await noSideways(small)).toBe(true);
    await small.goto('/dashboard/apartments');
    await expect(small.getByRole('table', { name: 'Apartments' })).toBeVisible();
    expect(await noSideways(small)).toBe(true);
    await small.goto('/dashboard/rent-roll');
    await expect(small.getByRole('table', { name: 'Rent roll' })).toContainText('Farhan Ahmed');
    // Its rent and paid-through columns are hidden on a phone: the tenant's cell says them.
    await expect(
      small.getByRole('row').filter({ hasText: 'Farhan Ahmed' }).getByRole('cell').first(),
    ).toContainText(`34,000 BDT a month · paid through ${monthLabel(secondMonth)}`);
    expect(await noSideways(small)).toBe(true);
    // The audit log's entries fit the phone's width, each with its time over it.
    await small.goto('/dashboard/audit');
    const smallLog = small.getByRole('table', { name: 'Audit log' });
    await expect(smallLog).toContainText('Accepted Farhan Ahmed');
    expect(
      await smallLog.evaluate(
        (table) => table.scrollWidth <= (table.parentElement?.clientWidth ?? 0),
      ),
    ).toBe(true);
    await expect(
      smallLog.getByRole('row').nth(1).locator('time').filter({ visible: true }),
    ).toHaveText(/^\d{2}:\d{2} [AP]M - \d{2} \w{3}, \d{4}$/);
    await small.goto('/');
    await expect(small.getByRole('link', { name: 'Lakeview Towers home' })).toBeVisible();
    expect(await noSideways(small)).toBe(true);
    await phone.close();
  });
});
