import { PASSWORD_RESET_MESSAGES } from '@structomate/contract';
import { expect, registerResident, test, toast } from './fixtures';
import { mailArriving, resetLinkIn } from './mail';

const serverPort = () => new URL(test.info().project.use.baseURL ?? '').port;

test.describe('forgot password', () => {
  test('@mobile the mailed link sets a new password once and signs out the other sessions', async ({
    page,
    browser,
  }) => {
    const resident = await registerResident(page, 'Forgetful Resident');
    // The resident is also signed in on another computer.
    const elsewhere = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const other = await elsewhere.newPage();
    const signedIn = await other.request.post('/api/login', {
      data: { email: resident.email, password: resident.password },
    });
    expect(signedIn.status()).toBe(200);
    await page.context().clearCookies();

    await page.goto('/authentiction');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page.getByRole('heading', { name: 'Forgot password?' })).toBeVisible();
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    // An email typed on the login page goes along to this one.
    await page.goBack();
    await expect(page.getByRole('heading', { name: /log ?in/i }).first()).toBeVisible();
    await page.getByLabel('Email').fill(resident.email);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page.getByLabel('Email')).toHaveValue(resident.email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect(page.getByRole('status')).toContainText(PASSWORD_RESET_MESSAGES.sent);

    // The email arrives at the SMTP server, from the building, with the link.
    const mail = await mailArriving(serverPort(), resident.email, 'Reset your password');
    expect(mail.text).toContain('Hello Forgetful Resident');
    expect(mail.html).toContain('Choose a new password');
    const link = resetLinkIn(mail);

    await page.goto(link);
    await expect(page.getByText(`For ${resident.email}.`)).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill('Remembered9');
    await page.getByLabel('New password again').fill('Remembered8');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await expect(page.getByText('The two passwords differ.')).toBeVisible();
    await page.getByLabel('New password again').fill('Remembered9');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await expect(toast(page, PASSWORD_RESET_MESSAGES.changed)).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard/);

    // The other computer is signed out; the old password no longer works, the new one does.
    await other.goto('/dashboard');
    await expect(other).toHaveURL(/\/authentiction/);
    await elsewhere.close();
    const old = await page.request.post('/api/login', {
      data: { email: resident.email, password: resident.password },
    });
    expect(old.status()).toBe(401);

    // A notice says the password changed; the link does not work twice.
    const notice = await mailArriving(serverPort(), resident.email, 'Your password was changed');
    expect(notice.text).not.toContain('token=');
    await page.goto(link);
    await expect(page.getByRole('alert')).toHaveText(PASSWORD_RESET_MESSAGES.badLink);
    await page.getByRole('link', { name: 'Ask for a new link' }).click();
    await expect(page.getByRole('heading', { name: 'Forgot password?' })).toBeVisible();
  });

  test('an unknown address gets the same answer, and a tampered link a clear page', async ({
    page,
  }) => {
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(`nobody-${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect(page.getByRole('status')).toContainText(PASSWORD_RESET_MESSAGES.sent);
    await page.goto('/reset-password#token=not-a-real-token');
    await expect(page.getByRole('alert')).toHaveText(PASSWORD_RESET_MESSAGES.badLink);
    await page.goto('/reset-password');
    await expect(page.getByRole('alert')).toHaveText(PASSWORD_RESET_MESSAGES.badLink);
  });
});
