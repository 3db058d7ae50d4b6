import type { Page } from '@playwright/test';
import { TZDate } from '@date-fns/tz';
import { DATE_FORMATS, TIME_ZONE_COOKIE } from '@structomate/contract';
import { format } from 'date-fns';
import { expect, loginAs, test } from './fixtures';

/**
 * Public pages arrive drawn by the server, with their data (ADR 019): a reader sees them before
 * any script runs, and the browser then takes over the same page (hydrates) without asking for
 * its data again or drawing it anew.
 */

const firstApartment = async (page: Page) => {
  const response = await page.request.get('/api/apartments?limit=1');
  const { result } = (await response.json()) as { result: { _id: string; apartmentNo: string }[] };
  const apartment = result[0];
  if (!apartment) throw new Error('The demo building has no apartment');
  return apartment;
};

/** The cookie in which the app notes the browser's time zone: the machine's, as the server's. */
const readerTimeZone = () => ({
  name: TIME_ZONE_COOKIE,
  value: encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone),
});

/** The paths the page asks the API for (its images aside), as they are asked. */
const apiCallsOf = (page: Page) => {
  const calls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/') && !pathname.startsWith('/api/images/')) calls.push(pathname);
  });
  return calls;
};

/**
 * The scripts the page has loaded so far, read once it is quiet. A body not read yet when the
 * test ends (a chunk that came in as the last check passed) is settled, not left to fail the test
 * after it; one that cannot be read while it is asked for still fails it.
 */
