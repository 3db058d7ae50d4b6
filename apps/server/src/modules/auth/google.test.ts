import {
  deletedAccountEmail,
  SessionResponseSchema,
  SiteConfigSchema,
} from '@structomate/contract';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build';
import { startTestIssuer, type TestIssuer } from '../../../test/oidc-issuer';
import { userIdentities, users } from '../../db/schema';

const publicUrl = 'http://localhost:3999';
let issuer: TestIssuer;
let t: TestApp;

beforeAll(async () => {
  issuer = await startTestIssuer({ redirectUris: [`${publicUrl}/api/auth/google/callback`] });
  t = await buildTestApp({
    demo: true,
    config: {
      publicUrl,
      google: {
        issuer: issuer.issuer,
        clientId: issuer.clientId,
        clientSecret: issuer.clientSecret,
      },
    },
  });
});
afterAll(async () => {
  await t.close();
  await issuer.close();
});

/** A browser's trip through the provider: follows redirects, keeps the provider's cookies. */
class ProviderBrowser {
  private cookies = new Map<string, string>();

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: {
        ...init.headers,
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = (pair ?? '').split('=');
      if (name) this.cookies.set(name.trim(), value.join('='));
    }
    return response;
  }

  /** Follows redirects within the provider until it sends the browser back to our site. */
  async follow(start: string, form?: Record<string, string>): Promise<string> {
    let url = start;
    let response = await this.fetch(url);
    for (let hop = 0; hop < 10; hop += 1) {
      if (response.status === 200 && form) {
        const body = new URLSearchParams(form).toString();
        response = await this.fetch(url, {
          method: 'POST',
          body,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
        form = undefined;
        continue;
      }
      const location = response.headers.get('location');
      if (!location)
        throw new Error(`stuck at ${url}: ${response.status} ${await response.text()}`);
      url = new URL(location, url).href;
      if (url.startsWith(publicUrl)) return url;
      response = await this.fetch(url);
    }
    throw new Error('too many redirects');
  }
}

async function signIn(
  account: { email: string; name: string } | 'cancel',
  returnTo = '/apartment',
): Promise<{ location: string; cookie: string | undefined; authorizeUrl: URL }> {
  const start = await t.app.inject({
    method: 'GET',
    url: `/api/auth/google/start?returnTo=${encodeURIComponent(returnTo)}`,
  });
  expect(start.statusCode).toBe(302);
  const authorizeUrl = new URL(String(start.headers.location));
  const pending = String(start.headers['set-cookie']).split(';')[0] ?? '';
  const browser = new ProviderBrowser();
  const back = await browser.follow(
    authorizeUrl.href,
    account === 'cancel'
      ? { email: 'x@example.com', name: 'x', cancel: '1' }
      : { email: account.email, name: account.name },
  );
  const callback = await t.app.inject({
    method: 'GET',
    url: back.slice(publicUrl.length),
    headers: { cookie: pending },
  });
  expect(callback.statusCode).toBe(302);
  const cookies = [callback.headers['set-cookie']].flat().map(String);
  const session = cookies.find(
    (line) => line.startsWith('sm_session=') && !line.startsWith('sm_session=;'),
  );
  return {
    location: String(callback.headers.location),
    cookie: session?.split(';')[0],
    authorizeUrl,
  };
}

const whoIs = async (cookie: string | undefined) =>
  SessionResponseSchema.parse(
    (
      await t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie: cookie ?? '' } })
    ).json(),
  ).user;

