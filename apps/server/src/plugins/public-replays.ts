import {
  createServer,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type Server,
  type ServerOptions,
  type ServerResponse,
} from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerFactory,
} from 'fastify';
import { calendarDay, TEST_CLOCK_HEADER } from '../lib/clock';
import type { PreparedAnswer } from '../lib/prepared-answer';
import type { CacheTopic } from '../lib/public-cache';
import type { RequestCeiling } from './request-ceiling';

declare module 'fastify' {
  interface FastifyRequest {
    /** A public answer this request was sent that the next like it may be sent again (below). */
    replayable?: Offer;
  }
}

interface Offer {
  topic: CacheTopic;
  key: string;
  answer: PreparedAnswer;
  /** The building's day the answer was made for. */
  day: string;
}

interface Replay extends Offer {
  /** Writes its request line: the fields every replay of it shares are bound, written once. */
  log: FastifyBaseLogger;
  /**
   * The headers the pipeline sent, as name and value in turn, led by the request id's name and
   * a place for its value (each replay's own).
   */
  headers: (string | number | string[])[];
  /**
   * The bytes sent, as text when they went uncompressed and are text (textOf): Node then
   * writes the head and the body together, in one write, rather than as two pieces. (Written
   * as UTF-8, head included, where a Buffer body's head goes as Latin-1: the same bytes while
   * every header is ASCII, as request ids (app.ts) and the app's headers are.)
   */
  body: Buffer | string;
}

/** Requests that may carry what changes an answer: who asks, what the asker already holds. */
const PERSONAL_HEADERS = ['cookie', 'authorization', 'if-none-match', 'if-modified-since', 'range'];
/** Kept replays; past this, the oldest goes first (query strings are the visitor's to vary). */
const MAX_REPLAYS = 200;
/** The largest answer sent again as text (measured on a 2 KB listing only: docs/perf.md). */
const TEXT_UP_TO = 16 * 1024;

/** How the app writes a request's log line and names a request (app.ts), for replays too. */
export interface RequestLog {
  requestId: (request: IncomingMessage) => string;
  /** The route a request is logged under (never its query: ids and tokens stay out of the log). */
  route: (request: FastifyRequest) => string;
  /** What a request's line says of it before its duration. */
  fields: (request: { method: string; route: string }, status: number) => Record<string, unknown>;
}

/**
 * Public reads answered again before the framework's pipeline (ADR 020). When the pipeline has
 * sent a visitor a kept public answer (the listing, an apartment, a public page drawn on the
 * server), the exact status, headers and bytes it sent are remembered under the request's path,
 * accepted encodings and protocol. The next visitor's request for the same path, with the same
 * encodings over the same protocol and nothing personal in it (no cookie, no credentials, no
 * conditional or partial request, no test clock), is answered with them at once, for as long as
 * the kept answer they came from is still the one the cache serves, on the same building day.
 * It is still counted against the per-address ceiling (the same counter) and still logged, in the
 * same line. Everything else goes through the pipeline as before.
 */
export class PublicReplays {
  private readonly replays = new Map<string, Replay>();
  /** Kept answers' text, for those sent uncompressed (textOf). */
  private readonly texts = new WeakMap<PreparedAnswer, string>();
  /** Answers sent this way (tests and the bench read it). */
  served = 0;
  private app: FastifyInstance | undefined;
  private ceiling: RequestCeiling | undefined;
  /** Set once the app begins to close: from then on every request meets its refusal. */
  private closing = false;

  constructor(
    private readonly trustProxy: boolean,
    private readonly log: RequestLog,
  ) {}

  /** The server: every request meets the replays first, then the app. */
  readonly serverFactory: FastifyServerFactory = (handler, given) => {
    // The options Fastify has filled in (its defaults included) by the time it calls this.
    const options = given as {
      http?: ServerOptions;
      keepAliveTimeout: number;
      requestTimeout: number;
      connectionTimeout: number;
    };
    const server: Server = createServer(options.http ?? {}, (request, response) => {
      if (!this.answer(request, response)) handler(request, response);
    });
    // As Fastify sets them on a server it makes itself.
    server.keepAliveTimeout = options.keepAliveTimeout;
    server.requestTimeout = options.requestTimeout;
    server.setTimeout(options.connectionTimeout);
    return server;
  };

  /** Once the app is built: its cache, clock and per-address ceiling (counted as any request). */
  attach(app: FastifyInstance, ceiling: RequestCeiling): void {
    this.app = app;
    this.ceiling = ceiling;
    app.addHook('onResponse', (request, reply, done) => {
      if (request.replayable) this.remember(request, reply, request.replayable, app.log);
      done();
    });
    // A server shutting down answers a request still arriving on an open connection 503 and
    // closes it (Fastify's own rule), so a load balancer sends it elsewhere: replays too.
    app.addHook('preClose', (done) => {
      this.closing = true;
      this.replays.clear();
      done();
    });
  }

  /**
   * Called by a route about to send `answer`, kept under `topic`/`key` in the public cache and
   * made for the building day `day`: the request may be one whose answer is sent again to the
   * next like it.
   */
  offer(
    request: FastifyRequest,
    topic: CacheTopic,
    key: string,
    answer: PreparedAnswer,
    day: string,
  ): void {
    if (request.method !== 'GET' || this.isPersonal(request.raw)) return;
    request.replayable = { topic, key, answer, day };
  }

