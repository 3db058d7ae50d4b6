import { QUERY_FRESH_MS } from '@structomate/contract';
import type { DatabaseHandle } from '../db/client';

/**
 * Kinds of public data the cache holds; a change to one clears all of its entries. `pages` are
 * the public pages drawn for visitors who are not signed in: they show all the others (and the
 * building's settings), so any change clears them too.
 */
export const CACHE_TOPICS = ['apartments', 'featured-coupon', 'pages'] as const;
export type CacheTopic = (typeof CACHE_TOPICS)[number];
const isTopic = (value: string): value is CacheTopic =>
  (CACHE_TOPICS as readonly string[]).includes(value);

const CHANNEL = 'structomate_public_cache';
const MAX_ENTRIES = 500;
/** A safety net: even if a notification were lost, nothing stays stale longer than this. */
const MAX_AGE_MS: Record<CacheTopic, number> = {
  apartments: 5 * 60_000,
  'featured-coupon': 5 * 60_000,
  // A page also shows data no topic names (a lease's start dates from today), and the data it
  // carries must still be fresh in the browser that takes it over (QUERY_FRESH_MS), or the
  // browser asks for it again at once. Two thirds of that: a busy page is still drawn about
  // every 20 seconds, not once per visitor.
  pages: Math.floor((QUERY_FRESH_MS * 2) / 3),
};

interface Entry {
  value: unknown;
  storedAt: number;
}

/**
 * Answers for public data that changes rarely (the apartment listing, the featured coupon), kept
 * in this process. A change calls `invalidate`, which clears this process's entries at once and
 * tells every other app server through PostgreSQL NOTIFY, so a load balancer can send the next
 * request anywhere.
 */
export class PublicCache {
  private readonly entries = new Map<string, Entry>();
  /** Bumped on every invalidation, so a load that began before it is not stored after it. */
  private readonly generations = new Map<CacheTopic, number>();
  private stopListening: (() => Promise<void>) | undefined;
  hits = 0;
  misses = 0;

  constructor(private readonly database: DatabaseHandle) {}

  /**
   * False while the LISTEN connection is down: other servers' changes would go unheard, so
   * nothing is served from or kept in the cache until it is back.
   */
  private hearing = true;

  async start(
    onLost: (error: Error) => void,
    onRestored: () => void = () => undefined,
  ): Promise<void> {
    this.stopListening = await this.database.listen(
      CHANNEL,
      (topic) => {
        if (isTopic(topic)) this.forget(topic);
        else this.forgetAll();
      },
      (error) => {
        this.hearing = false;
        this.forgetAll();
        onLost(error);
      },
      () => {
        // What changed while the connection was down was not heard: start afresh.
        this.forgetAll();
        this.hearing = true;
        onRestored();
      },
    );
  }

  async stop(): Promise<void> {
    await this.stopListening?.();
  }

  async get<T>(topic: CacheTopic, key: string, load: () => Promise<T>): Promise<T> {
    if (!this.hearing) {
      this.misses += 1;
      return load();
    }
    const fullKey = `${topic}:${key}`;
    const entry = this.entries.get(fullKey);
    if (entry && Date.now() - entry.storedAt < MAX_AGE_MS[topic]) {
      this.hits += 1;
      return entry.value as T;
    }
    this.misses += 1;
    const generation = this.generations.get(topic) ?? 0;
    const value = await load();
    if (this.hearing && (this.generations.get(topic) ?? 0) === generation) {
      if (this.entries.size >= MAX_ENTRIES) {
        const oldest = this.entries.keys().next().value;
        if (oldest !== undefined) this.entries.delete(oldest);
      }
      this.entries.set(fullKey, { value, storedAt: Date.now() });
    }
    return value;
  }

  /** After a change is committed: forget here, and tell the other servers. */
  async invalidate(topic: CacheTopic): Promise<void> {
    this.forget(topic);
    await this.database.notify(CHANNEL, topic);
  }

  private forgetAll(): void {
    for (const topic of CACHE_TOPICS) this.forget(topic);
    this.entries.clear();
  }

  private forget(topic: CacheTopic): void {
    this.generations.set(topic, (this.generations.get(topic) ?? 0) + 1);
    for (const key of [...this.entries.keys()]) {
      if (key.startsWith(`${topic}:`)) this.entries.delete(key);
    }
    // The drawn pages show every other topic's data.
    if (topic !== 'pages') this.forget('pages');
  }
}
