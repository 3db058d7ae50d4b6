// @vitest-environment node
import type { Apartment, Building, SessionUser } from '@structomate/contract';
import { describe, expect, it, vi } from 'vitest';
import { render } from './entry-server';
import type { SsrState } from './lib/ssr-state';
import { siteConfig } from './test/site-config';

const building: Building = {
  name: 'Lakeview House',
  address: 'Road 11, Banani, Dhaka 1213, Bangladesh',
  mapEmbedUrl: 'https://www.google.com/maps?q=Banani&output=embed',
  contactEmail: 'office@example.com',
  contactPhone: null,
  emergencyPhone: null,
  socialLinks: {},
  leaseDefaults: {
    termMonths: 12,
    depositMonths: 1,
    noticeDays: 30,
    rentDueDay: 1,
    graceDays: 0,
    parking: '',
  },
  version: 1,
};

const apartment = (overrides: Partial<Apartment> = {}): Apartment => ({
  _id: '6c1f5d9e-3b7a-4c2e-9f10-2a4b6c8d0e1f',
  apartmentNo: 'C-801',
  details: 'Penthouse with a terrace',
  apartmentImage: '/api/images/c801.webp',
  floorNo: 8,
  blockName: 'C',
  rent: 145_000,
  available: true,
  ...overrides,
});

const resident: SessionUser = {
  _id: 'u1',
  email: 'rahim@example.com',
  displayName: 'Rahim Uddin',
  photoURL: null,
  role: 'user',
  formerTenant: false,
};

/** The API as a page drawn on the server sees it; `answers` overrides a path's answer. */
function fakeApi(
  answers: Record<string, { status?: number; body: unknown }> = {},
  user: SessionUser | null = null,
) {
  const calls: string[] = [];
  const fetchApi = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    calls.push(`${init?.method ?? 'GET'} ${path}`);
    const defaults: Record<string, unknown> = {
      '/api/session': { user },
      '/api/building': building,
      '/api/site': siteConfig(),
      '/api/coupons/featured': { result: null },
      '/api/users/agreements/': { result: null },
    };
    const answer = answers[path] ?? { body: defaults[path.split('?')[0] ?? ''] };
    if (answer.body === undefined) return Response.json({ error: 'unexpected' }, { status: 418 });
    return Response.json(answer.body, { status: answer.status ?? 200 });
  });
  return { fetchApi: fetchApi as typeof fetch, calls };
}

const NOW = Date.parse('2031-06-15T10:00:30Z');
const stateOf = (script: string): SsrState =>
  JSON.parse(/<script[^>]*>(.*)<\/script>$/s.exec(script)?.[1] ?? '') as SsrState;
const queryKeys = (state: SsrState) => state.queries.queries.map((query) => query.queryKey);

