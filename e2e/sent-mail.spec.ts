import { PASSWORD_RESET_MESSAGES } from '@structomate/contract';
import { adminPage, expect, loginAs, registerResident, test, toast } from './fixtures';

/**
 * The newcomer's case: no SMTP server is set up, so the admin reads every email in Sent mail.
 * Runs on the clocked server, which, like `npm start`, keeps mail in the outbox.
 */
test('without SMTP, the admin reads the reset email in Sent mail and the link works', async ({
  page,
  browser,
}) => {
  const resident = await registerResident(page, 'Outbox Reader');
  await page.context().clearCookies();

  // The admin looks first, before any mail to the resident exists.
  const admin = await adminPage(browser, page);
  await admin.goto('/dashboard');
  await admin.getByRole('link', { name: 'Sent mail' }).click();
  await expect(admin.getByRole('heading', { name: 'Sent mail' })).toBeVisible();
  await expect(admin.getByRole('note')).toContainText('Mail is not really sent');
  await admin.getByLabel('Address or subject').fill(resident.email);
  await admin.getByRole('button', { name: 'Search' }).click();
  await expect(admin.getByText('No email matches.')).toBeVisible();

  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(resident.email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByRole('status')).toContainText(PASSWORD_RESET_MESSAGES.sent);

  const row = admin.getByRole('row').filter({ hasText: `To ${resident.email}` });
  // The job engine writes the email a moment after the request; Search again, with the same
  // text, asks the server again.
  await expect(async () => {
    await admin.getByRole('button', { name: 'Search' }).click();
    await expect(row).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(row.getByText('In outbox').filter({ visible: true })).toBeVisible({
    timeout: 15_000,
  });
  // The Delivery filter names its choice as the rows do: "In outbox", not "Sent".
  const delivery = admin.getByLabel('Delivery');
  await delivery.selectOption({ label: 'Failed' });
  await expect(admin.getByText('No email matches.')).toBeVisible();
  await delivery.selectOption({ label: 'In outbox' });
  await expect(row).toBeVisible();
  await expect(delivery.getByRole('option', { name: 'Sent', exact: true })).toHaveCount(0);
  await row.getByRole('link', { name: 'Reset your password' }).click();

  await expect(admin.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  const frame = admin.frameLocator('iframe[title^="The email"]');
  await expect(frame.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expect(frame.getByText('Hello Outbox Reader')).toBeVisible();
  await admin.getByRole('button', { name: 'Plain text' }).click();
  const text = (await admin.locator('pre').textContent()) ?? '';
  const link = /https?:\/\/\S+\/reset-password#token=[\w-]+/.exec(text)?.[0];
  expect(link).toBeTruthy();

  await page.goto(link ?? '');
  await page.getByLabel('New password', { exact: true }).fill('FromOutbox9');
  await page.getByLabel('New password again').fill('FromOutbox9');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(toast(page, PASSWORD_RESET_MESSAGES.changed)).toBeVisible();

  // The notice that the password changed is in Sent mail too.
  await admin.getByRole('link', { name: 'Sent mail' }).first().click();
  await admin.getByLabel('Address or subject').fill(resident.email);
  await expect(async () => {
    await admin.getByRole('button', { name: 'Search' }).click();
    await expect(admin.getByRole('link', { name: 'Your password was changed' })).toBeVisible({
      timeout: 1_000,
    });
  }).toPass({ timeout: 20_000 });
  await admin.context().close();
});

test('Sent mail is the admin’s only', async ({ page }) => {
  await loginAs(page, 'member');
  await page.goto('/dashboard/sent-mail');
  await expect(page.getByRole('heading', { name: 'Sent mail' })).toBeHidden();
  await expect(page.getByText('Access Denied!').first()).toBeVisible();
});
