import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import sharp from 'sharp';
import {
  test as base,
  expect,
  request,
  type Browser,
  type Locator,
  type Page,
} from '@playwright/test';

/**
 * Every journey runs with the internet blocked (only the map frame would leave the site) and
 * fails if the page logs an error or throws. Chromium logs every failed response as a console error;
 * a test that provokes one on purpose lists its path in `expectedHttpErrors`.
 */
export const test = base.extend<{
  consoleErrors: string[];
  expectedHttpErrors: RegExp[];
  expectedConsoleErrors: RegExp[];
  waitForApp: boolean;
}>({
  /**
   * Public pages arrive drawn by the server and work once the app has taken them over: a page
   * opened with `goto` or `reload` is used from then on, as a person would after the page loads.
   * Journeys with JavaScript off set this to false.
   */
  waitForApp: [true, { option: true }],
  page: async ({ page, waitForApp }, use) => {
    if (waitForApp) {
      const appReady = () => appIsReady(page);
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (...args) => {
        const response = await goto(...args);
        if (response?.headers()['content-type']?.startsWith('text/html')) await appReady();
        return response;
      };
      page.reload = async (...args) => {
        const response = await reload(...args);
        if (response?.headers()['content-type']?.startsWith('text/html')) await appReady();
        return response;
      };
    }
    await use(page);
  },
  expectedHttpErrors: [[], { option: true }],
  /** Console errors a test provokes on purpose (a request it makes fail), by their text. */
  expectedConsoleErrors: [[], { option: true }],
  consoleErrors: [
    async ({ page, expectedHttpErrors, expectedConsoleErrors }, use) => {
      const errors: string[] = [];
      await page.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const source = message.location().url;
        // The blocked map frame reports its own failure; that is the test's doing, not the app's.
        if (source && !/^https?:\/\/(127\.0\.0\.1|localhost)/.test(source)) return;
        const expected =
          Boolean(source) &&
          message
            .text()
            .startsWith('Failed to load resource: the server responded with a status of') &&
          expectedHttpErrors.some((pattern) => pattern.test(new URL(source).pathname));
        if (expected || expectedConsoleErrors.some((pattern) => pattern.test(message.text()))) {
          return;
        }
        errors.push(`console: ${message.text()} (${source})`);
      });
      await use(errors);
      expect(errors, 'the page logged errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Waits until the app runs in the page (`<html data-app-ready>`): after a page arrives by a
 * redirect the journey did not open with `goto` (a sign-in provider sending the browser back).
 * A page the server drew is taken over once the reader acts on it (ADR 022): here, as a person
 * at a computer would, the pointer moves over it.
 */
export const appIsReady = async (page: Page): Promise<void> => {
  await page.mouse.move(0, 0);
  await page.mouse.move(1, 1);
  await page.waitForSelector('html[data-app-ready]', { state: 'attached', timeout: 15_000 });
};

export type DemoRole = 'admin' | 'member' | 'user';
const demoPasswords: Record<DemoRole, string> = {
  admin: 'Admin1234',
  member: 'Member1234',
  user: 'User1234',
};

/** An address of its own for each made-up resident, so per-address limits stay per test. */
export const someAddress = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

export interface Resident {
  name: string;
  email: string;
  password: string;
}

/**
 * Registers a new resident through the real endpoints (photo upload, then POST /api/users),
 * which also signs the page's browser context in as them.
 */
export async function registerResident(page: Page, name: string): Promise<Resident> {
  const headers = { 'x-forwarded-for': someAddress() };
  const photo = await sharp({
    create: { width: 96, height: 96, channels: 3, background: { r: 30, g: 110, b: 100 } },
  })
    .png()
    .toBuffer();
  const upload = await page.request.post('/api/images', {
    headers,
    multipart: { image: { name: 'me.png', mimeType: 'image/png', buffer: photo } },
  });
  expect(upload.status(), 'photo upload').toBe(200);
  const { data } = (await upload.json()) as { data: { url: string } };
  const resident = {
    name,
    email: `${name.toLowerCase().replace(/\W+/g, '.')}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`,
    password: 'Resident123',
  };
  const created = await page.request.post('/api/users', {
    headers,
    data: { name, email: resident.email, password: resident.password, photoURL: data.url },
  });
  expect(created.status(), 'registration').toBe(201);
  return resident;
}

const pageTimes = new WeakMap<Page, string>();

/** The day (YYYY-MM-DD) in the building's calendar (Dhaka) at `instant`, now by default. */
export const buildingDay = (instant?: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dhaka' }).format(
    instant ? new Date(instant) : new Date(),
  );

/**
 * Moves the page's world to `instant` (ISO 8601): the browser's clock, and, on the clocked server
 * (TEST_CLOCK), the server's, through the X-Test-Clock header on every request of the page.
 * Later calls move it on; time keeps flowing from there.
 */
export async function atTime(page: Page, instant: string): Promise<void> {
  const first = !pageTimes.has(page);
  pageTimes.set(page, instant);
  await page.context().setExtraHTTPHeaders({ 'x-test-clock': instant });
  if (first) await page.clock.install({ time: new Date(instant) });
  else await page.clock.setSystemTime(new Date(instant));
}

/**
 * The admin, in a browser context of their own (desktop size, in the building's time zone), at
 * the same time as `page`.
 */
export async function adminPage(browser: Browser, page: Page): Promise<Page> {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: { width: 1366, height: 768 },
    timezoneId: 'Asia/Dhaka',
  });
  const admin = await context.newPage();
  const instant = pageTimes.get(page);
  if (instant) await atTime(admin, instant);
  await loginAs(admin, 'admin');
  return admin;
}

/** A toast's text, on the page. */
export const toast = (page: Page, text: string | RegExp) =>
  page.locator('.Toastify').getByText(text);

/** The headers that put a side request (the admin's) at the page's time. */
export const timeHeaders = (page: Page): Record<string, string> => {
  const instant = pageTimes.get(page);
  return instant ? { 'x-test-clock': instant } : {};
};

/**
 * A new resident who rents `apartmentNo`: registered in the page's context, their request
 * signed and accepted by the admin (in a context of its own, at the page's time), all through
 * the real endpoints.
 */
export async function newMember(
  page: Page,
  name: string,
  apartmentNo: string,
  { startDate = buildingDay(pageTimes.get(page)) }: { startDate?: string } = {},
): Promise<Resident> {
  const resident = await registerResident(page, name);
  const listing = await page.request.get('/api/apartments?limit=60');
  const { result } = (await listing.json()) as { result: { _id: string; apartmentNo: string }[] };
  const apartment = result.find((candidate) => candidate.apartmentNo === apartmentNo);
  // The lease starts today (the page's day in the building's calendar), so this month is billed,
  // unless another start is given.
  const signed = await page.request.post('/api/create/agreements', {
    data: { newAgreement: { apartmentDetails: { _id: apartment?._id }, startDate } },
  });
  expect(signed.status(), 'signing').toBe(201);
  const { insertedId } = (await signed.json()) as { insertedId: string };
  const admin = await request.newContext({
    baseURL: test.info().project.use.baseURL,
    extraHTTPHeaders: timeHeaders(page),
  });
  try {
    const login = await admin.post('/api/login', {
      data: { email: 'admin@structo.com', password: demoPasswords.admin },
    });
    expect(login.status()).toBe(200);
    const accepted = await admin.post('/api/accept/agreements', {
      data: { agreement_id: insertedId },
    });
    expect(accepted.status(), 'accepting').toBe(200);
  } finally {
    await admin.dispose();
  }
  return resident;
}

/** Signs the page's browser context in as a demo account, through the real login endpoint. */
export async function loginAs(page: Page, role: DemoRole): Promise<void> {
  const response = await page.request.post('/api/login', {
    data: { email: `${role}@structo.com`, password: demoPasswords[role] },
  });
  expect(response.status(), `login as ${role}`).toBe(200);
}

/**
 * axe-core's script (the copy @axe-core/playwright itself loads), made to do nothing in a
 * document that has it already.
 */
const AXE_ONCE = (() => {
  const axeBuilder = createRequire(import.meta.url).resolve('@axe-core/playwright');
  const script = readFileSync(createRequire(axeBuilder).resolve('axe-core/axe.min.js'), 'utf8');
  return `if (!window.axe) {\n${script}\n}`;
})();

/** Accessibility problems on the current page, of any impact (axe-core, WCAG 2.2 A and AA). */
export async function accessibilityViolations(page: Page) {
  // Colours are checked once they have settled: on a loaded machine a menu link fading into its
  // "current page" colours was once measured mid-fade. Endless animations (spinners) are not
  // waited for.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // axe runs in the page itself (legacy mode): its default opens a blank page (a new renderer
  // process) on every check to merge the frames' results, and our frames (an email, the map) are
  // excluded anyway. It is loaded into a document once, not again on every check of a page the
  // app moved to without a reload. Together these halve a check's time (2.3 s to 0.9–1.2 s on
  // this 2-core machine) in the sweeps that check dozens of pages.
  const results = await new AxeBuilder({ page, axeSource: AXE_ONCE })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'])
    .exclude('iframe')
    .setLegacyMode()
    .analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

/**
 * The WCAG contrast ratio of an element's text against what is painted behind it, measured in
 * the browser: every colour (oklch, lab, color-mix…) is drawn on a canvas and read back as sRGB,
 * and translucent backgrounds are layered over their ancestors'. axe-core leaves such colours
 * "to review", so this is what proves a chip or badge is readable.
 */
export async function textContrast(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) throw new Error('no canvas');
    const layers: string[] = [];
    for (let node: Element | null = element; node; node = node.parentElement) {
      const background = getComputedStyle(node).backgroundColor;
      layers.unshift(background);
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = background;
      context.fillRect(0, 0, 1, 1);
      if (context.getImageData(0, 0, 1, 1).data[3] === 255) break;
    }
    const paint = (colours: string[]) => {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = '#fff';
      context.fillRect(0, 0, 1, 1);
      for (const colour of colours) {
        context.fillStyle = colour;
        context.fillRect(0, 0, 1, 1);
      }
      const [r, g, b] = context.getImageData(0, 0, 1, 1).data;
      const channel = (value: number) => {
        const c = value / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r ?? 0) + 0.7152 * channel(g ?? 0) + 0.0722 * channel(b ?? 0);
    };
    const back = paint(layers);
    const text = paint([...layers, getComputedStyle(element).color]);
    return (Math.max(back, text) + 0.05) / (Math.min(back, text) + 0.05);
  });
}

/**
 * Opens a dashboard page from the dashboard's menu: the app draws it in the browser and asks for
 * its data there (where a journey can intercept it), as it does when a person moves between pages.
 */
export async function openDashboardPage(page: Page, label: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Dashboard menu' })
    .getByRole('link', { name: label })
    .click();
}
