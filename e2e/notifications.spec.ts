import { MAIL_TOPIC_LABELS, monthLabel } from '@structomate/contract';
import type { Page } from '@playwright/test';
import { expect, loginAs, newMember, test, toast } from './fixtures';
import { mailArriving } from './mail';

const serverPort = () => new URL(test.info().project.use.baseURL ?? '').port;

/** The month the rent page offers first, paid with the sandbox's good card. */
async function payOfferedMonth(page: Page) {
  await page.goto('/dashboard/payments');
  const month = monthLabel(await page.getByLabel('Month', { exact: true }).inputValue());
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
  await dialog.getByLabel('Expiry').fill('1240');
  await dialog.getByLabel('CVC').fill('123');
  await dialog.getByLabel('ZIP').fill('12345');
  await dialog.getByRole('button', { name: /^Pay / }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, 'Payment Succeeded').first()).toBeVisible();
  return month;
}

test('a member pays, gets the receipt by email, and unsubscribes from receipts', async ({
  page,
  browser,
}) => {
  // Two card payments and three emails through the job engine: on a busy machine, past 30 s.
  test.slow();
  const member = await newMember(page, 'Receipt Reader', 'B-601');
  // They also want the building's announcements by email.
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Account' }).click();
  await expect(page.getByRole('heading', { name: 'Account', exact: true })).toBeVisible();
  const announcements = page.getByRole('checkbox', { name: /^Announcements/ });
  await expect(announcements).not.toBeChecked();
  await announcements.check();
  await page.getByRole('button', { name: 'Save email settings' }).click();
  await expect(toast(page, 'Your email settings are saved.')).toBeVisible();

  const month = await payOfferedMonth(page);
  const receipt = await mailArriving(serverPort(), member.email, `Receipt: rent for ${month}`);
  expect(receipt.text).toContain('Receipt Reader, thank you');
  expect(receipt.text).toMatch(/Apartment\s+B-601/);
  const unsubscribe = /https?:\/\/\S+\/unsubscribe\?token=[\w-]+&topic=receipts/.exec(
    receipt.text,
  )?.[0];
  expect(unsubscribe).toBeTruthy();

  // The link at the foot of the email asks once, then turns receipts off.
  await page.goto(unsubscribe ?? '');
  await expect(
    page.getByText(`Stop getting ${MAIL_TOPIC_LABELS.receipts.label} emails?`),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('status')).toContainText('You will no longer get');
  await page.getByRole('link', { name: 'Email settings' }).click();
  await expect(page.getByRole('checkbox', { name: /^Payment receipts/ })).not.toBeChecked();

  // The next payment mails no receipt. Notices go out in order, so once an announcement posted
  // after it has arrived, its receipt would have too.
  const nextMonth = await payOfferedMonth(page);
  expect(nextMonth).not.toBe(month);
  const admin = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const adminPage = await admin.newPage();
  await loginAs(adminPage, 'admin');
  const title = `Lift service ${Date.now().toString(36)}`;
  const posted = await adminPage.request.post('/api/makeAnnouncement', {
    data: { newAnnouncement: { title, details: 'The lift stops for an hour.', type: 'member' } },
  });
  expect(posted.status()).toBe(201);
  const announcement = await mailArriving(serverPort(), member.email, title);
  expect(announcement.text).toContain('The lift stops for an hour.');
  // Sent mail has every message the building wrote to them, in order: one receipt only.
  const sent = await adminPage.request.get(
    `/api/admin/mail?q=${encodeURIComponent(member.email)}&limit=100`,
  );
  const { result } = (await sent.json()) as { result: { subject: string }[] };
  expect(
    result.map((mail) => mail.subject).filter((subject) => subject.startsWith('Receipt')),
  ).toEqual([`Receipt: rent for ${month}`]);
  await admin.close();
});

test.describe('the account page', () => {
  // The wrong current password below is a 400, shown at its field.
  test.use({ expectedHttpErrors: [/^\/api\/account\/password$/] });

  test('@mobile shows the profile, refuses a wrong password, lists devices', async ({ page }) => {
    await loginAs(page, 'user');
    await page.goto('/dashboard/account');
    await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Signed-in devices' })).toBeVisible();
    await expect(page.getByText('This device')).toBeVisible();
    await expect(page.getByRole('checkbox', { name: /^Rent reminders/ })).toBeChecked();
    const password = page.getByRole('form', { name: 'Password' });
    // The password it has now is not a new one: said at the field, nothing sent.
    await password.getByLabel('Current password').fill('User1234');
    await password.getByLabel('New password', { exact: true }).fill('User1234');
    await password.getByLabel('New password again').fill('User1234');
    await password.getByRole('button', { name: 'Change password' }).click();
    await expect(
      password.getByText('Choose a new password, not the one you have now.'),
    ).toBeVisible();
    // A wrong current password is refused at its field, and nothing changes.
    await password.getByLabel('Current password').fill('NotMine123');
    await password.getByLabel('New password', { exact: true }).fill('Another123');
    await password.getByLabel('New password again').fill('Another123');
    await password.getByRole('button', { name: 'Change password' }).click();
    await expect(password.getByText('The current password is not right.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign out everywhere else' })).toBeVisible();
  });
});
