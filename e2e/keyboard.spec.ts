import type { Locator, Page } from '@playwright/test';
import {
  adminPage,
  atTime,
  expect,
  registerResident,
  test,
  toast,
  type Resident,
} from './fixtures';

/**
 * The journeys that matter most, with the keyboard alone: Tab to each control, type, Enter or
 * Space, never a click. At every stop on the way the focused control must show that it has focus
 * (an outline or a ring of its own or of the field around it), so "visible focus" is checked on
 * every control these pages put in the tab order before the one wanted, the header's included.
 * On the clocked server: the rent that falls due depends on the day, which the test sets.
 */

/** What shows focus on the focused element, or why nothing does. */
async function focusIndicator(page: Page): Promise<{ shown: boolean; what: string }> {
  return page.evaluate(() => {
    const focused = document.activeElement;
    if (!focused || focused === document.body) return { shown: true, what: 'the page' };
    const what = `${focused.tagName.toLowerCase()} "${(
      focused.getAttribute('aria-label') ??
      (focused as HTMLElement).innerText ??
      ''
    )
      .trim()
      .slice(0, 40)}"`;
    // The element itself, or the field wrapper daisyUI draws the ring on (:focus-within).
    for (let element: Element | null = focused, up = 0; element && up < 3; up += 1) {
      const style = getComputedStyle(element);
      const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 1;
      if (outline || style.boxShadow !== 'none') return { shown: true, what };
      element = element.parentElement;
    }
    return { shown: false, what };
  });
}

/** Presses Tab until `target` has focus, checking on the way that every stop shows its focus. */
async function tabTo(page: Page, target: Locator, { backwards = false } = {}) {
  const unseen: string[] = [];
  for (let presses = 0; presses < 80; presses += 1) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const { shown, what } = await focusIndicator(page);
    if (!shown) unseen.push(what);
    if (await target.evaluate((element) => element === document.activeElement)) {
      expect(unseen, 'controls whose focus cannot be seen').toEqual([]);
      return;
    }
  }
  throw new Error(`80 presses of Tab never reached ${target.toString()}`);
}

async function logInByKeyboard(page: Page, resident: Resident) {
  await page.goto('/authentiction');
  await expect(page.getByRole('heading', { name: /log ?in/i }).first()).toBeVisible();
  await tabTo(page, page.getByLabel('Email'));
  await page.keyboard.type(resident.email);
  await tabTo(page, page.getByLabel('Password', { exact: true }));
  await page.keyboard.type(resident.password);
  await tabTo(page, page.getByRole('button', { name: 'Login', exact: true }));
  await page.keyboard.press('Enter');
}

test.describe(() => {
  // The journey's first card is declined on purpose.
  test.use({ expectedHttpErrors: [/^\/api\/sandbox\/confirm$/] });

  test('with the keyboard alone: log in, sign for an apartment, be accepted, pay the rent', async ({
    page,
    browser,
  }) => {
    // Four journeys in two browsers, one key at a time.
    test.slow();
    await atTime(page, '2026-05-01T10:00:00+06:00');
    const resident = await registerResident(page, 'Keyboard Tenant');
    await page.context().clearCookies();

    // Log in.
    await logInByKeyboard(page, resident);
    await expect(
      page.getByRole('button', { name: 'Account menu for Keyboard Tenant' }),
    ).toBeVisible();

    // Sign the agreement for A-701.
    const listing = await page.request.get('/api/apartments?limit=60');
    const { result } = (await listing.json()) as { result: { _id: string; apartmentNo: string }[] };
    const apartment = result.find((candidate) => candidate.apartmentNo === 'A-701');
    await page.goto(`/apartment/${apartment?._id}`);
    // The field offers the 1st of next month; she moves in today, typed as the field's segments.
    const start = page.getByLabel('Start date');
    await expect(start).toHaveValue('2026-06-01');
    await tabTo(page, start);
    // Typed a few years out first: beyond the year ahead the field says so and Apply waits.
    await page.keyboard.type('05012030');
    await expect(start).toHaveValue('2030-05-01');
    await expect(page.getByText('Choose a day from today up to a year ahead.')).toBeVisible();
    await expect(start).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('button', { name: 'Apply' })).toBeDisabled();
    // The year's segment keeps focus: typed again.
    await page.keyboard.type('2026');
    await expect(start).toHaveValue('2026-05-01');
    await expect(page.getByText('The lease starts on May 1, 2026')).toBeVisible();
    await tabTo(page, page.getByRole('button', { name: 'Apply' }));
    await page.keyboard.press('Enter');
    await expect(toast(page, /Agreement signed/)).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/myProfile$/);

    // The admin accepts it.
    const admin = await adminPage(browser, page);
    await admin.goto('/dashboard/agreement-requests');
    const request = admin
      .getByRole('article', { name: /^Request from Keyboard Tenant for apartment A-701/ })
      .filter({ hasText: resident.email });
    await expect(request).toBeVisible();
    await tabTo(admin, request.getByRole('button', { name: 'Accept' }));
    await admin.keyboard.press('Enter');
    await expect(toast(admin, 'Agreement Checked')).toBeVisible();
    await expect(request).toHaveCount(0);
    await admin.context().close();

    // The new member pays May's rent.
    await page.goto('/dashboard/payments');
    await expect(page.getByText('You owe 61,000 BDT (1 month')).toBeVisible();
    await tabTo(page, page.getByRole('button', { name: 'Pay', exact: true }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('To pay')).toBeVisible();
    for (const [label, typed] of [
      ['Card number', '4000000000000002'],
      ['Expiry', '1240'],
      ['CVC', '123'],
      ['ZIP', '12345'],
    ] as const) {
      await tabTo(page, dialog.getByLabel(label));
      await page.keyboard.type(typed);
    }
    const pay = dialog.getByRole('button', { name: /^Pay / });
    await tabTo(page, pay);
    await page.keyboard.press('Enter');
    // A declined card: the reason is announced and the focus stays on Pay (a button disabled while
    // it waits would have dropped it to the page), so the payer goes back to the card from there.
    await expect(
      dialog.getByRole('alert').filter({ hasText: 'Your card was declined.' }),
    ).toBeVisible();
    await expect(pay).toBeFocused();
    const cardNumber = dialog.getByLabel('Card number');
    await tabTo(page, cardNumber, { backwards: true });
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('4242424242424242');
    await tabTo(page, pay);
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(toast(page, 'Payment Succeeded').first()).toBeVisible();
    await expect(page.getByText('All paid up')).toBeVisible();
  });
});
