import { createHash } from 'node:crypto';
import {
  createServer,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type Server,
  type ServerOptions,
  type ServerResponse,
} from 'node:http';
import { Readable } from 'node:stream';
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

/** A signed-in read's session as the pipeline found it kept (ADR 019), for its replays. */
export interface KeptSession {
  /** Where the session is kept in the changes cache ('who'), and what was kept there. */
  key: string;
  session: unknown;
  /** For the admin: the day's probe for ended leases, kept under this key, was made. */
  settled: string | undefined;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** A public answer this request was sent that the next like it may be sent again (below). */
    replayable?: Offer;
    /** The JSON body as it came, before parsing: a signed-in replay's body must be the same. */
    jsonText?: string;
    /** Set by the access check when the session came from this server's memory, by cookie. */
    keptSession?: KeptSession;
  }
}

interface Offer {
  /** Whether the answer is still the one kept (and, signed in, the session still the same). */
  holds: () => boolean;
  answer: PreparedAnswer;
  /** The building's day the answer was made for. */
  day: string;
  /** A signed-in read: the body it came with, the same in every request it is sent again to. */
  body?: string;
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
  sent: Buffer | string;
}

/**
 * Requests that may carry what changes an answer: who asks, what the asker already holds, a body
 * encoding (the compression plugin refuses one it cannot read, for any method).
 */
const PERSONAL_HEADERS = [
  'cookie',
  'authorization',
  'if-none-match',
  'if-modified-since',
  'range',
  'content-encoding',
];
/** What a signed-in replay may not carry: another way to say who asks, a conditional, and so on. */
const NOT_FOR_SIGNED_IN = PERSONAL_HEADERS.filter((name) => name !== 'cookie');
/**
 * The request headers a signed-in read's answer (or its refusal) depends on, beside its method,
 * path and body: who asks (the cookie), where from (the origin checks), as what (the body's
 * type), in which encodings, and over which protocol (HSTS).
 */
const SIGNED_IN_HEADS = [
  'cookie',
  'origin',
  'sec-fetch-site',
  'host',
  'x-forwarded-host',
  'x-forwarded-proto',
  'content-type',
  'accept-encoding',
] as const;
/** Kept public replays; past this, the oldest goes first (query strings are the visitor's). */
const MAX_REPLAYS = 200;
/**
 * Kept signed-in requests (each with its bodies): a few per active person; all go with any
 * change heard. At most 8,000 replays of at most a KB of body each (and the headers sent).
 */
const MAX_SIGNED_IN = 2_000;
/** Bodies kept per signed-in request; the reads' bodies are `{}` or a filter or two. */
const MAX_BODIES = 4;
/** Request-line loggers kept (one per method and route replayed). */
const MAX_LINE_LOGGERS = 1_000;
/** The largest body read before the pipeline (a signed-in read's is a few bytes of JSON). */
const MAX_BODY_BYTES = 1024;
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

/** A body read before the pipeline, for a request the pipeline answers after all. */
const readBodies = new WeakMap<IncomingMessage, Buffer>();

/**
 * Reads answered again before the framework's pipeline: public reads (ADR 020) and a signed-in
 * person's repeated reads (ADR 023).
 *
 * Public: when the pipeline has sent a visitor a kept public answer (the listing, an apartment,
 * a public page drawn on the server), the exact status, headers and bytes it sent are
 * remembered under the request's path, accepted encodings and protocol. The next visitor's
 * request for the same path, with the same encodings over the same protocol and nothing
 * personal in it (no cookie, no credentials, no conditional or partial request, no test clock),
 * is answered with them at once, for as long as the kept answer they came from is still the one
 * the cache serves, on the same building day.
 *
 * Signed in: when the pipeline has answered a read with an answer kept in this server's memory
 * (ADR 019), for a session it found in memory by its cookie, the answer is remembered under the
 * request's method, path, body and every header it depends on (SIGNED_IN_HEADS, the cookie
 * among them; kept as a hash, never as the token). The same request again is answered with it
 * while the session and the answer kept are the very ones it was made from, on the same day.
 * Any change heard (ADR 019) forgets them, and with them every replay made from them.
 *
 * Either is still counted against the per-address ceiling (the same counter) and still logged,
 * in the same line. Everything else goes through the pipeline as before.
 */