describe('drawing a public page on the server', () => {
  it('draws the listing with its apartments and hands the browser the data it was drawn with', async () => {
    const listing = { result: [apartment()], total: 1, page: 1, limit: 6, pageCount: 1 };
    const { fetchApi, calls } = fakeApi({ '/api/apartments?page=1&limit=6': { body: listing } });

    const page = await render('/apartment', fetchApi, NOW);

    expect(page.title).toBe('Apartments · StructoMate');
    expect(page.html).toContain('alt="Inside apartment C-801"');
    expect(page.html).toContain('1 apartment, highest rent first');
    expect(page.html).not.toContain('Loading apartments');
    // Each call once: the page is drawn again with the data, not asked again.
    expect(calls.filter((call) => call.includes('/api/apartments'))).toHaveLength(1);
    expect(new Set(calls).size).toBe(calls.length);
    const state = stateOf(page.stateScript);
    expect(queryKeys(state)).toContainEqual(['apartments', { maxRent: undefined, page: 1 }]);
    expect(state.drawnAt).toBe(Date.parse('2031-06-15T10:00:00Z'));
    // The building's day it was drawn on, and the instants that day spans in the building's zone
    // (Dhaka, UTC+6): the browser takes the page over without a date formatter of its own.
    expect(state.days).toEqual({
      'Asia/Dhaka': {
        day: '2031-06-15',
        from: Date.parse('2031-06-14T18:00:00Z'),
        until: Date.parse('2031-06-15T18:00:00Z'),
      },
    });
    // The footer's year is the request's, not the machine's.
    expect(page.html).toContain('© <!-- -->2031<!-- --> <!-- -->Lakeview House');
  });

  it('asks for what the page needs once earlier data says so: a resident’s own request', async () => {
    const id = apartment()._id;
    const answers = { [`/api/apartments/${id}`]: { body: { result: apartment() } } };
    const api = fakeApi(answers, resident);

    const page = await render(`/apartment/${id}`, api.fetchApi, NOW);

    expect(page.html).toContain('Residential Lease Agreement');
    expect(page.html).toContain('Rahim Uddin');
    // Drawn on the building's day at the request's time.
    expect(page.html).toContain('June 15, 2031');
    expect(api.calls).toContain('POST /api/users/agreements/');
    expect(queryKeys(stateOf(page.stateScript))).toContainEqual(['own-agreement']);
  });

  it('draws a failed call the way the browser will meet it, still loading, and leaves it out', async () => {
    const id = apartment()._id;
    const { fetchApi } = fakeApi({
      [`/api/apartments/${id}`]: { status: 503, body: { error: { message: 'Down' } } },
    });

    const page = await render(`/apartment/${id}`, fetchApi, NOW);

    expect(page.html).toContain('Loading the agreement');
    expect(queryKeys(stateOf(page.stateScript))).not.toContainEqual(['apartment', id]);
  });

  it('keeps the data from ending its script element early', async () => {
    const listing = {
      result: [apartment({ details: '</script><script>alert(1)</script> <!-- x' })],
      total: 1,
      page: 1,
      limit: 6,
      pageCount: 1,
    };
    const { fetchApi } = fakeApi({ '/api/apartments?page=1&limit=6': { body: listing } });

    const page = await render('/apartment', fetchApi, NOW);

    expect(page.stateScript.match(/<\/script>/g)).toHaveLength(1);
    expect(page.stateScript).not.toContain('<!--');
    expect(stateOf(page.stateScript).queries.queries.length).toBeGreaterThan(0);
  });

  it('moves the title and the first images’ preloads out of the markup, for the head', async () => {
    const listing = { result: [apartment()], total: 1, page: 1, limit: 6, pageCount: 1 };
    const { fetchApi } = fakeApi({ '/api/apartments?page=1&limit=6': { body: listing } });

    const page = await render('/apartment', fetchApi, NOW);

    expect(page.html).not.toContain('<title>');
    expect(page.html.startsWith('<link')).toBe(false);
    expect(page.head).toContain('href="/api/images/c801.webp"');
  });

  it('asks the browser for the first apartment’s photo before anything else, and only that one', async () => {
    const second = apartment({
      _id: '7d2a6e0f-4c8b-4d3f-8a21-3b5c7d9e1f20',
      apartmentNo: 'B-402',
      apartmentImage: '/api/images/b402.webp',
    });
    const listing = { result: [apartment(), second], total: 2, page: 1, limit: 6, pageCount: 1 };
    const { fetchApi } = fakeApi({ '/api/apartments?page=1&limit=6': { body: listing } });

    const page = await render('/apartment', fetchApi, NOW);

    const photos = [...page.html.matchAll(/<img [^>]*>/g)].map((match) => match[0]);
    const leading = photos.filter((photo) => photo.includes('fetchPriority="high"'));
    expect(leading).toHaveLength(1);
    expect(leading[0]).toContain('alt="Inside apartment C-801"');
    expect(photos.find((photo) => photo.includes('B-402'))).toContain('fetchPriority="auto"');
    expect(page.head).toMatch(
      /<link [^>]*href="\/api\/images\/c801.webp"[^>]*fetchPriority="high"/,
    );
  });

  it('draws different visitors’ pages side by side, each with its own answers', async () => {
    const id = apartment()._id;
    const answers = { [`/api/apartments/${id}`]: { body: { result: apartment() } } };
    const signedIn = fakeApi(answers, resident);
    const visitor = fakeApi(answers, null);

    const [theirs, anonymous] = await Promise.all([
      render(`/apartment/${id}`, signedIn.fetchApi, NOW),
      render(`/apartment/${id}`, visitor.fetchApi, NOW),
    ]);

    expect(theirs.html).toContain('Rahim Uddin');
    expect(anonymous.html).not.toContain('Rahim Uddin');
    expect(visitor.calls).not.toContain('POST /api/users/agreements/');
  });
});
