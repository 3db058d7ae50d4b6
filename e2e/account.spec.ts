import { readFile } from 'node:fs/promises';
import { DELETE_ACCOUNT_MESSAGES, EMAIL_CHANGE_MESSAGES } from '@structomate/contract';
import { accessibilityViolations, expect, registerResident, test, toast } from './fixtures';
import { mailArriving } from './mail';

const serverPort = () => new URL(test.info().project.use.baseURL ?? '').port;

test('a resident moves to a new email, confirmed from the new mailbox', async ({ page }) => {
  const resident = await registerResident(page, 'Email Mover');
  const newEmail = `moved.${Date.now().toString(36)}@example.com`;
  await page.goto('/dashboard/account');
  const form = page.getByRole('form', { name: 'Email' });
  await form.getByLabel('New email').fill(newEmail);
  await form.getByLabel('Current password').fill(resident.password);
  await form.getByRole('button', { name: 'Send a confirmation link' }).click();
  // The section's own message: the page's other sections may still be loading (a status each).
  await expect(
    page.getByRole('region', { name: 'Email', exact: true }).getByRole('status'),
  ).toHaveText(EMAIL_CHANGE_MESSAGES.sent(newEmail, resident.email));

  const mail = await mailArriving(serverPort(), newEmail, 'Confirm your new email');
  const link = /https?:\/\/\S+\/confirm-email#token=[\w-]+/.exec(mail.text)?.[0];
  expect(link).toBeTruthy();
  await page.goto(link ?? '');
  await expect(page.getByRole('status')).toHaveText(EMAIL_CHANGE_MESSAGES.confirmed(newEmail));
  await mailArriving(serverPort(), resident.email, 'Your email was changed');
  await page.getByRole('link', { name: 'Back to my account' }).click();
  await expect(page.getByText(`You sign in and get mail at ${newEmail}.`)).toBeVisible();
});

test.describe('your data', () => {
  // Deleting with a wrong confirmation is refused at the field before any call; the wrong
  // password is the server's 400.
  test.use({ expectedHttpErrors: [/^\/api\/account$/] });

  test('@mobile download my data, then delete the account', async ({ page }) => {
    const resident = await registerResident(page, 'Leaving Resident');
    await page.goto('/dashboard/account');
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download my data' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^my-structomate-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile((await file.path()) ?? '', 'utf8')) as {
      profile: { email: string };
    };
    expect(data.profile.email).toBe(resident.email);

    const form = page.getByRole('form', { name: 'Delete my account' });
    await form.getByLabel('Current password').fill(resident.password);
    await form.getByLabel('Type DELETE to confirm').fill('delete');
    await form.getByRole('button', { name: 'Delete my account' }).click();
    await expect(form.getByText('Type DELETE to confirm.')).toBeVisible();
    await form.getByLabel('Current password').fill('NotMine123');
    await form.getByLabel('Type DELETE to confirm').fill('DELETE');
    await form.getByRole('button', { name: 'Delete my account' }).click();
    await expect(form.getByText('The current password is not right.')).toBeVisible();
    await form.getByLabel('Current password').fill(resident.password);
    await form.getByRole('button', { name: 'Delete my account' }).click();
    await expect(toast(page, DELETE_ACCOUNT_MESSAGES.deleted)).toBeVisible();
    // Signed out by the person's own choice: home, even when a call notices the session gone
    // before the page moves.
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
    const again = await page.request.post('/api/login', {
      data: { email: resident.email, password: resident.password },
    });
    expect(again.status()).toBe(401);
  });
});

test('@mobile a setting changed and not saved is not dropped without a word', async ({ page }) => {
  await registerResident(page, 'Second Thoughts');
  await page.goto('/dashboard/account');
  const announcements = page.getByRole('checkbox', { name: /^Announcements/ });
  await expect(announcements).not.toBeChecked();
  await announcements.check();
  const toProfile = () =>
    page
      .getByRole('navigation', { name: 'Dashboard menu' })
      .getByRole('link', { name: 'My Profile' })
      .click();
  const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });

  // Leaving asks; Stay keeps the page and the change.
  await toProfile();
  await expect(dialog).toContainText(
    'Changes on this page are not saved. Leave, and they are lost.',
  );
  expect(await accessibilityViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Stay' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard\/account$/);
  await expect(announcements).toBeChecked();

  // Leave drops it: the setting is as it was saved.
  await toProfile();
  await dialog.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/dashboard\/myProfile$/);
  await page.goto('/dashboard/account');
  await expect(announcements).not.toBeChecked();

  // The profile on the same page is guarded as well.
  const name = page.getByRole('form', { name: 'Profile' }).getByLabel('Name');
  await name.fill('Second Thoughts Again');
  await toProfile();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Stay' }).click();
  await expect(dialog).toBeHidden();
  await expect(name).toHaveValue('Second Thoughts Again');
  await name.fill('Second Thoughts');

  // Saved, or changed back, nothing is asked.
  await announcements.check();
  // Saved from the keyboard, the button keeps the focus with nothing left to save.
  const save = page.getByRole('button', { name: 'Save email settings' });
  await save.focus();
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Your email settings are saved.')).toBeVisible();
  await expect(save).toBeDisabled();
  await expect(save).toBeFocused();
  await announcements.uncheck();
  await announcements.check();
  await toProfile();
  await expect(page).toHaveURL(/\/dashboard\/myProfile$/);
  await expect(dialog).toBeHidden();
});
