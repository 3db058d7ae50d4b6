import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TIME_ZONE_COOKIE } from '@structomate/contract';
import { buildTestApp, loginAs, type TestApp } from '../../test/build';
import { PAGE_ONLY_HEADERS } from '../../test/headers';
import { capturedLog, getOverSocket } from '../../test/sockets';
import { API_SECURITY_HEADERS } from './security';

/**
 * A built web app of our own: the page template, and a renderer that draws the address it is
 * given and can be held mid-draw by the test (`globalThis[HOLD]`), or made to fail (`/fail…`).
 */
const HOLD = '__webAppTestHold';
const INDEX_HTML =
  '<!doctype html><html><head><title>StructoMate</title></head><body><div id="root"></div></body></html>';
const RENDERER = `
export async function render(url) {
  const hold = globalThis[${JSON.stringify(HOLD)}];
  if (hold) await hold(url);
  if (url.startsWith('/fail')) throw new Error('the page could not be drawn');
  // Past the size the server compresses (1 KB), as the real pages are.
  const text = '<p>' + 'A building run well. '.repeat(60) + '</p>';
  return { html: '<main>drawn ' + url + text + '</main>', title: 'Drawn', head: '', stateScript: '' };
}
`;

type Holds = typeof globalThis & { [HOLD]?: (url: string) => Promise<void> };

let buildDir: string;
const apps: TestApp[] = [];

beforeAll(async () => {
  buildDir = await mkdtemp(path.join(tmpdir(), 'structomate-web-'));
  await mkdir(path.join(buildDir, 'dist'));
  await mkdir(path.join(buildDir, 'dist-ssr'));
  await writeFile(path.join(buildDir, 'dist', 'index.html'), INDEX_HTML);
  await writeFile(path.join(buildDir, 'dist-ssr', 'entry-server.js'), RENDERER);
  await mkdir(path.join(buildDir, 'dist', 'assets'));
  await writeFile(path.join(buildDir, 'dist', 'assets', 'app-Abc123.js'), 'export {};\n');
});

afterEach(async () => {
  delete (globalThis as Holds)[HOLD];
  await Promise.all(apps.splice(0).map((one) => one.close()));
});

afterAll(async () => {
  await rm(buildDir, { recursive: true, force: true });
});

async function serving(pageDrawsAtOnce: number, demo = false) {
  const served = await buildTestApp({
    demo,
    config: { env: 'production', webDistDir: path.join(buildDir, 'dist'), pageDrawsAtOnce },
  });
  apps.push(served);
  return served.app;
}

/** Holds every draw until `release`; `started` settles once `count` draws have begun. */
function holdDraws(count: number) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let begun = 0;
  let allBegun!: () => void;
  const started = new Promise<void>((resolve) => {
    allBegun = resolve;
  });
  (globalThis as Holds)[HOLD] = async () => {
    begun += 1;
    if (begun === count) allBegun();
    await released;
  };
  return { started, release, begun: () => begun };
}

const drawn = (body: string, url: string) => body.includes(`<div id="root"><main>drawn ${url}`);
const isShell = (body: string) => body.includes('<div id="root"></div>');

describe('pages drawn at once (PAGE_DRAWS_AT_ONCE)', () => {
  it('sends the shell while the limit’s worth of pages is being drawn, and draws again after', async () => {
    const app = await serving(1);
    const held = holdDraws(1);
    const first = app.inject({ method: 'GET', url: '/apartment' });
    await held.started;

    // An unknown address is drawn every time (a 404 is never kept): here it waits for no one.
    const meanwhile = await app.inject({ method: 'GET', url: '/nowhere' });
    expect(meanwhile.statusCode).toBe(404);
    expect(isShell(meanwhile.body)).toBe(true);
    expect(meanwhile.headers['cache-control']).toBe('no-cache');
    // The same page the first visitor waits for is not kept yet: the shell too.
    const sameMeanwhile = await app.inject({ method: 'GET', url: '/apartment' });
    expect(sameMeanwhile.statusCode).toBe(200);
    expect(isShell(sameMeanwhile.body)).toBe(true);
    expect(held.begun()).toBe(1);

    held.release();
    const firstAnswer = await first;
    expect(firstAnswer.statusCode).toBe(200);
    expect(drawn(firstAnswer.body, '/apartment')).toBe(true);

    const after = await app.inject({ method: 'GET', url: '/nowhere' });
    expect(after.statusCode).toBe(404);
    expect(drawn(after.body, '/nowhere')).toBe(true);
  });

  it('draws up to the limit at once', async () => {
    const app = await serving(2);
    const held = holdDraws(2);
    const pages = [
      app.inject({ method: 'GET', url: '/one' }),
      app.inject({ method: 'GET', url: '/two' }),
    ];
    await held.started;
    const third = await app.inject({ method: 'GET', url: '/three' });
    expect(isShell(third.body)).toBe(true);
    held.release();
    const [one, two] = await Promise.all(pages);
    expect(drawn(one!.body, '/one')).toBe(true);
    expect(drawn(two!.body, '/two')).toBe(true);
  });

  it('frees the place of a draw that failed', async () => {
    const app = await serving(1);
    const failed = await app.inject({ method: 'GET', url: '/failing' });
    expect(failed.statusCode).toBe(404);
    expect(isShell(failed.body)).toBe(true);
    const next = await app.inject({ method: 'GET', url: '/apartment' });
    expect(drawn(next.body, '/apartment')).toBe(true);
  });

  it('keeps a page drawn once, not the shell sent while it was busy', async () => {
    const app = await serving(1);
    const held = holdDraws(1);
    const busy = app.inject({ method: 'GET', url: '/nowhere' });
    await held.started;
    expect(isShell((await app.inject({ method: 'GET', url: '/' })).body)).toBe(true);
    held.release();
    await busy;
    delete (globalThis as Holds)[HOLD];
    expect(drawn((await app.inject({ method: 'GET', url: '/' })).body, '/')).toBe(true);
  });

  it('with 0, sends every page as the shell', async () => {
    const app = await serving(0);
    for (const url of ['/', '/apartment', '/nowhere']) {
      const answer = await app.inject({ method: 'GET', url });
      expect(isShell(answer.body)).toBe(true);
    }
  });
});