  private isPersonal(request: IncomingMessage): boolean {
    const headers = request.headers;
    for (const name of PERSONAL_HEADERS) if (headers[name] !== undefined) return true;
    return this.app?.config.testClock === true && headers[TEST_CLOCK_HEADER] !== undefined;
  }

  /**
   * An answer's bytes as text, made once per answer (however many replays send it) and gone with
   * it: only if they are UTF-8 text that encodes to the very same bytes, and at most
   * TEXT_UP_TO of them (past that Node would encode the text anew for every answer).
   */
  private textOf(answer: PreparedAnswer): string | undefined {
    if (answer.body.length > TEXT_UP_TO) return undefined;
    let text = this.texts.get(answer);
    if (text === undefined) {
      const decoded = answer.body.toString('utf8');
      text = Buffer.from(decoded).equals(answer.body) ? decoded : '';
      this.texts.set(answer, text);
    }
    return text === '' ? undefined : text;
  }

  private remember(
    request: FastifyRequest,
    reply: FastifyReply,
    offer: Offer,
    log: FastifyBaseLogger,
  ): void {
    if (reply.statusCode !== 200 || this.closing) return;
    const sent = reply.getHeaders() as OutgoingHttpHeaders;
    // A header that names this request or sets something on the client is never sent twice.
    if (sent['set-cookie'] !== undefined) return;
    const encoding = sent['content-encoding'];
    const bytes =
      encoding === 'br' || encoding === 'gzip'
        ? offer.answer.compressed[encoding]
        : offer.answer.body;
    // Only bytes the route sent untouched by any later hook.
    if (!bytes || Number(sent['content-length']) !== bytes.length) return;
    const headers: Replay['headers'] = ['x-request-id', ''];
    for (const [name, value] of Object.entries(sent)) {
      if (name !== 'x-request-id' && value !== undefined) headers.push(name, value);
    }
    const body = (encoding === undefined ? this.textOf(offer.answer) : undefined) ?? bytes;
    const at = replayKey(request.raw, this.trustProxy);
    this.replays.delete(at);
    if (this.replays.size >= MAX_REPLAYS) {
      const oldest = this.replays.keys().next().value;
      if (oldest !== undefined) this.replays.delete(oldest);
    }
    this.replays.set(at, {
      ...offer,
      // The line's fields are strings and numbers (a route, a status, then a request id and a
      // duration): the redaction every other line passes through looks inside objects (a body,
      // headers, a password or token field) and has nothing to find in them. A field added to
      // the request line must be one of those too (public-replays.test.ts compares the lines).
      log: log.child(this.log.fields({ method: 'GET', route: this.log.route(request) }, 200), {
        redact: [],
      }),
      headers,
      body,
    });
  }

  /** Answers `request` from a replay and says so, or says it did not. */
  private answer(request: IncomingMessage, response: ServerResponse): boolean {
    const { app, ceiling } = this;
    if (!app || !ceiling) return false;
    if (request.method !== 'GET' || this.replays.size === 0 || this.closing) return false;
    const at = replayKey(request, this.trustProxy);
    const replay = this.replays.get(at);
    if (!replay || this.isPersonal(request)) return false;
    if (
      app.publicCache.peek(replay.topic, replay.key) !== replay.answer ||
      calendarDay(app.clock.now(), app.config.rent.timeZone) !== replay.day
    ) {
      this.replays.delete(at);
      return false;
    }
    const startedAt = performance.now();
    // The address the pipeline would count it under (Fastify's request.ip).
    const ip = this.trustProxy ? proxyAddr(request, () => true) : request.socket.remoteAddress;
    const within = ip === undefined ? undefined : ceiling.countNow(ip);
    // Over the ceiling (or not counted at once): the pipeline counts it too and answers it, over
    // the ceiling in its own words.
    if (within !== true) return false;
    this.send(request, response, replay, startedAt);
    return true;
  }

  private send(
    request: IncomingMessage,
    response: ServerResponse,
    replay: Replay,
    startedAt: number,
  ): void {
    const requestId = this.log.requestId(request);
    const headers = replay.headers.slice();
    headers[1] = requestId;
    response.writeHead(200, headers);
    response.end(replay.body);
    this.served += 1;
    const durationMs = Math.round((performance.now() - startedAt) * 10) / 10;
    replay.log.info({ reqId: requestId, durationMs }, 'request completed');
  }
}

/**
 * What a kept reply depends on: the request's path and query, the encodings it accepts, and the
 * protocol it came over (HSTS is sent over https only), as the socket or a trusted proxy says.
 */
function replayKey(request: IncomingMessage, trustProxy: boolean): string {
  const forwarded = trustProxy ? request.headers['x-forwarded-proto'] : undefined;
  const encrypted = 'encrypted' in request.socket && request.socket.encrypted === true;
  return `${request.url ?? ''}\n${request.headers['accept-encoding'] ?? ''}\n${forwarded ?? ''}\n${encrypted}`;
}
