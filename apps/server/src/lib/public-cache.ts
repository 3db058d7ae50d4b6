import { QUERY_FRESH_MS } from '@structomate/contract';
import type { DatabaseHandle } from '../db/client';
import { TopicCache } from './topic-cache';

/**
 * Kinds of public data the cache holds; a change to one clears all of its entries. `pages` are
 * the public pages drawn for visitors who are not signed in: they show all the others (and the
 * building's settings), so any change clears them too.
 */
export const CACHE_TOPICS = ['apartments', 'featured-coupon', 'pages'] as const;
export type CacheTopic = (typeof CACHE_TOPICS)[number];

const CHANNEL = 'structomate_public_cache';

/**
 * Answers for public data that changes rarely (the apartment listing, the featured coupon), kept
 * in this process. A change calls `invalidate`, which clears this process's entries at once and
 * tells every other app server through PostgreSQL NOTIFY, so a load balancer can send the next
 * request anywhere.
 */
export class PublicCache extends TopicCache<CacheTopic> {
  constructor(database: DatabaseHandle) {
    super(database, {
      channel: CHANNEL,
      topics: CACHE_TOPICS,
      maxEntries: 500,
      maxAgeMs: {
        apartments: 5 * 60_000,
        'featured-coupon': 5 * 60_000,
        // A page also shows data no topic names (a lease's start dates from today), and the data
        // it carries must still be fresh in the browser that takes it over (QUERY_FRESH_MS), or
        // the browser asks for it again at once. Two thirds of that: a busy page is still drawn
        // about every 20 seconds, not once per visitor.
        pages: Math.floor((QUERY_FRESH_MS * 2) / 3),
      },
      // The drawn pages show every other topic's data.
      dependents: (topic) => (topic === 'pages' ? [] : ['pages']),
    });
  }

  /**
   * After a change is committed: forget here, and tell the other servers. Every load that starts
   * after this reads the change, so this server's own notice, heard back later, is ignored.
   */
  async invalidate(topic: CacheTopic): Promise<void> {
    this.forget(topic);
    await this.notify(topic);
  }
}
