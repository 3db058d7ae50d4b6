import {
  BuildingSchema,
  DATE_FORMATS,
  MAINTENANCE_MESSAGES,
  CHARGE_MESSAGES,
  MaintenanceRequestSchema,
} from '@structomate/contract';
import type { Page } from '@playwright/test';
import { format, parseISO } from 'date-fns';
import sharp from 'sharp';
import {
  accessibilityViolations,
  adminPage,
  buildingDay,
  expect,
  loginAs,
  newMember,
  test,
  textContrast,
  toast,
} from './fixtures';
import { mailArriving } from './mail';

/**
 * Maintenance requests, as the tenant and the building's office live them: a member reports an
 * emergency with photos, the admin takes it in hand (acknowledges, assigns a plumber from the
 * contacts, schedules a visit, adds a cost charged to the tenant, marks it resolved), the member
 * follows it and confirms it fixed, and the charge shows in the tenant's account. Mail arrives at
 * the test SMTP server at each step.
 */

const serverPort = () => new URL(test.info().project.use.baseURL ?? '').port;

/** A small JPEG of one colour, as a phone camera would give (much smaller). */
const snapshot = async (name: string, background: { r: number; g: number; b: number }) => ({
  name,
  mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width: 640, height: 480, channels: 3, background } })
    .jpeg()
    .toBuffer(),
});

/** Saves a full-page picture of the page at `width` for a person to look at. */
async function picture(page: Page, name: string, width: number) {
  const before = page.viewportSize();
  await page.setViewportSize({ width, height: 800 });
  await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  if (before) await page.setViewportSize(before);
}

/** The building's emergency phone, as the server tells it (Building settings may change it). */
async function emergencyPhone(page: Page) {
  const building = BuildingSchema.parse(await (await page.request.get('/api/building')).json());
  return building.emergencyPhone ?? building.contactPhone;
}