const scriptsOf = (page: Page) => {
  const scripts: Promise<{ text: string } | { error: unknown }>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push(
      response.text().then(
        (text) => ({ text }),
        (error: unknown) => ({ error }),
      ),
    );
  });
  return async () => {
    await page.waitForLoadState('networkidle');
    return (await Promise.all(scripts)).map((script) => {
      if ('error' in script) throw script.error;
      return script.text;
    });
  };
};

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, waitForApp: false });

  test('every public page shows its content @mobile', async ({ page }) => {
    const home = await page.goto('/');
    // The page itself comes compressed, as its scripts and styles do.
    expect(home?.headers()['content-encoding']).toBe('br');
    await expect(page).toHaveTitle('StructoMate · Apartments, leases and rent in one building');
    await expect(page.getByRole('heading', { name: 'About the Building' })).toBeVisible();
    await expect(page.getByRole('img', { name: /./ }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();

    await page.goto('/apartment');
    await expect(page).toHaveTitle('Apartments · StructoMate');
    await expect(page.getByText(/^\d+ apartments, highest rent first$/)).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(6);
    await expect(page.getByText(/Page 1 of \d+/)).toBeVisible();
    // A page of the listing by its address is that page, drawn with its own apartments.
    const firstPage = await page.getByRole('article').first().getByRole('heading').textContent();
    await page.goto('/apartment?page=2');
    await expect(page.getByText(/Page 2 of \d+/)).toBeVisible();
    await expect(page.getByRole('article').first().getByRole('heading')).not.toHaveText(
      firstPage ?? '',
    );

    const apartment = await firstApartment(page);
    await page.goto(`/apartment/${apartment._id}`);
    await expect(page).toHaveTitle(
      `Lease agreement · Apartment ${apartment.apartmentNo} · StructoMate`,
    );
    await expect(page.getByRole('heading', { name: 'Residential Lease Agreement' })).toBeVisible();
    await expect(
      page.getByRole('img', { name: `Inside apartment ${apartment.apartmentNo}` }),
    ).toBeVisible();

    await page.goto('/authentiction');
    await expect(page.getByRole('heading', { name: 'Log in to Home' })).toBeVisible();
    await expect(page.getByLabel('Email')).toBeVisible();
    // Without the app the form is not sent: the browser would send it as a plain GET, the
    // password in the address. (With scripts, the first one enables it: first-use.ts.)
    await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeDisabled();

    await page.goto('/authentiction/registration');
    await expect(page.getByRole('heading', { name: 'Make yourself way to Home' })).toBeVisible();
  });

  test.describe('an unknown page', () => {
    test.use({ expectedHttpErrors: [/^\/no-such-page$/] });

    test('arrives as the 404 page, with its status', async ({ page }) => {
      const response = await page.goto('/no-such-page');
      expect(response?.status()).toBe(404);
      await expect(page).toHaveTitle('Page Not Found · StructoMate');
      await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    });
  });

  test('a signed-in resident’s pages are drawn for them', async ({ page }) => {
    await loginAs(page, 'member');
    await page.goto('/apartment');
    await expect(page.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Login' })).toHaveCount(0);
  });

  test('a member’s dashboard page arrives drawn, its controls waiting for the app @mobile', async ({
    page,
  }) => {
    await loginAs(page, 'member');
    // What the app notes in a browser it has run in: the reader's time zone, here the server's.
    await page
      .context()
      .addCookies([{ ...readerTimeZone(), url: test.info().project.use.baseURL }]);
    const drawn = await page.goto('/dashboard/payments');
    await expect(page).toHaveTitle('Make Payment · StructoMate');
    await expect(page.getByRole('heading', { name: 'Make Payment' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Rent ledger' })).toBeVisible();
    await expect(page.getByLabel('Apartment number')).toHaveValue('B-402');
    // Sent before the app runs, the form would go as a plain GET with its fields in the address:
    // every control of the page waits for the app.
    await expect(page.locator('main fieldset[disabled]')).toHaveCount(1);
    await expect(
      page.locator('main fieldset[disabled]').getByLabel('Apartment number'),
    ).toBeDisabled();
    // Their rent and email: kept by no cache, as their API answers are not.
    expect(drawn?.headers()['cache-control']).toBe('no-store');
    expect(drawn?.headers()['vary']).toMatch(/\bcookie\b/i);
    // For the person it was drawn for: nothing asks a search engine about it.
    expect(drawn?.headers()['x-robots-tag']).toBeUndefined();

    // A browser the app has not run in has noted no time zone, or one that names none: the page
    // arrives as the shell, and the browser draws it.
    for (const value of ['', 'Mars%2FOlympus']) {
      await page
        .context()
        .addCookies([{ ...readerTimeZone(), value, url: test.info().project.use.baseURL }]);
      await page.goto('/dashboard/payments');
      await expect(page.locator('#root')).toBeEmpty();
    }

    // Without a live session the page leads to the login page: it arrives as the empty shell,
    // whether the cookie is gone or names no session.
    await page.context().clearCookies();
    await page.context().addCookies([
      { ...readerTimeZone(), url: test.info().project.use.baseURL },
      { name: 'sm_session', value: 'no-such-session', url: test.info().project.use.baseURL },
    ]);
    await page.goto('/dashboard/payments');
    await expect(page.locator('#root')).toBeEmpty();
    await page.context().clearCookies({ name: 'sm_session' });
    const signedOut = await page.goto('/dashboard/payments');
    await expect(page.locator('#root')).toBeEmpty();
    // What a crawler finds there, never signed in: said not to be indexed on the answer, which
    // robots.txt leaves it free to read.
    expect(signedOut?.headers()['x-robots-tag']).toBe('noindex');
    const robots = await page.request.get('/robots.txt');
    expect(robots.status()).toBe(200);
    expect(await robots.text()).not.toMatch(/^Disallow:\s*\/dashboard/im);
  });
});

test.describe('a reader far from the server and the building', () => {
  // The server runs on the machine's zone and the building is in Dhaka: Auckland is neither.
  const zone = 'Pacific/Auckland';
  test.use({ timezoneId: zone });

  const paymentTime = 'main ul[aria-label="Payments"] li p.mt-1';

  /** The demo member's latest payment's time, as a clock in `where` shows it. */
  async function latestPaymentAt(page: Page) {
    const response = await page.request.post('/api/get/transactions', { data: {} });
    const [latest] = (await response.json()) as { date: string }[];
    if (!latest) throw new Error('The demo member has no payment');
    return (where: string) =>
      format(new TZDate(Date.parse(latest.date), where), DATE_FORMATS.timeAndDate);
  }

  /**
   * Opens Payment History and returns the latest payment's time as the server drew it, noted
   * before any of the app's scripts ran, and whether that element is still the one shown.
   */
  async function paymentHistoryAsDrawn(page: Page) {
    await page.addInitScript((selector) => {
      document.addEventListener('DOMContentLoaded', () => {
        const time = document.querySelector(selector);
        (window as unknown as { drawnTime: Element | null }).drawnTime = time;
      });
    }, paymentTime);
    await page.goto('/dashboard/paymentHistory');
    return page.evaluate(() => {
      const time = (window as unknown as { drawnTime: Element | null }).drawnTime;
      return { text: time?.textContent, connected: time?.isConnected };
    });
  }

  test('a visitor’s zone is noted once they act on a public page, not while it starts', async ({
    page,
  }) => {
    const noted = async () =>
      (await page.context().cookies()).find((cookie) => cookie.name === TIME_ZONE_COOKIE)?.value;
    // The page goto waits for the app to run in it: it has taken the page over.
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'About the Building' })).toBeVisible();
    expect(await noted()).toBeUndefined();
    await page.keyboard.press('Tab');
    await expect.poll(noted).toBe(encodeURIComponent(zone));
  });

  test('gets dashboard pages drawn with the times on their own clock @mobile', async ({ page }) => {
    await loginAs(page, 'member');
    // The first page the app runs on notes the browser's time zone.
    await page.goto('/dashboard/myProfile');
    const expected = (await latestPaymentAt(page))(zone);
    const drawn = await paymentHistoryAsDrawn(page);
    // Drawn by the server in the reader's zone, and kept by the browser as it was drawn.
    expect(drawn.text).toContain(expected);
    expect(drawn.connected).toBe(true);
    await expect(page.locator(paymentTime).first()).toContainText(expected);
  });
  test('who has travelled since the app last ran gets the page drawn anew, without an error', async ({
    page,
  }) => {
    await loginAs(page, 'member');
    await page.goto('/dashboard/myProfile');
    // The app last ran in Dhaka: that is the zone the server knows of.
    await page
      .context()
      .addCookies([
        { ...readerTimeZone(), value: 'Asia%2FDhaka', url: test.info().project.use.baseURL },
      ]);
    const at = await latestPaymentAt(page);
    const drawn = await paymentHistoryAsDrawn(page);
    // Drawn for Dhaka, then drawn again by the browser on Auckland's clock (a page taken over
    // with other text would log an error, which fails the test).
    expect(drawn.text).toContain(at('Asia/Dhaka'));
    expect(drawn.connected).toBe(false);
    await expect(page.locator(paymentTime).first()).toContainText(at(zone));
  });
});

test.describe('the browser takes the page over', () => {
  test('without asking for its data again or drawing it anew, and it works @mobile', async ({
    page,
  }) => {
    const apiCalls = apiCallsOf(page);
    // The heading the server drew, noted before any of the app's scripts run.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { drawnHeading: Element | null }).drawnHeading =
          document.querySelector('h1');
      });
    });

    await page.goto('/apartment');
    const filter = page.getByLabel('Search by maximum rent');
    await filter.fill('30000');
    await expect(page).toHaveURL(/maxRent=30000/);
    await expect(page.getByText(/apartments? within your budget/)).toBeVisible();

    // The first page's apartments came with the page: only the filtered list was asked for.
    expect(apiCalls.filter((path) => path === '/api/apartments')).toHaveLength(1);
    // The same element the server drew, not a copy drawn over it.
    const sameHeading = await page.evaluate(() => {
      const drawn = (window as unknown as { drawnHeading: Element | null }).drawnHeading;
      return drawn !== null && drawn.isConnected && drawn === document.querySelector('h1');
    });
    expect(sameHeading).toBe(true);
  });

  test('the home page starts on what it came with: no call, no Zod; the next visit asks @mobile', async ({
    page,
  }) => {
    const apiCalls = apiCallsOf(page);
    const scripts = scriptsOf(page);

    await page.goto('/');
    const bodies = await scripts();
    // The session and the featured coupon, asked on every visit, came with the page (ADR 021).
    expect(apiCalls).toEqual([]);
    // Zod and the contract's schemas load with the first call, not with the page.
    expect(bodies.length).toBeGreaterThan(5);
    expect(bodies.filter((body) => body.includes('$ZodType'))).toEqual([]);

    // Another page, then home again: that visit asks for the coupon, and parses it.
    await page.getByRole('link', { name: 'Apartment', exact: true }).click();
    await expect(page).toHaveURL(/\/apartment$/);
    const coupon = page.waitForResponse((response) =>
      response.url().endsWith('/api/coupons/featured'),
    );
    await page.getByRole('link', { name: 'StructoMate home' }).click();
    await coupon;
    // The schemas' chunk is fetched once the answer is in, to parse it: after the response, so
    // waited for (the page's "network idle" was reached at its load, not after this visit).
    await expect
      .poll(async () => (await scripts()).some((body) => body.includes('$ZodType')))
      .toBe(true);
  });

  test('the listing reads its address without Zod, by the server’s rule @mobile', async ({
    page,
  }) => {
    const scripts = scriptsOf(page);
    await page.goto('/apartment?maxRent=-5');
    await expect(
      page.getByRole('alert').filter({ hasText: 'The maximum rent must be 0 or more' }),
    ).toBeVisible();
    const bodies = await scripts();
    expect(bodies.length).toBeGreaterThan(5);
    expect(bodies.filter((body) => body.includes('$ZodType'))).toEqual([]);
  });

  test('a lease agreement starts without Zod (leasing.spec.ts sends one) @mobile', async ({
    page,
  }) => {
    const apartment = await firstApartment(page);
    await loginAs(page, 'user');
    const scripts = scriptsOf(page);
    await page.goto(`/apartment/${apartment._id}`);
    await expect(page.getByRole('heading', { name: 'Residential Lease Agreement' })).toBeVisible();
    const bodies = await scripts();
    expect(bodies.length).toBeGreaterThan(5);
    expect(bodies.filter((body) => body.includes('$ZodType'))).toEqual([]);
  });

  test('a member’s dashboard page the server drew is taken over and works @mobile', async ({
    page,
  }) => {
    await loginAs(page, 'member');
    // The first page the app runs on notes the browser's time zone; the next one arrives drawn.
    await page.goto('/dashboard/myProfile');
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { drawnHeading: Element | null }).drawnHeading =
          document.querySelector('h1');
      });
    });
    await page.goto('/dashboard/payments');
    const drawn = await page.evaluate(() => {
      const heading = (window as unknown as { drawnHeading: Element | null }).drawnHeading;
      return {
        text: heading?.textContent,
        same: heading !== null && heading.isConnected && heading === document.querySelector('h1'),
      };
    });
    expect(drawn).toEqual({ text: 'Make Payment', same: true });
    // Its controls work once the app has it.
    await expect(page.getByRole('button', { name: 'Pay' })).toBeEnabled();
    // The ids the server drew are the app's: the account menu the button names is the one it opens.
    const menuButton = page.getByRole('button', { name: /^Account menu for / });
    const controls = await menuButton.getAttribute('aria-controls');
    await menuButton.click();
    await expect(page.locator(`[id="${controls}"]`)).toBeVisible();
    await menuButton.click();
    await page.getByRole('link', { name: 'Payment History' }).click();
    await expect(page.getByRole('heading', { name: 'Payment History' })).toBeVisible();
  });

  test('a reader who asks for less motion gets the slideshow paused', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Play the slideshow' })).toBeVisible();
  });

  test('a browser living on another day takes the lease page over cleanly', async ({ page }) => {
    const apartment = await firstApartment(page);
    // The browser lives on another day than the server: the page starts from the server's
    // drawing and then follows the browser's clock, without a mismatch on the way.
    await page.clock.setFixedTime(new Date('2025-02-01T10:00:00+06:00'));
    await page.goto(`/apartment/${apartment._id}`);
    await expect(page.getByText('Date: February 1, 2025')).toBeVisible();
  });
});

