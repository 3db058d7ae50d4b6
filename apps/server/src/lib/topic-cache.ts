import { randomUUID } from 'node:crypto';
import type { DatabaseHandle } from '../db/client';

/** What one kind of kept answer needs: how long any entry may live, what else a change clears. */
export interface TopicCacheOptions<Topic extends string> {
  /** The NOTIFY channel the topics' changes are heard on. */
  channel: string;
  topics: readonly Topic[];
  /** Entries kept per topic; past it, the oldest kept goes first. */
  maxEntries: number;
  /** A safety net: even if a notification were lost, nothing stays stale longer than this. */
  maxAgeMs: Record<Topic, number>;
  /** The topics whose entries a change to `topic` also makes stale (answers built on it). */
  dependents: (topic: Topic) => readonly Topic[];
}

interface Entry {
  value: unknown;
  storedAt: number;
  /** Past this time (ms since the epoch) the entry is not served, whatever its age. */
  until: number;
}

/**
 * Answers kept in this process by topic, each entry forgotten when PostgreSQL NOTIFY says its
 * topic changed, on this server or any other behind the load balancer. A load that a change
 * overtook is not kept, and while the LISTEN connection is down nothing is served from memory.
 */
export class TopicCache<Topic extends string> {
  private readonly entries = new Map<Topic, Map<string, Entry>>();
  /** Bumped on every change heard, so a load that began before it is not stored after it. */
  private readonly generations = new Map<Topic, number>();
  private stopListening: (() => Promise<void>) | undefined;
  /**
   * False while the LISTEN connection is down: other servers' changes would go unheard, so
   * nothing is served from or kept in the cache until it is back.
   */
  private hearing = true;
  /**
   * Names this process in the notices it sends (`topic origin`), so it does not forget a second
   * time, when its own notice comes back, what it loaded after the change it already forgot.
   * Notices without one (the database's triggers) are always heard.
   */
  private readonly origin = randomUUID();
  /** Told of each topic forgotten (what is built on kept answers goes with them). */
  private readonly forgetting: ((topic: Topic) => void)[] = [];
  hits = 0;
  misses = 0;

  constructor(
    protected readonly database: DatabaseHandle,
    private readonly options: TopicCacheOptions<Topic>,
  ) {}

  async start(
    onLost: (error: Error) => void,
    onRestored: () => void = () => undefined,
  ): Promise<void> {
    this.stopListening = await this.database.listen(
      this.options.channel,
      (payload) => {
        const [topic = '', from] = payload.split(' ');
        if (from === this.origin) return;
        if (this.isTopic(topic)) this.forget(topic);
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

  /** Tells every server, this one excepted, that `topic` changed. */
  protected async notify(topic: Topic): Promise<void> {
    await this.database.notify(this.options.channel, `${topic} ${this.origin}`);
  }

  async stop(): Promise<void> {
    await this.stopListening?.();
  }

  /**
   * The kept answer for `key`, or `load`'s, kept when no change to `topic` overtook it. `until`
   * says when a loaded value stops holding of itself (a session's expiry); `keep` says whether
   * it is worth keeping at all (nothing is kept for a token that finds no session).
   */
  async get<T>(
    topic: Topic,
    key: string,
    load: () => Promise<T>,
    {
      until = () => Number.POSITIVE_INFINITY,
      keep = () => true,
    }: { until?: (value: T) => number; keep?: (value: T) => boolean } = {},
  ): Promise<T> {
    if (!this.hearing) {
      this.misses += 1;
      return load();
    }
    const kept = this.entries.get(topic);
    const entry = kept?.get(key);
    if (entry) {
      if (this.holds(topic, entry)) {
        this.hits += 1;
        return entry.value as T;
      }
      kept?.delete(key);
    }
    this.misses += 1;
    const generation = this.generations.get(topic) ?? 0;
    const value = await load();
    if (this.hearing && (this.generations.get(topic) ?? 0) === generation && keep(value)) {
      // The topic's entries now: a notice may have replaced them while this one loaded.
      let shelf = this.entries.get(topic);
      if (!shelf) {
        shelf = new Map();
        this.entries.set(topic, shelf);
      }
      shelf.delete(key);
      if (shelf.size >= this.options.maxEntries) {
        const oldest = shelf.keys().next().value;
        if (oldest !== undefined) shelf.delete(oldest);
      }
      shelf.set(key, { value, storedAt: Date.now(), until: until(value) });
    }
    return value;
  }

  /**
   * The value kept for `key` if it would be served now, without loading or counting: whether an
   * answer made from it still holds.
   */
  peek(topic: Topic, key: string): unknown {
    if (!this.hearing) return undefined;
    const entry = this.entries.get(topic)?.get(key);
    return entry && this.holds(topic, entry) ? entry.value : undefined;
  }

  /** Whether a kept entry may still be served: younger than its topic allows, not past `until`. */
  private holds(topic: Topic, entry: Entry): boolean {
    const now = Date.now();
    return now - entry.storedAt < this.options.maxAgeMs[topic] && now < entry.until;
  }

  private isTopic(value: string): value is Topic {
    return (this.options.topics as readonly string[]).includes(value);
  }

  protected forgetAll(): void {
    for (const topic of this.options.topics) this.forgetOne(topic);
  }

  /** `topic` changed: its entries and those of every topic built on it are stale. */
  protected forget(topic: Topic): void {
    this.forgetOne(topic);
    for (const dependent of this.options.dependents(topic)) this.forgetOne(dependent);
  }

  private forgetOne(topic: Topic): void {
    this.generations.set(topic, (this.generations.get(topic) ?? 0) + 1);
    this.entries.delete(topic);
    for (const listener of this.forgetting) listener(topic);
  }

  /** Calls `listener` with each topic whose entries are forgotten, as they are. */
  onForget(listener: (topic: Topic) => void): void {
    this.forgetting.push(listener);
  }
}