describe('public pages, sent again (ADR 020)', () => {
  it('go to the next visitor as they were sent, until what they show changes', async () => {
    const app = await serving(4, true);
    await app.listen({ host: '127.0.0.1', port: 0 });
    let draws = 0;
    (globalThis as Holds)[HOLD] = async () => {
      draws += 1;
    };
    const asked: Record<string, string>[] = [{}, { 'accept-encoding': 'br, gzip' }];
    for (const encodings of asked) {
      const first = await getOverSocket(app, '/apartment', encodings);
      const served = app.replays.served;
      const again = await getOverSocket(app, '/apartment', encodings);
      expect(app.replays.served).toBe(served + 1);
      expect(again.status).toBe(200);
      expect(again.body.equals(first.body)).toBe(true);
      const { date: _date, 'x-request-id': _id, ...lasting } = first.headers;
      expect(again.headers).toMatchObject(lasting);
    }
    const compressed = await getOverSocket(app, '/apartment', { 'accept-encoding': 'br, gzip' });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(draws).toBe(1);
    const served = app.replays.served;
    // Once what the page shows changes, it is drawn again.
    await app.publicCache.invalidate('pages');
    expect(drawn((await getOverSocket(app, '/apartment')).body.toString(), '/apartment')).toBe(
      true,
    );
    expect(draws).toBe(2);
    expect(app.replays.served).toBe(served);
  });

  it('never go to someone signed in, nor answer for a page that is not there', async () => {
    const app = await serving(4, true);
    await app.listen({ host: '127.0.0.1', port: 0 });
    await getOverSocket(app, '/');
    const served = app.replays.served;
    await getOverSocket(app, '/');
    expect(app.replays.served).toBe(served + 1);
    const member = await loginAs(app, 'member');
    const mine = await getOverSocket(app, '/', { cookie: member.cookie });
    expect(mine.headers['cache-control']).toBe('no-store');
    for (let i = 0; i < 2; i += 1) expect((await getOverSocket(app, '/nowhere')).status).toBe(404);
    expect(app.replays.served).toBe(served + 1);
  });
});

describe('public pages sent again, in the log', () => {
  it('are logged under their path, without the query, as when the app answers them', async () => {
    const { stream, lines } = capturedLog();
    const served = await buildTestApp({
      demo: true,
      logStream: stream,
      config: { env: 'production', webDistDir: path.join(buildDir, 'dist'), logLevel: 'info' },
    });
    apps.push(served);
    await served.app.listen({ host: '127.0.0.1', port: 0 });
    const url = '/apartment?email=someone%40example.com';
    await getOverSocket(served.app, url);
    await getOverSocket(served.app, url);
    expect(served.app.replays.served).toBe(1);
    const logged = lines.filter((line) => line.msg === 'request completed');
    expect(logged.map((line) => line.route)).toEqual(['/apartment', '/apartment']);
    expect(JSON.stringify(lines)).not.toContain('someone');
  });
});

describe('the signed-in part of the app, to crawlers', () => {
  const timeZone = `${TIME_ZONE_COOKIE}=${encodeURIComponent('Europe/Berlin')}`;

  it('says noindex on every dashboard answer to someone not signed in', async () => {
    const app = await serving(4);
    for (const url of ['/dashboard', '/dashboard/', '/dashboard/payments', '/dashboard/nowhere']) {
      for (const cookie of [timeZone, `sm_session=no-such-session; ${timeZone}`]) {
        const answer = await app.inject({ method: 'GET', url, headers: { cookie } });
        expect(answer.headers['x-robots-tag'], `${url} with ${cookie}`).toBe('noindex');
        expect(isShell(answer.body)).toBe(true);
      }
    }
  });

  it('says nothing of the kind to the person signed in, nor on the public pages', async () => {
    const app = await serving(4, true);
    const member = await loginAs(app, 'member');
    const withZone = await member.inject({
      method: 'GET',
      url: '/dashboard/payments',
      headers: { cookie: `${member.cookie}; ${timeZone}` },
    });
    expect(drawn(withZone.body, '/dashboard/payments')).toBe(true);
    expect(withZone.headers['x-robots-tag']).toBeUndefined();
    for (const url of ['/dashboard', '/dashboard/payments']) {
      const shell = await member.inject({ method: 'GET', url });
      expect(isShell(shell.body)).toBe(true);
      expect(shell.headers['x-robots-tag']).toBeUndefined();
    }
    for (const url of ['/', '/apartment', '/authentiction', '/nowhere']) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.headers['x-robots-tag'], url).toBeUndefined();
    }
  });
});

describe('the built files', () => {
  it('carry the headers a file needs, not those of a page', async () => {
    const app = await serving(4);
    const script = await app.inject({ method: 'GET', url: '/assets/app-Abc123.js' });
    expect(script.statusCode).toBe(200);
    // The API's set, which app.test.ts spells out.
    expect(script.headers).toMatchObject(API_SECURITY_HEADERS);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const name of PAGE_ONLY_HEADERS) expect(script.headers[name], name).toBeUndefined();
    // A page still carries a page's.
    const page = await app.inject({ method: 'GET', url: '/' });
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
  });
});