test.describe('the app takes a drawn page over when the reader first acts on it', () => {
  // Here the journeys open pages as they come, without the pointer moved over them.
  test.use({ waitForApp: false });
  const BOOT = /\/assets\/boot-[^/]*\.js$/;

  test('not while the page is only read: none of its code is fetched until then @mobile', async ({
    page,
  }) => {
    const fetched: string[] = [];
    page.on('request', (request) => {
      if (BOOT.test(new URL(request.url()).pathname)) fetched.push(request.url());
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    await expect(page.getByRole('heading', { name: 'About the Building' })).toBeVisible();
    expect(fetched).toEqual([]);
    await expect(page.locator('html[data-app-ready]')).toHaveCount(0);

    await page.mouse.move(20, 300);
    await expect(page.locator('html[data-app-ready]')).toBeAttached();
    expect(fetched).toHaveLength(1);
  });

  test('what the reader typed and pressed before it ran is done once it runs @mobile', async ({
    page,
  }) => {
    // The app's code is slow to come: the reader signs in on the page as drawn meanwhile.
    let arrive: () => void = () => undefined;
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    await page.route(BOOT, async (route) => {
      await arrived;
      await route.continue();
    });
    await page.goto('/authentiction');
    await page.getByLabel('Email').fill('member@structo.com');
    await page.getByLabel('Password', { exact: true }).fill('Member1234');
    const login = page.getByRole('button', { name: 'Login', exact: true });
    await login.click();
    // Held, not sent by the browser as a plain form (the password in the address), and shown
    // as taken: the button dimmed, the pointer busy.
    await expect(page.locator('html[data-app-ready]')).toHaveCount(0);
    expect(new URL(page.url()).search).toBe('');
    await expect(login).toHaveAttribute('data-held');
    await expect(login).toHaveCSS('opacity', '0.7');
    await expect(page.locator('html')).toHaveCSS('cursor', 'progress');

    arrive();
    await page.waitForURL((url) => !url.pathname.startsWith('/authentiction'));
    await expect(
      page.getByRole('button', { name: 'Account menu for Tanvir Hossain' }),
    ).toBeVisible();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });
});

test.describe('typefaces', () => {
  test('the home page is set in the two files it preloads, cut to the weights the pages use', async ({
    page,
  }) => {
    const fonts: Promise<{ path: string; bytes: number }>[] = [];
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (pathname.endsWith('.woff2')) {
        fonts.push(response.body().then((body) => ({ path: pathname, bytes: body.length })));
      }
    });
    await page.goto('/');
    await expect(page.locator('html[data-app-ready]')).toBeAttached();
    await page.evaluate(() => document.fonts.ready);
    const preloaded = await page
      .locator('link[rel="preload"][as="font"]')
      .evaluateAll((links) =>
        links.map((link) => new URL((link as HTMLLinkElement).href).pathname),
      );
    const loaded = await Promise.all(fonts);
    // Inter and Fraunces, their Latin files only: no character of the page needs another file.
    expect(preloaded).toHaveLength(2);
    expect(loaded.map((font) => font.path).sort()).toEqual([...preloaded].sort());
    // Fontsource's files, with the whole weight axis, are 85 KB together.
    expect(loaded.reduce((sum, font) => sum + font.bytes, 0)).toBeLessThan(52_000);

    // Drawn in them: the heading in Fraunces, the text in Inter (once cached, as on any later
    // page: a file that came too late for the first paint is left for the next one). A machine
    // busy enough can be late even from its cache, so the page is opened again until it is.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const drawnIn = async () => {
      await page.reload();
      await page.evaluate(() => document.fonts.ready);
      const { root } = await cdp.send('DOM.getDocument');
      const fontsOf = async (selector: string) => {
        const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
        const { fonts: used } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
        return used.map((font) => ({ family: font.familyName, custom: font.isCustomFont }));
      };
      return {
        heading: await fontsOf('#about-heading'),
        text: await fontsOf('#about-heading + p'),
      };
    };
    await expect.poll(drawnIn, { timeout: 30_000, intervals: [0, 1_000, 2_000] }).toEqual({
      heading: [{ family: 'Fraunces', custom: true }],
      text: [{ family: 'Inter', custom: true }],
    });
  });
});
