import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DatabaseHandle } from '../db/client';
import { sendPrepared, type PreparedAnswer } from './prepared-answer';
import { TopicCache } from './topic-cache';

/**
 * What the database announces on `structomate_changed` (migration 0025): `who` when what a
 * session's user is read from changes (a session ended, a user, an agreement), `data` when
 * anything else an answer is built from does.
 */
export const CHANGE_TOPICS = ['who', 'data'] as const;
export type ChangeTopic = (typeof CHANGE_TOPICS)[number];

/** A safety net: even if a notification were lost, nothing stays stale longer than this. */
const MAX_AGE_MS = 5 * 60_000;

/**
 * Signed-in reads kept in this process (ADR 019): who a session token belongs to, and the
 * answers of the busiest signed-in reads. The database's triggers announce every committed
 * change to what they are built from, so every server forgets them; a request that may have
 * changed something forgets them here before its answer leaves (`forgetChanges`), so the next
 * request to this server never sees an answer older than the change it was just told of.
 */
export class ChangesCache extends TopicCache<ChangeTopic> {
  constructor(database: DatabaseHandle) {
    super(database, {
      channel: 'structomate_changed',
      topics: CHANGE_TOPICS,
      // A session per active person; a building has a few thousand.
      maxEntries: 20_000,
      maxAgeMs: { who: MAX_AGE_MS, data: MAX_AGE_MS },
      // Users and agreements are data too (a member's count, a lease's tenant).
      dependents: (topic) => (topic === 'who' ? ['data'] : []),
    });
  }

  /** This request may have changed anything: forget everything here at once. */
  forgetChanges(): void {
    this.forget('who');
  }
}

/**
 * What `load` answers, kept by the request's server under `key` until any data changes (ADR 019),
 * or read afresh when there is no key (an answer not worth keeping).
 */
export const keptAnswer = <T>(
  request: FastifyRequest,
  key: string | undefined,
  load: () => Promise<T>,
): Promise<T> => (key === undefined ? load() : request.server.changesCache.get('data', key, load));

/**
 * A signed-in read's answer as this server keeps it under `key` until any data changes
 * (ADR 019), sent, and offered to the replays (ADR 023): the same request again, by the same
 * session, may be sent it before the pipeline while both are still the ones kept. With no key
 * (an answer not worth keeping), `load`'s answer is sent.
 */
export async function sendKept(
  request: FastifyRequest,
  reply: FastifyReply,
  key: string | undefined,
  load: () => Promise<PreparedAnswer>,
): Promise<FastifyReply> {
  if (key === undefined) return sendPrepared(request, reply, await load());
  const answer = await request.server.changesCache.get('data', key, load);
  request.server.replays.offerSignedIn(request, key, answer);
  return sendPrepared(request, reply, answer);
}