describe('Google sign-in (OpenID Connect against a local issuer)', () => {
  it('asks for code + PKCE S256 with state and nonce', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/api/auth/google/start' });
    const url = new URL(String(start.headers.location));
    expect(url.origin).toBe(issuer.issuer);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    expect(url.searchParams.get('redirect_uri')).toBe(`${publicUrl}/api/auth/google/callback`);
    expect(String(start.headers['set-cookie'])).toMatch(/sm_oidc=.*HttpOnly/i);
  });

  it('creates a user on the first sign-in ("Welcome"), keyed by issuer and subject', async () => {
    const first = await signIn({ email: 'grace@example.com', name: 'Grace Hopper' });
    expect(first.location).toBe('/apartment?google=welcome');
    const user = await whoIs(first.cookie);
    expect(user).toMatchObject({
      email: 'grace@example.com',
      displayName: 'Grace Hopper',
      role: 'user',
    });
    const [identity] = await t.database.db
      .select()
      .from(userIdentities)
      .where(eq(userIdentities.userId, user?._id ?? ''));
    expect(identity).toMatchObject({
      issuer: issuer.issuer,
      subject: issuer.subjectFor('grace@example.com'),
    });

    const again = await signIn({ email: 'grace@example.com', name: 'Grace Hopper' }, '/');
    expect(again.location).toBe('/?google=welcome-back');
    expect((await whoIs(again.cookie))?._id).toBe(user?._id);
    const [accounts] = await t.database.db
      .select({ n: count() })
      .from(users)
      .where(sql`lower(${users.email}) = 'grace@example.com'`);
    expect(accounts?.n).toBe(1);
  });

  it('joins an existing account with the same, provider-verified email ("Welcome Back")', async () => {
    const result = await signIn({ email: 'member@structo.com', name: 'Someone Else' });
    expect(result.location).toBe('/apartment?google=welcome-back');
    const user = await whoIs(result.cookie);
    expect(user).toMatchObject({ email: 'member@structo.com', role: 'member' });
    const [linked] = await t.database.db
      .select({ n: count() })
      .from(userIdentities)
      .where(
        and(eq(userIdentities.userId, user?._id ?? ''), eq(userIdentities.issuer, issuer.issuer)),
      );
    expect(linked?.n).toBe(1);
  });

  it('never signs into a deleted account, nor makes one at a .invalid address', async () => {
    const first = await signIn({ email: 'leaving@example.com', name: 'Leaving Person' });
    const leaving = await whoIs(first.cookie);
    expect(leaving).toMatchObject({ email: 'leaving@example.com' });
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: { cookie: first.cookie ?? '' },
      payload: { confirm: 'DELETE' },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    // As a sign-in recorded while the account was being deleted would have left it (a server of
    // the release before, which did not hold the account): it must not lock the person out.
    await t.database.db.insert(userIdentities).values({
      userId: leaving?._id ?? '',
      issuer: issuer.issuer,
      subject: issuer.subjectFor('leaving@example.com'),
    });
    // The same Google account again is a new person: the deleted one is never signed into.
    const again = await signIn({ email: 'leaving@example.com', name: 'Leaving Person' });
    expect(again.location).toBe('/apartment?google=welcome');
    const newcomer = await whoIs(again.cookie);
    expect(newcomer).toMatchObject({ email: 'leaving@example.com' });
    expect(newcomer?._id).not.toBe(leaving?._id);
    // A provider vouching for the deleted account's made-up address reaches nothing, and makes
    // no account at a domain no mail reaches.
    for (const email of [deletedAccountEmail(leaving?._id ?? ''), 'someone@example.invalid']) {
      const refused = await signIn({ email, name: 'Someone' });
      expect(refused.location, email).toBe('/authentiction?google=failed');
      expect(refused.cookie, email).toBeUndefined();
    }
    const [atInvalid] = await t.database.db
      .select({ n: count() })
      .from(users)
      .where(sql`lower(${users.email}) = 'someone@example.invalid'`);
    expect(atInvalid?.n).toBe(0);
  });

  it('fails cleanly when the person cancels at the provider', async () => {
    const result = await signIn('cancel');
    expect(result.location).toBe('/authentiction?google=failed');
    expect(result.cookie).toBeUndefined();
  });

  it('refuses a callback without the pending sign-in cookie or with a forged state', async () => {
    const noCookie = await t.app.inject({
      method: 'GET',
      url: '/api/auth/google/callback?code=abc&state=def',
    });
    expect(noCookie.headers.location).toBe('/authentiction?google=failed');
    const start = await t.app.inject({ method: 'GET', url: '/api/auth/google/start' });
    const pending = String(start.headers['set-cookie']).split(';')[0] ?? '';
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/auth/google/callback?code=abc&state=forged',
      headers: { cookie: pending },
    });
    expect(forged.headers.location).toBe('/authentiction?google=failed');
    expect(String(forged.headers['set-cookie'])).not.toMatch(/sm_session=[^;]/);
  });

  it('signs the pending sign-in cookie: one edited in the browser is refused', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/api/auth/google/start' });
    const pending = String(start.headers['set-cookie']).split(';')[0] ?? '';
    const value = decodeURIComponent(pending.slice('sm_oidc='.length));
    // The JSON, then a dot and its HMAC.
    expect(value).toMatch(/^\{.*\}\.[\w+/=-]{20,}$/);
    const dot = value.lastIndexOf('.');
    const json = JSON.parse(value.slice(0, dot)) as Record<string, unknown>;
    // The same state, another place to land: the signature no longer matches.
    const edited = JSON.stringify({ ...json, returnTo: '/dashboard' }) + value.slice(dot);
    const url = new URL(String(start.headers.location));
    const callback = await t.app.inject({
      method: 'GET',
      url: `/api/auth/google/callback?code=abc&state=${url.searchParams.get('state') ?? ''}`,
      headers: { cookie: `sm_oidc=${encodeURIComponent(edited)}` },
    });
    expect(callback.headers.location).toBe('/authentiction?google=failed');
  });

  it('marks the pending sign-in cookie Secure where the site is served over https', async () => {
    const production = await buildTestApp({
      config: {
        env: 'production',
        webDistDir: undefined,
        publicUrl,
        google: {
          issuer: issuer.issuer,
          clientId: issuer.clientId,
          clientSecret: issuer.clientSecret,
        },
      },
    });
    try {
      const start = await production.app.inject({
        method: 'GET',
        url: '/api/auth/google/start',
        headers: { host: 'home.example.com' },
      });
      expect(String(start.headers['set-cookie'])).toMatch(/sm_oidc=.*; Secure/i);
    } finally {
      await production.close();
    }
  });

  it('only returns to paths on this site', async () => {
    for (const returnTo of [
      '//evil.example/x',
      'https://evil.example/',
      '/\\evil.example',
      // Dot-segments a browser resolves to //evil.example/x.
      '/.//evil.example/x',
      '/..//evil.example/x',
      '/%2e//evil.example/x',
      '/a/../..//evil.example/x',
    ]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/auth/google/start?returnTo=${encodeURIComponent(returnTo)}`,
      });
      expect(response.statusCode, returnTo).toBe(400);
    }
  });
});

describe('without Google configured', () => {
  it('says so in the site settings and answers the start with 404', async () => {
    const plain = await buildTestApp();
    try {
      const site = SiteConfigSchema.parse(
        (await plain.app.inject({ method: 'GET', url: '/api/site' })).json(),
      );
      expect(site.googleSignIn).toBe(false);
      const start = await plain.app.inject({ method: 'GET', url: '/api/auth/google/start' });
      expect(start.statusCode).toBe(404);
      expect(start.json()).toEqual({
        error: { code: 'NOT_FOUND', message: 'Sign-in with Google is not configured' },
      });
    } finally {
      await plain.close();
    }
  });
});