test('a member reports an emergency; the building fixes it, charges a part; the member confirms', async ({
  page,
  browser,
}) => {
  // Two people, a dozen steps and five emails.
  test.setTimeout(test.info().timeout * 5);
  const suffix = Date.now().toString(36);
  const tenant = await newMember(page, 'Mitali Das', 'B-504');
  const title = `Water pouring from the bathroom ceiling ${suffix}`;

  // The member finds Maintenance in the menu and reports a problem.
  await page.goto('/dashboard');
  await page
    .getByRole('navigation', { name: 'Dashboard menu' })
    .getByRole('link', { name: 'Maintenance' })
    .click();
  await expect(page.getByRole('heading', { name: 'Maintenance', level: 1 })).toBeVisible();
  await expect(page.getByText('You have not reported anything yet.')).toBeVisible();
  await page.getByRole('link', { name: 'Report a problem' }).click();
  await expect(page.getByRole('heading', { name: 'Report a problem' })).toBeVisible();

  // Sent empty, nothing leaves: each answer missing is named at its field.
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByText('Choose how urgent it is')).toBeVisible();
  await expect(page.getByText('Choose what kind of problem it is')).toBeVisible();
  await expect(page.getByText('Title is required')).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true');
  const none = await page.request.get('/api/maintenance/requests');
  expect(((await none.json()) as { result: unknown[] }).result).toEqual([]);

  // Choosing Emergency shows the building's emergency phone at once, before anything is sent.
  const phone = await emergencyPhone(page);
  expect(phone).toBeTruthy();
  await page.getByRole('radio', { name: /^Emergency/ }).check();
  const call = page.getByRole('alert').filter({ hasText: 'For an emergency' });
  await expect(call).toHaveText(
    new RegExp(
      MAINTENANCE_MESSAGES.emergencyCall(phone ?? '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    ),
  );
  await expect(call.getByRole('link', { name: 'Call now' })).toHaveAttribute(
    'href',
    `tel:${(phone ?? '').replace(/[^+0-9]/g, '')}`,
  );

  await page.getByLabel('What kind of problem').selectOption({ label: 'Plumbing' });
  await page.getByLabel('Where').fill('Bathroom');
  await page.getByLabel('Title').fill(title);
  const description = 'Water comes through the light fitting.\nI turned the main valve off.';
  await page.getByLabel('Description').fill(description);
  await expect(page.getByText(`${description.length} / 4,000 characters`)).toBeVisible();
  // Half written, a click away from the form asks first; Stay keeps every answer.
  await page
    .getByRole('navigation', { name: 'Dashboard menu' })
    .getByRole('link', { name: 'Maintenance' })
    .click();
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
  await leave.getByRole('button', { name: 'Stay' }).click();
  await expect(leave).toBeHidden();
  await expect(page.getByLabel('Description')).toHaveValue(description);
  // Sent before saying whether the building may enter: refused there, and its first choice takes
  // the focus.
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByText('Say whether the building may enter')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Yes, they may enter' })).toBeFocused();
  await page.getByRole('radio', { name: 'Yes, they may enter' }).check();
  await page.getByLabel('Preferred times (optional)').fill('Any time today');
  await page
    .getByLabel('Add photos')
    .setInputFiles([
      await snapshot('ceiling.jpg', { r: 40, g: 90, b: 120 }),
      await snapshot('floor.jpg', { r: 150, g: 120, b: 90 }),
    ]);
  await expect(page.getByRole('img', { name: 'Photo 1' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Photo 2' })).toBeVisible();
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(toast(page, MAINTENANCE_MESSAGES.filed)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/maintenance\/[0-9a-f-]{36}$/);
  const requestUrl = new URL(page.url()).pathname;
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toContainText(title);
  const number = /#(\d+)/.exec((await heading.textContent()) ?? '')?.[1];
  expect(number).toBeTruthy();
  await expect(page.getByText('New', { exact: true })).toBeVisible();
  await expect(
    page.getByRole('list', { name: `Photos of request #${number}` }).getByRole('button'),
  ).toHaveCount(2);
  expect(await accessibilityViolations(page)).toEqual([]);

  // The office hears of it at once, marked as an emergency.
  const filedMail = await mailArriving(
    serverPort(),
    'admin@structo.com',
    `EMERGENCY: Maintenance request #${number} from B-504: ${title}`,
  );
  expect(filedMail.text).toContain('Mitali Das (apartment B-504)');

  // The admin adds the plumber to the contacts.
  const admin = await adminPage(browser, page);
  await admin.goto('/dashboard');
  await admin
    .getByRole('navigation', { name: 'Dashboard menu' })
    .getByRole('link', { name: 'Contacts' })
    .click();
  await expect(admin.getByRole('heading', { name: 'Maintenance contacts' })).toBeVisible();
  const plumber = `Karim Plumbing ${suffix}`;
  const contactForm = admin.getByRole('form', { name: 'Add a contact' });
  await contactForm.getByLabel('Name').fill(plumber);
  await contactForm.getByLabel('Trade').fill('Plumber');
  await contactForm.getByLabel('Phone').fill('+880 1711 222 333');
  await contactForm.getByRole('button', { name: 'Add contact' }).click();
  await expect(toast(admin, MAINTENANCE_MESSAGES.contactSaved)).toBeVisible();
  await expect(admin.getByRole('list', { name: 'Contacts' })).toContainText(plumber);

  // The inbox, filtered to emergencies (kept in the address), leads to the request.
  await admin
    .getByRole('navigation', { name: 'Dashboard menu' })
    .getByRole('link', { name: 'Maintenance' })
    .click();
  await admin.getByLabel('Urgency').selectOption({ label: 'Emergency' });
  await expect(admin).toHaveURL(/[?&]urgency=emergency/);
  const row = admin.getByRole('row').filter({ hasText: title });
  await expect(row.getByText('Emergency')).toBeVisible();
  await expect(row.getByText('New', { exact: true })).toBeVisible();
  await row.getByRole('link', { name: new RegExp(title) }).click();
  await expect(admin).toHaveURL(new RegExp(`${requestUrl}$`));

  // Acknowledged, assigned to the plumber, a visit in two days' time.
  const manage = admin.getByRole('region', { name: 'Manage this request' });
  await manage.getByLabel('New status').selectOption({ label: 'Acknowledged' });
  await manage.getByLabel('Note for the tenant (optional)').fill('We are on our way.');
  await manage.getByRole('button', { name: 'Change status' }).click();
  await expect(toast(admin, 'Status changed to Acknowledged')).toBeVisible();
  await manage
    .getByLabel('Contact', { exact: true })
    .selectOption({ label: `${plumber} · Plumber` });
  await manage.getByRole('button', { name: 'Assign' }).click();
  await expect(toast(admin, MAINTENANCE_MESSAGES.assigned)).toBeVisible();
  const visitDay = buildingDay(new Date(Date.now() + 2 * 86_400_000).toISOString());
  await manage.getByLabel('Day', { exact: true }).fill(visitDay);
  await manage.getByLabel('From', { exact: true }).fill('09:00');
  await manage.getByLabel('To', { exact: true }).fill('12:00');
  await manage.getByRole('button', { name: 'Schedule visit' }).click();
  await expect(toast(admin, MAINTENANCE_MESSAGES.visitSaved)).toBeVisible();
  const visitText = `Visit on ${format(parseISO(visitDay), DATE_FORMATS.date)}, 09:00 AM–12:00 PM`;
  await expect(admin.getByRole('region', { name: 'Scheduled visit' })).toContainText(visitText);
  await expect(admin.getByText('Visit scheduled').first()).toBeVisible();

  // The member is told of each step by email.
  await mailArriving(serverPort(), tenant.email, `Request #${number} is now acknowledged`);
  const visitMail = await mailArriving(
    serverPort(),
    tenant.email,
    new RegExp(`^Visit for request #${number}: `),
  );
  expect(visitMail.text).toContain('between 09:00 AM and 12:00 PM');

  // The member sees the visit and who is coming, and writes back (line breaks kept, as text).
  await page.reload();
  const visit = page.getByRole('region', { name: 'Scheduled visit' });
  await expect(visit).toContainText(visitText);
  await expect(visit).toContainText(`${plumber} (Plumber) is coming`);
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline).toContainText('Acknowledged');
  await expect(timeline).toContainText('We are on our way.');
  const comments = page.getByRole('region', { name: 'Conversation' });
  await comments
    .getByLabel('Comment', { exact: true })
    .fill('Thank you!\n<b>The door code is 1234.</b>');
  await comments.getByRole('button', { name: 'Send comment' }).click();
  await expect(toast(page, MAINTENANCE_MESSAGES.commented)).toBeVisible();
  const sent = comments.getByRole('list', { name: 'Comments' }).getByRole('listitem').last();
  await expect(sent).toContainText('<b>The door code is 1234.</b>');
  expect(await sent.locator('b').count()).toBe(0);
  await expect(comments.getByLabel('Comment', { exact: true })).toHaveValue('');

  // The admin notes what the tenant never sees, adds the part charged to the tenant, resolves it.
  await admin.reload();
  const thread = admin.getByRole('region', { name: 'Conversation' });
  await expect(thread).toContainText('The door code is 1234.');
  await thread.getByLabel('Internal note (the tenant never sees it)').check();
  await thread
    .getByLabel('Internal note', { exact: true })
    .fill('Pipe joint above B-504 corroded.');
  await thread.getByRole('button', { name: 'Save note' }).click();
  await expect(toast(admin, MAINTENANCE_MESSAGES.noted)).toBeVisible();
  await expect(thread.getByText('Internal note', { exact: true })).toBeVisible();
  const costs = admin.getByRole('region', { name: 'Costs' });
  const costForm = costs.getByRole('form', { name: 'Add a cost' });
  await costForm.getByLabel('Kind').selectOption({ label: 'Parts' });
  await costForm.getByLabel('Description').fill('Replacement pipe joint');
  await costForm.getByLabel('Amount (BDT)').fill('2400');
  await costForm.getByLabel('Charge to the tenant').check();
  // The first answer is lost on the way back (the cost reached the server); the admin, told it
  // failed, clicks again: the same cost, sent again, is added and charged once.
  const costsPath = /\/api\/admin\/maintenance\/[0-9a-f-]+\/costs$/;
  await admin.route(costsPath, async (route) => {
    await route.fetch();
    await route.abort('connectionreset');
  });
  await costForm.getByRole('button', { name: 'Add cost' }).click();
  await expect(toast(admin, /^No answer came back, so the cost may have been added/)).toBeVisible();
  // The page reads the request again: the cost that arrived is on the list.
  const pipeJoint = costs.getByRole('listitem').filter({ hasText: 'Replacement pipe joint' });
  await expect(pipeJoint).toHaveCount(1);
  await admin.unroute(costsPath);
  await costForm.getByRole('button', { name: 'Add cost' }).click();
  await expect(toast(admin, MAINTENANCE_MESSAGES.costAdded)).toBeVisible();
  await expect(
    costs.getByRole('listitem').filter({ hasText: 'Replacement pipe joint' }),
  ).toHaveCount(1);
  await expect(costs.getByText('Tenant · owed')).toBeVisible();
  await manage.getByLabel('New status').selectOption({ label: 'Resolved' });
  await manage.getByRole('button', { name: 'Change status' }).click();
  await expect(toast(admin, 'Status changed to Resolved')).toBeVisible();
  expect(await accessibilityViolations(admin)).toEqual([]);
  // axe leaves the chips' colour-mix backgrounds "to review"; they are measured instead.
  for (const chip of await admin.locator('.chip:visible').all()) {
    expect(await textContrast(chip), `${await chip.textContent()} chip`).toBeGreaterThan(4.5);
  }
  await picture(admin, 'admin-request', 1366);
  await picture(admin, 'admin-request', 360);
  await mailArriving(serverPort(), tenant.email, `Request #${number} is now resolved`);

  // The member never sees the note, sees the charge, and confirms the repair.
  await page.reload();
  await expect(page.getByText('Pipe joint above B-504 corroded.')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Charges to you' })).toContainText(
    'Replacement pipe joint',
  );
  await page.getByRole('button', { name: 'Confirm it is fixed' }).click();
  await expect(toast(page, MAINTENANCE_MESSAGES.confirmed)).toBeVisible();
  await expect(page.getByText('Closed', { exact: true }).first()).toBeVisible();
  await expect(page.getByText(MAINTENANCE_MESSAGES.closedThread)).toBeVisible();
  await page.getByRole('radio', { name: '5 stars' }).check();
  await page.getByRole('button', { name: 'Send rating' }).click();
  await expect(toast(page, MAINTENANCE_MESSAGES.rated)).toBeVisible();
  await expect(page.getByRole('img', { name: '5 out of 5 stars' })).toBeVisible();
  await picture(page, 'member-request', 1366);
  await picture(page, 'member-request', 360);

  // Make Payment says it is owed besides the rent, and where to find it.
  await page.goto('/dashboard/payments');
  await expect(
    page.getByText('You also owe 2,400 BDT in charges besides rent, paid at the building office.'),
  ).toBeVisible();
  // The charge is in the member's Payment History, with its statement.
  await page.getByRole('link', { name: 'See them on Payment History' }).click();
  const charges = page.getByRole('region', { name: 'Other charges' });
  await expect(charges).toContainText('You owe 2,400 BDT');
  await expect(charges.getByText('Owed', { exact: true })).toBeVisible();
  await charges.getByRole('link', { name: /^Statement for / }).click();
  await expect(page.getByRole('heading', { name: 'Charge statement' })).toBeVisible();
  await expect(page.getByRole('article')).toContainText('Amount2,400 BDT');

  // And in the tenant's rent account, where the admin records it paid by bKash.
  await admin
    .getByRole('region', { name: 'Costs' })
    .getByRole('link', { name: /^Statement for / })
    .click();
  await admin.getByRole('link', { name: '← Rent account' }).click();
  await expect(admin.getByRole('heading', { name: `${tenant.name}: rent account` })).toBeVisible();
  const account = admin.getByRole('region', { name: 'Other charges' });
  await expect(account).toContainText('Owes 2,400 BDT');
  await account.getByRole('button', { name: /^Record payment of / }).click();
  const payment = account.getByRole('form', { name: /^Record payment of / });
  await payment.getByLabel('Method').selectOption({ label: 'bKash' });
  await payment.getByLabel('Reference (optional)').fill('BK77X1');
  await payment.getByRole('button', { name: 'Record 2,400 BDT paid' }).click();
  await expect(toast(admin, CHARGE_MESSAGES.recorded)).toBeVisible();
  await expect(account).toContainText('All paid');
  await expect(account).toContainText('Paid by bKash · ref BK77X1');

  // Recorded against the wrong charge: the admin undoes it, with a reason the tenant is sent.
  const charged = `Repair #${number} — Parts: Replacement pipe joint`;
  await account.getByRole('button', { name: `Undo the payment of ${charged}` }).click();
  const undo = admin.getByRole('dialog', { name: 'Undo this charge’s payment?' });
  await expect(undo).toContainText(
    new RegExp(
      `“${charged.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}”: 2,400 BDT by bKash, received \\d{1,2} [A-Z][a-z]{2} \\d{4}\\. Undone, it is owed again\\.`,
    ),
  );
  await undo.getByRole('button', { name: 'Undo payment' }).click();
  await expect(undo.getByLabel('Reason')).toHaveAccessibleDescription(
    /^Say why the payment is undone/,
  );
  await expect(undo.getByLabel('Reason')).toBeFocused();
  expect(await accessibilityViolations(admin)).toEqual([]);
  await picture(admin, 'undo-charge-payment', 1366);
  await undo.getByLabel('Reason').fill('The bKash payment was for the rent, not this repair.');
  await undo.getByRole('button', { name: 'Undo payment' }).click();
  await expect(toast(admin, CHARGE_MESSAGES.undone(charged))).toBeVisible();
  await expect(undo).toBeHidden();
  await expect(account.getByRole('heading', { name: 'Other charges' })).toBeFocused();
  await expect(account).toContainText('Owes 2,400 BDT');
  await expect(account.getByRole('button', { name: /^Undo the payment of / })).toHaveCount(0);
  await mailArriving(serverPort(), tenant.email, `Correction: “${charged}” is shown as owed again`);
  await page.goto('/dashboard/paymentHistory');
  await expect(page.getByRole('region', { name: 'Other charges' })).toContainText(
    'You owe 2,400 BDT',
  );

  // The tenant brings cash: recorded again.
  await account.getByRole('button', { name: /^Record payment of / }).click();
  await payment.getByRole('button', { name: 'Record 2,400 BDT paid' }).click();
  await expect(toast(admin, CHARGE_MESSAGES.recorded)).toBeVisible();
  await expect(account).toContainText('All paid');
  await expect(account).toContainText('Paid by cash');

  await page.goto('/dashboard/paymentHistory');
  await expect(page.getByRole('region', { name: 'Other charges' })).toContainText('All paid');
  await admin.context().close();
});

test('the office cancels a repair charged by mistake, then charges what is owed by hand', async ({
  page,
  browser,
}) => {
  test.setTimeout(test.info().timeout * 2);
  const tenant = await newMember(page, 'Rafiq Islam', 'C-704');
  const filed = await page.request.post('/api/maintenance/requests', {
    data: {
      category: 'electrical',
      title: `Hall light flickers ${Date.now().toString(36)}`,
      description: 'The hall light flickers at night.',
      location: 'Hall',
      urgency: 'routine',
      entryPermission: true,
    },
  });
  expect(filed.status()).toBe(201);
  const request = MaintenanceRequestSchema.parse(await filed.json());
  const admin = await adminPage(browser, page);
  // Typed 12,500 for a 1,250 BDT fitting, and charged to the tenant.
  const costed = await admin.request.post(`/api/admin/maintenance/${request._id}/costs`, {
    data: {
      key: crypto.randomUUID(),
      kind: 'parts',
      description: 'Light fitting',
      amount: 12_500,
      chargeTenant: true,
    },
  });
  expect(costed.status()).toBe(200);
  const chargeId = MaintenanceRequestSchema.parse(await costed.json()).costs[0]?.chargeId ?? '';
  const charged = `Repair #${request.number} — Parts: Light fitting`;

  await admin.goto(`/dashboard/charges/${chargeId}`);
  await admin.getByRole('link', { name: '← Rent account' }).click();
  const account = admin.getByRole('region', { name: 'Other charges' });
  await expect(account).toContainText('Owes 12,500 BDT');
  await account.getByRole('button', { name: `Cancel charge ${charged}` }).click();
  const dialog = admin.getByRole('dialog', { name: 'Cancel this charge?' });
  await expect(dialog).toContainText(
    new RegExp(
      `“${charged.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}”: 12,500 BDT, charged \\d{2} [A-Z][a-z]{2}, \\d{4}\\. Cancelled, it is not owed, for good\\.`,
    ),
  );
  // Sent without a reason, nothing leaves: the field says why and takes focus.
  await dialog.getByRole('button', { name: 'Cancel charge' }).click();
  await expect(dialog.getByLabel('Reason')).toHaveAccessibleDescription(
    /^Say why the charge is cancelled/,
  );
  await expect(dialog.getByLabel('Reason')).toBeFocused();
  expect(await accessibilityViolations(admin)).toEqual([]);
  await picture(admin, 'cancel-charge', 1366);
  await picture(admin, 'cancel-charge', 360);
  await dialog.getByLabel('Reason').fill('The fitting cost 1,250 BDT, not 12,500.');
  await dialog.getByRole('button', { name: 'Cancel charge' }).click();
  await expect(toast(admin, CHARGE_MESSAGES.cancelled(charged))).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(account.getByRole('heading', { name: 'Other charges' })).toBeFocused();
  await expect(account).toContainText('Nothing owed');
  const row = account.getByRole('listitem').filter({ hasText: charged });
  await expect(row).toContainText('Cancelled');
  await expect(row).toContainText('The fitting cost 1,250 BDT, not 12,500.');
  await expect(row.getByRole('button')).toHaveCount(0);
  await picture(admin, 'cancelled-charge', 1366);
  await mailArriving(serverPort(), tenant.email, `Cancelled: “${charged}” is no longer owed`);

  // The tenant owes nothing for it: Payment History shows it cancelled with the reason, its page
  // says so, and Make Payment (below) counts only the charge added after.
  await page.goto('/dashboard/paymentHistory');
  const history = page.getByRole('region', { name: 'Other charges' });
  await expect(history).toContainText('Nothing owed');
  await expect(history.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(history).toContainText('The fitting cost 1,250 BDT, not 12,500.');
  await picture(page, 'cancelled-charge-tenant', 360);
  await history.getByRole('link', { name: `Statement for ${charged}` }).click();
  await expect(page.getByRole('heading', { name: 'Cancelled charge' })).toBeVisible();
  await expect(page.getByRole('article')).toContainText(
    'ReasonThe fitting cost 1,250 BDT, not 12,500.',
  );

  // What is truly owed, the office charges by hand: checked before it is sent.
  await account.getByRole('button', { name: 'Add a charge' }).click();
  const form = account.getByRole('form', { name: 'Add a charge' });
  await form.getByRole('button', { name: 'Add charge' }).click();
  await expect(form.getByLabel('What it is for')).toHaveAccessibleDescription(
    'Description is required',
  );
  await expect(form.getByLabel('What it is for')).toBeFocused();
  await expect(form.getByText('Enter the amount in BDT')).toBeVisible();
  expect(await accessibilityViolations(admin)).toEqual([]);
  await picture(admin, 'add-charge', 1366);
  await picture(admin, 'add-charge', 360);
  await form.getByLabel('What it is for').fill('Light fitting for the hall');
  await form.getByLabel('Amount (BDT)').fill('1250');
  await form.getByRole('button', { name: 'Add charge' }).click();
  await expect(toast(admin, CHARGE_MESSAGES.added('Light fitting for the hall'))).toBeVisible();
  await expect(form).toBeHidden();
  await expect(account.getByRole('heading', { name: 'Other charges' })).toBeFocused();
  await expect(account).toContainText('Owes 1,250 BDT');
  await expect(
    account.getByRole('listitem').filter({ hasText: 'Light fitting for the hall' }),
  ).toContainText('Owed');
  await mailArriving(
    serverPort(),
    tenant.email,
    '1,250 BDT charged to you: “Light fitting for the hall”',
  );
  // 1,250 BDT, not 13,750: the cancelled charge is owed by no one.
  await page.goto('/dashboard/payments');
  await expect(
    page.getByText('You also owe 1,250 BDT in charges besides rent, paid at the building office.'),
  ).toBeVisible();
  await admin.context().close();
});

test.describe('maintenance contacts', () => {
  test.use({ expectedHttpErrors: [/^\/api\/admin\/maintenance-contacts$/] });

  test('a contact already listed for its trade is refused at the Name field', async ({ page }) => {
    await loginAs(page, 'admin');
    await page.goto('/dashboard/maintenance-contacts');
    const list = page.getByRole('list', { name: 'Contacts' });
    // The demo's plumber, typed in other letters.
    await expect(list.getByText('Karim Hossain', { exact: true })).toHaveCount(1);
    const form = page.getByRole('form', { name: 'Add a contact' });
    await form.getByLabel('Name').fill('karim hossain');
    await form.getByLabel('Trade').fill('PLUMBER');
    await form.getByLabel('Phone').fill('+880 1711 222 444');
    await form.getByRole('button', { name: 'Add contact' }).click();
    await expect(form.getByLabel('Name')).toHaveAccessibleDescription(
      MAINTENANCE_MESSAGES.contactListed,
    );
    await expect(form.getByLabel('Name')).toBeFocused();
    await expect(list.getByText(/karim hossain/i)).toHaveCount(1);
  });
});

test("the request page says who must be in, in the reader's words", async ({ page, browser }) => {
  // The demo's booked visit: the tenant asked that nobody enter without them.
  const entry = (reader: Page) =>
    reader.getByRole('definition').filter({ hasText: /^No, only when/ });
  await loginAs(page, 'member');
  await page.goto('/dashboard/maintenance');
  await page.getByRole('link', { name: /Bedroom light flickers/ }).click();
  await expect(entry(page)).toHaveText('No, only when I am in');
  const admin = await adminPage(browser, page);
  await admin.goto(new URL(page.url()).pathname);
  await expect(entry(admin)).toHaveText('No, only when the tenant is in');
  await admin.context().close();
});

test('@mobile a comment being written counts as not saved: leaving asks first', async ({
  page,
}) => {
  await loginAs(page, 'member');
  await page.goto('/dashboard/maintenance');
  await page.getByRole('link', { name: /Bedroom light flickers/ }).click();
  const comment = page.getByRole('form', { name: 'Add a comment' }).getByLabel('Comment');
  await comment.fill('It flickers more in the evening.');
  const toList = () =>
    page
      .getByRole('navigation', { name: 'Dashboard menu' })
      .getByRole('link', { name: 'Maintenance' })
      .click();
  await toList();
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
  await leave.getByRole('button', { name: 'Stay' }).click();
  await expect(leave).toBeHidden();
  await expect(comment).toHaveValue('It flickers more in the evening.');
  // Emptied again, there is nothing to lose: the way out is not asked about.
  await comment.fill('');
  await toList();
  await expect(page.getByRole('heading', { name: 'Maintenance', level: 1 })).toBeVisible();
  await expect(leave).toHaveCount(0);
});

test('@mobile a photo still uploading counts as not saved: leaving asks first', async ({
  page,
}) => {
  await loginAs(page, 'member');
  // The upload is held, unanswered, to the end of the test.
  const held = new Promise<void>(() => undefined);
  await page.route('**/api/maintenance/photos', async () => {
    await held;
  });
  await page.goto('/dashboard/maintenance/new');
  await page
    .getByLabel('Add photos')
    .setInputFiles([await snapshot('leak.jpg', { r: 60, g: 70, b: 80 })]);
  await expect(page.getByText(/^Uploading… \d+ %$/)).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Dashboard menu' })
    .getByRole('link', { name: 'Maintenance' })
    .click();
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Leave' }).click();
  await expect(page.getByRole('heading', { name: 'Maintenance', level: 1 })).toBeVisible();
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test.describe('on a phone', () => {
  test('@mobile the form shows the emergency phone at once and sends nothing while incomplete', async ({
    page,
  }) => {
    await loginAs(page, 'member');
    await page.goto('/dashboard/maintenance/new');
    await expect(page.getByRole('heading', { name: 'Report a problem' })).toBeVisible();
    const phone = await emergencyPhone(page);
    await page.getByRole('radio', { name: /^Emergency/ }).check();
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: 'For an emergency' })
        .getByRole('link', { name: phone ?? '' }),
    ).toBeVisible();
    await page.getByLabel('Title').fill('Sparks from a socket');
    await page.getByRole('button', { name: 'Send request' }).click();
    await expect(page.getByText('Description is required')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/maintenance\/new$/);
    // Nothing is wider than the phone.
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
  });
});