export class Replays {
  private readonly replays = new Map<string, Replay>();
  /** Signed-in replays: by the hash of their request's head, then by body. */
  private readonly signedIn = new Map<string, Map<string, Replay>>();
  /** Request-line loggers by method and route (lineLogger). */
  private readonly lineLoggers = new Map<string, FastifyBaseLogger>();
  /** Kept answers' text, for those sent uncompressed (textOf). */
  private readonly texts = new WeakMap<PreparedAnswer, string>();
  /** Answers sent this way (tests and the bench read it). */
  served = 0;

  /** Signed-in replays kept now (tests read it). */
  get signedInKept(): number {
    let kept = 0;
    for (const bodies of this.signedIn.values()) kept += bodies.size;
    return kept;
  }
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
      if (!this.answer(request, response) && !this.answerSignedIn(request, response, handler)) {
        handler(request, response);
      }
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
    app.decorateRequest('replayable', undefined);
    app.decorateRequest('jsonText', undefined);
    // Fastify's own JSON parser, given the text first: a signed-in replay's body is compared as
    // the pipeline read it.
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, text, done) => {
      request.jsonText = text as string;
      parseJson(request, text as string, done);
    });
    // Every signed-in replay holds only while the answer kept for it does: a change forgets
    // them all at once (rather than each when next asked), and what they hold.
    app.changesCache.onForget((topic) => {
      if (topic === 'data') this.signedIn.clear();
    });
    // A body read here for a request the pipeline answers after all is given to it again.
    app.addHook('preParsing', (request, _reply, payload, done) => {
      const read = readBodies.get(request.raw);
      done(null, read === undefined ? payload : Readable.from([read], { objectMode: false }));
    });
    app.addHook('onResponse', (request, reply, done) => {
      if (request.replayable) this.remember(request, reply, request.replayable, app.log);
      done();
    });
    // A server shutting down answers a request still arriving on an open connection 503 and
    // closes it (Fastify's own rule), so a load balancer sends it elsewhere: replays too.
    app.addHook('preClose', (done) => {
      this.closing = true;
      this.replays.clear();
      this.signedIn.clear();
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
    const cache = request.server.publicCache;
    request.replayable = { holds: () => cache.peek(topic, key) === answer, answer, day };
  }

  /**
   * Called by a signed-in read about to send `answer`, kept under `key` in the changes cache
   * ('data', ADR 019) as itself or within `kept`: when its session was found kept too, by cookie, the same request from the
   * same person may be sent it again while both are still the ones kept.
   */
  offerSignedIn(
    request: FastifyRequest,
    key: string,
    answer: PreparedAnswer,
    kept: unknown = answer,
  ): void {
    const who = request.keptSession;
    if (!who || request.authVia !== 'cookie') return;
    if (request.method !== 'GET' && request.method !== 'POST') return;
    if (!this.mayBeSignedInReplay(request.raw)) return;
    // Only a body the pipeline read as JSON (its text is compared), or none: a GET's body goes
    // unread, another type's text is not kept.
    if (hasBody(request.raw) && (request.method === 'GET' || request.jsonText === undefined)) {
      return;
    }
    const body = request.jsonText ?? '';
    // No longer than a body read before the pipeline (answerSignedIn) can be.
    if (Buffer.byteLength(body) > MAX_BODY_BYTES) return;
    const cache = request.server.changesCache;
    const { key: sessionKey, session, settled } = who;
    request.replayable = {
      holds: () =>
        cache.peek('who', sessionKey) === session &&
        (settled === undefined || cache.peek('who', settled) !== undefined) &&
        cache.peek('data', key) === kept,
      answer,
      day: calendarDay(request.now, request.server.config.rent.timeZone),
      body,
    };
  }

  private isPersonal(request: IncomingMessage): boolean {
    const headers = request.headers;
    for (const name of PERSONAL_HEADERS) if (headers[name] !== undefined) return true;
    return this.hasTestClock(request);
  }

  private hasTestClock(request: IncomingMessage): boolean {
    return this.app?.config.testClock === true && request.headers[TEST_CLOCK_HEADER] !== undefined;
  }

  /** A request with a cookie and no other credentials, nothing conditional and no test clock. */
  private mayBeSignedInReplay(request: IncomingMessage): boolean {
    const headers = request.headers;
    if (headers.cookie === undefined) return false;
    for (const name of NOT_FOR_SIGNED_IN) if (headers[name] !== undefined) return false;
    return !this.hasTestClock(request);
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
    const replay: Replay = {
      ...offer,
      log: this.lineLogger(log, request.method, this.log.route(request)),
      headers,
      sent: (encoding === undefined ? this.textOf(offer.answer) : undefined) ?? bytes,
    };
    if (offer.body === undefined) {
      keepLatest(this.replays, replayKey(request.raw, this.trustProxy), replay, MAX_REPLAYS);
      return;
    }
    const head = signedInHead(request.raw);
    const bodies = this.signedIn.get(head) ?? new Map<string, Replay>();
    keepLatest(bodies, offer.body, replay, MAX_BODIES);
    keepLatest(this.signedIn, head, bodies, MAX_SIGNED_IN);
  }

  /**
   * The logger of a replay's request line, one per method and route. The line's fields are
   * strings and numbers (a route, a status, then a request id and a duration): the redaction
   * every other line passes through looks inside objects (a body, headers, a password or token
   * field) and has nothing to find in them. A field added to the request line must be one of
   * those too (public-replays.test.ts and signed-in-replays.test.ts compare the lines).
   */
  private lineLogger(log: FastifyBaseLogger, method: string, route: string): FastifyBaseLogger {
    const at = `${method} ${route}`;
    let logger = this.lineLoggers.get(at);
    if (!logger) {
      // A page's route is its path: as many as the pages replayed, which are bounded above.
      if (this.lineLoggers.size >= MAX_LINE_LOGGERS) this.lineLoggers.clear();
      logger = log.child(this.log.fields({ method, route }, 200), { redact: [] });
      this.lineLoggers.set(at, logger);
    }
    return logger;
  }

  /** Whether `replay` may be sent now: its answer still holds, on the same building day. */
  private stillHolds(app: FastifyInstance, replay: Replay): boolean {
    return replay.holds() && calendarDay(app.clock.now(), app.config.rent.timeZone) === replay.day;
  }

  /** Counts `request` against its address's ceiling: whether it is within it, counted at once. */
  private withinCeiling(request: IncomingMessage, ceiling: RequestCeiling): boolean {
    // The address the pipeline would count it under (Fastify's request.ip).
    const ip = this.trustProxy ? proxyAddr(request, () => true) : request.socket.remoteAddress;
    // Over the ceiling (or not counted at once): the pipeline counts it too and answers it, over
    // the ceiling in its own words.
    return ip !== undefined && ceiling.countNow(ip) === true;
  }

  /** Answers `request` from a public replay and says so, or says it did not. */
  private answer(request: IncomingMessage, response: ServerResponse): boolean {
    const { app, ceiling } = this;
    if (!app || !ceiling) return false;
    if (request.method !== 'GET' || this.replays.size === 0 || this.closing) return false;
    const at = replayKey(request, this.trustProxy);
    const replay = this.replays.get(at);
    if (!replay || this.isPersonal(request)) return false;
    if (!this.stillHolds(app, replay)) {
      this.replays.delete(at);
      return false;
    }
    const startedAt = performance.now();
    if (!this.withinCeiling(request, ceiling)) return false;
    this.send(request, response, replay, startedAt);
    return true;
  }

  /**
   * Answers `request` from a signed-in replay, or hands it to the pipeline (`handler`); says
   * whether it took it. A POST's body is read first (a few bytes, no more than MAX_BODY_BYTES)
   * and, when the pipeline answers after all, given to it again (the preParsing hook).
   */
  private answerSignedIn(
    request: IncomingMessage,
    response: ServerResponse,
    handler: (request: IncomingMessage, response: ServerResponse) => void,
  ): boolean {
    const { app, ceiling } = this;
    if (!app || !ceiling || this.signedIn.size === 0 || this.closing) return false;
    const method = request.method;
    if (method !== 'GET' && method !== 'POST') return false;
    if (!this.mayBeSignedInReplay(request)) return false;
    const head = signedInHead(request);
    const bodies = this.signedIn.get(head);
    if (!bodies) return false;
    const startedAt = performance.now();
    const answerWith = (body: string) => {
      // (The server may have begun to close while the body was read.)
      if (this.closing) return false;
      const replay = bodies.get(body);
      if (!replay) return false;
      if (!this.stillHolds(app, replay)) {
        bodies.delete(body);
        // (Unless a newer set was kept under the head while this body was read.)
        if (bodies.size === 0 && this.signedIn.get(head) === bodies) this.signedIn.delete(head);
        return false;
      }
      if (!this.withinCeiling(request, ceiling)) return false;
      this.send(request, response, replay, startedAt);
      return true;
    };
    if (!hasBody(request)) return answerWith('');
    const length = Number(request.headers['content-length']);
    if (method !== 'POST' || !(length <= MAX_BODY_BYTES)) return false;
    // Node's parser gives exactly content-length bytes, or an error if the client goes first.
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    // A client gone before its body is: nothing to answer (the socket is closed).
    request.on('error', () => undefined);
    request.once('end', () => {
      const read = Buffer.concat(chunks);
      // An empty body said otherwise than `Content-Length: 0` is the pipeline's to judge.
      if (read.length > 0 && answerWith(read.toString('utf8'))) return;
      readBodies.set(request, read);
      handler(request, response);
    });
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
    response.end(replay.sent);
    this.served += 1;
    const durationMs = Math.round((performance.now() - startedAt) * 10) / 10;
    replay.log.info({ reqId: requestId, durationMs }, 'request completed');
  }
}

