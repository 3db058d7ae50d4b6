import type { Locator, Page } from '@playwright/test';
import { request } from '@playwright/test';
import { MONTH_NAMES } from '@structomate/contract';
import { expect, loginAs, newMember, test } from './fixtures';

const toast = (page: Page, text: string | RegExp) => page.locator('.Toastify').getByText(text);
const now = new Date();
const thisMonth = MONTH_NAMES[now.getUTCMonth()] ?? 'January';
const thisYear = now.getUTCFullYear();

async function fillCard(dialog: Locator, number: string) {
  await dialog.getByLabel('Card number').fill(number);
  await dialog.getByLabel('Expiry').fill(`12${String(thisYear + 2).slice(2)}`);
  await dialog.getByLabel('CVC').fill('123');
  await dialog.getByLabel('ZIP').fill('12345');
}

async function openPayment(page: Page) {
  await page.goto('/dashboard/payments');
  await expect(page.getByLabel('Month', { exact: true })).toHaveValue(thisMonth);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('To pay')).toBeVisible();
  return dialog;
}

test.describe('rent payments (sandbox)', () => {
  // The expired coupon is a 400 from the server, shown in the modal.
  test.use({ expectedHttpErrors: [/^\/api\/create-payment-intent$/] });

  test("the demo member pays this month's rent with 4242 and cannot pay it twice", async ({
    page,
  }) => {
    await loginAs(page, 'member');
    await page.goto('/dashboard/payments');
    for (const [label, value] of [
      ['Email', 'member@structo.com'],
      ['Floor', '4'],
      ['Block name', 'B'],
      ['Apartment number', 'B-402'],
      ['Rent (BDT per month)', '48,000'],
    ] as const) {
      await expect(page.getByLabel(label, { exact: true })).toHaveValue(value);
      await expect(page.getByLabel(label, { exact: true })).toHaveAttribute('readonly');
    }
    await expect(page.getByText('You owe 48,000 BDT (1 month)')).toBeVisible();

    const dialog = await openPayment(page);
    await expect(
      dialog.getByRole('heading', { name: `Payment of ${thisMonth} 48,000 BDT` }),
    ).toBeVisible();
    await expect(
      dialog.getByText(
        'Use the test card 4242 4242 4242 4242, any 3-digit CVC, any future date and any 5-digit ZIP.',
      ),
    ).toBeVisible();
    await expect(dialog.getByText('Test mode')).toBeVisible();

    // An expired coupon is refused with its date.
    await dialog.getByLabel('Coupon code (optional)').fill('structo25');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog.getByText('Coupon STRUCTO25 expired on February 5, 2025.')).toBeVisible();
    // Editing the code takes the old verdict away.
    await dialog.getByLabel('Coupon code (optional)').fill('');
    await expect(dialog.getByText('Coupon STRUCTO25 expired on February 5, 2025.')).toBeHidden();

    // Incomplete card details get Stripe's wording before anything is sent.
    await dialog.getByRole('button', { name: /^Pay / }).click();
    await expect(dialog.getByText('Your card number is incomplete.')).toBeVisible();

    await fillCard(dialog, '4242 4242 4242 4242');
    await expect(dialog.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');
    await dialog.getByRole('button', { name: 'Pay 48,000 BDT' }).click();
    await expect(toast(page, 'Payment Succeeded')).toBeVisible();
    await expect(dialog).toBeHidden();

    // The ledger and the month picker know; the same month cannot be paid again, and the picker
    // moves on to the next month (December has none after it in the list).
    await expect(page.getByText('All paid up')).toBeVisible();
    await expect(page.getByRole('option', { name: `${thisMonth} (paid)` })).toBeDisabled();
    const nextMonth = MONTH_NAMES[now.getUTCMonth() + 1];
    await expect(page.getByLabel('Month', { exact: true })).toHaveValue(nextMonth ?? thisMonth);

    await page.getByRole('link', { name: 'Payment History' }).click();
    const row = page.getByRole('row').filter({ hasText: `${thisMonth} ${thisYear}` });
    await expect(row).toContainText('48,000 BDT');
    await expect(row).toContainText(/pi_sbx_[0-9a-f]{24}/);
    await expect(row).toContainText(/\d\d:\d\d (AM|PM), \d\d \w{3}, \d{4}/);
    await row.getByRole('link', { name: `Receipt for ${thisMonth} ${thisYear}` }).click();
    await expect(page.getByRole('heading', { name: 'Rent receipt' })).toBeVisible();
    for (const text of [
      'Tanvir Hossain',
      'B-402, block B, floor 4',
      `${thisMonth} ${thisYear}`,
      'None',
      'Card chargeUSD 48,000.00',
    ]) {
      await expect(page.getByRole('article')).toContainText(text);
    }
    await expect(page.getByRole('button', { name: 'Print receipt' })).toBeVisible();
  });

  test.describe('a declined card', () => {
    test.use({ expectedHttpErrors: [/^\/api\/sandbox\/confirm$/] });

    test('shows its message and records nothing', async ({ page }) => {
      await newMember(page, 'Mahmud Karim', 'B-802');
      const dialog = await openPayment(page);
      await expect(
        dialog.getByRole('heading', { name: `Payment of ${thisMonth} 98,000 BDT` }),
      ).toBeVisible();
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

  test("a new member gets a valid coupon's discount on the first payment, once", async ({
    page,
  }) => {
    // The admin makes a coupon (not featured, so the home page stays as it is).
    const code = `NEW${Date.now().toString(36).slice(-5).toUpperCase()}`;
    const admin = await request.newContext({ baseURL: test.info().project.use.baseURL });
    await admin.post('/api/login', { data: { email: 'admin@structo.com', password: 'Admin1234' } });
    const created = await admin.post('/api/create/coupons', {
      data: {
        newCoupon: {
          heading: 'Welcome home',
          description: 'First rent',
          percentage: 20,
          code,
          validity: `${thisYear + 1}-12-31`,
        },
      },
    });
    expect(created.status()).toBe(201);
    await admin.dispose();

    await newMember(page, 'Imran Hossain', 'A-801');
    const dialog = await openPayment(page);
    await expect(
      dialog.getByRole('heading', { name: `Payment of ${thisMonth} 125,000 BDT` }),
    ).toBeVisible();
    await dialog.getByLabel('Coupon code (optional)').fill(code.toLowerCase());
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog.getByText(`Coupon ${code} (20%)`)).toBeVisible();
    await expect(dialog.getByTestId('amount-to-pay')).toHaveText('100,000 BDT');
    await fillCard(dialog, '4242 4242 4242 4242');
    await dialog.getByRole('button', { name: 'Pay 100,000 BDT' }).click();
    await expect(toast(page, 'Payment Succeeded')).toBeVisible();

    await page.getByRole('link', { name: 'Payment History' }).click();
    const row = page.getByRole('row').filter({ hasText: `${thisMonth} ${thisYear}` });
    await expect(row).toContainText('100,000 BDT');
    await expect(row).toContainText(code);

    // The coupon has been used: next month's payment cannot take it again.
    const again = await page.request.post('/api/create-payment-intent', {
      data: {
        month: `${thisYear + (now.getUTCMonth() === 11 ? 1 : 0)}-${String(((now.getUTCMonth() + 1) % 12) + 1).padStart(2, '0')}`,
        coupon: code,
      },
    });
    expect(again.status()).toBe(409);
    expect(((await again.json()) as { error: { message: string } }).error.message).toBe(
      `You have already used coupon ${code}.`,
    );
  });

  test('the rent page works on a phone @mobile', async ({ page }, testInfo) => {
    // Each browser project rents a flat of its own.
    await newMember(page, 'Sadia Noor', testInfo.project.name === 'mobile' ? 'C-704' : 'A-202');
    const dialog = await openPayment(page);
    await expect(dialog.getByLabel('Card number')).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
    );
    expect(overflow, 'the page scrolls sideways').toBe(false);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText(/You owe [\d,]+ BDT \(1 month\)/)).toBeVisible();
  });
});
