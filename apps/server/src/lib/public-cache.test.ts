import { ApartmentListResponseSchema, InsertedResponseSchema } from '@structomate/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app';
import { buildTestApp, loginAs, testConfig, type TestApp } from '../../test/build';
import { newPerson } from '../../test/people';
import type { DatabaseHandle } from '../db/client';
import { apartments } from '../db/schema';
import { PublicCache } from './public-cache';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ demo: true });
});
afterAll(() => t.close());

async function availability(app: TestApp['app'], apartmentNo: string) {
  const response = await app.inject({ method: 'GET', url: '/api/apartments?limit=60' });
  return ApartmentListResponseSchema.parse(response.json()).result.find(
    (a) => a.apartmentNo === apartmentNo,
  )?.available;
}

describe('public cache', () => {
  it('answers a repeated listing from memory', async () => {
    await t.app.inject({ method: 'GET', url: '/api/apartments?maxRent=40000' });
    const select = vi.spyOn(t.database.db, 'select');
    const before = t.app.publicCache.hits;
    const again = await t.app.inject({ method: 'GET', url: '/api/apartments?maxRent=40000' });
    expect(again.statusCode).toBe(200);
    expect(t.app.publicCache.hits).toBe(before + 1);
    // Only the session lookup may touch the database; the listing does not.
    expect(select).not.toHaveBeenCalled();
    select.mockRestore();
  });

  it('shows a change at once on this server and, through NOTIFY, on another', async () => {
    // A second app server on the same database, as behind a load balancer.
    const other = await buildApp({ config: testConfig(), database: t.database });
    await other.ready();
    try {
      expect(await availability(t.app, 'A-502')).toBe(true);
      expect(await availability(other, 'A-502')).toBe(true);

      const [flat] = await t.database.db
        .select({ id: apartments.id })
        .from(apartments)
        .where(eq(apartments.apartmentNo, 'A-502'));
      const person = await newPerson(t.app, t.database);
      const signed = await person.inject({
        method: 'POST',
        url: '/api/create/agreements',
        payload: { newAgreement: { apartmentDetails: { _id: flat?.id } } },
      });
      const { insertedId } = InsertedResponseSchema.parse(signed.json());
      const admin = await loginAs(t.app, 'admin');
      const accepted = await admin.inject({
        method: 'POST',
        url: '/api/accept/agreements',
        payload: { agreement_id: insertedId },
      });
      expect(accepted.statusCode).toBe(200);

      expect(await availability(t.app, 'A-502')).toBe(false);
      await expect.poll(() => availability(other, 'A-502'), { timeout: 5000 }).toBe(false);
    } finally {
      await other.close();
    }
  });

  it('does not keep an answer loaded before an invalidation that overtook it', async () => {
    let notify: (payload: string) => void = () => undefined;
    const database = {
      listen: async (_channel: string, onMessage: (payload: string) => void) => {
        notify = onMessage;
        return async () => undefined;
      },
      notify: async (_channel: string, payload: string) => notify(payload),
    } as unknown as DatabaseHandle;
    const cache = new PublicCache(database);
    await cache.start(() => undefined);

    let release: (value: string) => void = () => undefined;
    const slow = cache.get('apartments', 'k', () => new Promise<string>((r) => (release = r)));
    await cache.invalidate('apartments');
    release('stale');
    expect(await slow).toBe('stale');
    // The stale answer was not stored: the next read loads again.
    expect(await cache.get('apartments', 'k', async () => 'fresh')).toBe('fresh');
  });

  it('keeps what it loaded after its own change when its notice comes back; another server’s clears it', async () => {
    // PostgreSQL delivers a notice to every listener, the sender included, some time later.
    let listener: (payload: string) => void = () => undefined;
    const sent: string[] = [];
    const database = {
      listen: async (_channel: string, onMessage: (payload: string) => void) => {
        listener = onMessage;
        return async () => undefined;
      },
      notify: async (_channel: string, payload: string) => void sent.push(payload),
    } as unknown as DatabaseHandle;
    const cache = new PublicCache(database);
    const other = new PublicCache(database);
    await cache.start(() => undefined);

    expect(await cache.get('apartments', 'k', async () => 'before')).toBe('before');
    await cache.invalidate('apartments');
    expect(await cache.get('apartments', 'k', async () => 'after')).toBe('after');
    expect(sent).toHaveLength(1);
    listener(sent[0] ?? '');
    expect(await cache.get('apartments', 'k', async () => 'not loaded')).toBe('after');

    // The same topic changed on another server: its notice is heard.
    await other.invalidate('apartments');
    listener(sent[1] ?? '');
    expect(await cache.get('apartments', 'k', async () => 'theirs')).toBe('theirs');
    // A notice the database's triggers send names no server.
    listener('apartments');
    expect(await cache.get('apartments', 'k', async () => 'triggered')).toBe('triggered');
  });

  it('while its LISTEN connection is down, serves nothing from memory; once back, starts afresh', async () => {
    const events = {
      lost: (_error: Error) => undefined as void,
      restored: () => undefined as void,
    };
    const database = {
      listen: async (
        _channel: string,
        _onMessage: (payload: string) => void,
        onLost: (error: Error) => void,
        onRestored: () => void,
      ) => {
        events.lost = onLost;
        events.restored = onRestored;
        return async () => undefined;
      },
      notify: async () => undefined,
    } as unknown as DatabaseHandle;
    const cache = new PublicCache(database);
    await cache.start(() => undefined);
    expect(await cache.get('apartments', 'k', async () => 'before')).toBe('before');

    events.lost(new Error('connection terminated'));
    // Another server lets a flat now; its notification is not heard here.
    expect(await cache.get('apartments', 'k', async () => 'during')).toBe('during');
    expect(await cache.get('apartments', 'k', async () => 'let')).toBe('let');

    events.restored();
    expect(await cache.get('apartments', 'k', async () => 'after')).toBe('after');
    // Hearing again: kept.
    expect(await cache.get('apartments', 'k', async () => 'not loaded')).toBe('after');
  });

  it('forgets the drawn pages when anything they show changes, and within the web app’s freshness', async () => {
    const cache = new PublicCache(t.database);
    let draws = 0;
    const draw = async () => {
      draws += 1;
      return `page ${draws}`;
    };
    const home = () => cache.get('pages', '2026-11-27:/', draw);
    expect(await home()).toBe('page 1');
    expect(await home()).toBe('page 1');
    await cache.invalidate('apartments');
    expect(await home()).toBe('page 2');
    await cache.invalidate('featured-coupon');
    expect(await home()).toBe('page 3');
    await cache.invalidate('pages');
    expect(await home()).toBe('page 4');

    // A page changing does not clear the data under it.
    const listing = vi.fn(async () => 'listing');
    await cache.get('apartments', 'list', listing);
    await cache.invalidate('pages');
    await cache.get('apartments', 'list', listing);
    expect(listing).toHaveBeenCalledTimes(1);

    // A page is kept 20 s at most: the data it carries is still fresh (QUERY_FRESH_MS, 30 s) in
    // the browser that takes it over, which then asks for none of it again.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2026-11-27T06:00:00Z'));
      await cache.invalidate('pages');
      expect(await home()).toBe('page 5');
      vi.setSystemTime(new Date('2026-11-27T06:00:19.999Z'));
      expect(await home()).toBe('page 5');
      vi.setSystemTime(new Date('2026-11-27T06:00:20Z'));
      expect(await home()).toBe('page 6');
    } finally {
      vi.useRealTimers();
    }
  });
});