/** `value` kept under `key` as the newest, the oldest going first past `max`. */
function keepLatest<V>(kept: Map<string, V>, key: string, value: V, max: number): void {
  kept.delete(key);
  if (kept.size >= max) {
    const oldest = kept.keys().next().value;
    if (oldest !== undefined) kept.delete(oldest);
  }
  kept.set(key, value);
}

/** Whether a request says it has a body (Node's parser reads exactly what it says). */
function hasBody(request: IncomingMessage): boolean {
  const length = request.headers['content-length'];
  return (
    request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0')
  );
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

/**
 * A signed-in request's head, for its replays: a hash (so no session token is kept in memory)
 * of its method, path and query, the socket's protocol, and each header its answer depends on.
 */
function signedInHead(request: IncomingMessage): string {
  const encrypted = 'encrypted' in request.socket && request.socket.encrypted === true;
  const hash = createHash('sha256').update(
    `${request.method ?? ''} ${request.url ?? ''} ${encrypted}\n`,
  );
  // A header sent empty is not one left out (an empty Origin is refused; none is not).
  for (const name of SIGNED_IN_HEADS) {
    const value = request.headers[name];
    hash.update(value === undefined ? `${name}!\n` : `${name}:${value}\n`);
  }
  return hash.digest('base64');
}
