import { randomBytes } from 'node:crypto';
import http, { type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Just enough of Stripe's HTTP API for our adapter, on loopback: payment intents created,
 * retrieved and updated, with idempotency keys honoured. Tests play the browser's part
 * (Stripe.js confirming a card) with `succeed` and `decline`.
 */
export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  livemode: false;
  created: number;
}

export interface FakeStripe {
  url: string;
  intents: Map<string, FakeIntent>;
  /** Refunds made, by payment intent id. */
  refunds: Map<string, number>;
  /** Every request: method, path and its Idempotency-Key header. */
  requests: { method: string; path: string; idempotencyKey: string | undefined }[];
  succeed(id: string, overrides?: Partial<FakeIntent>): FakeIntent;
  decline(id: string): void;
  /**
   * What Stripe.js does with a client secret and a good card: an intent that can still be paid
   * succeeds (one charge); a canceled or already paid one is refused, as Stripe refuses it.
   */
  confirm(clientSecret: string): { ok: true; id: string } | { ok: false; message: string };
  /** Succeeded intents (charges) for a member and month, by metadata. */
  charges(userId: string, billingMonth: string): FakeIntent[];
  /** The next `count` requests answer 500 (a Stripe outage). */
  failNext(count: number): void;
  /** Refunds a charge as the Stripe dashboard does: a later refund request is refused. */
  refundFromDashboard(id: string): void;
  close(): Promise<void>;
}

/** Stripe's form encoding: `metadata[userId]=…` becomes `{ metadata: { userId: … } }`. */
function parseForm(body: string): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.replace(/\]/g, '').split('[');
    let target = result;
    for (const part of parts.slice(0, -1)) {
      const next = target[part];
      target[part] = next && typeof next === 'object' ? next : {};
      target = target[part] as Record<string, unknown>;
    }
    target[parts.at(-1) ?? key] = value;
  }
  return result;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const intents = new Map<string, FakeIntent>();
  const refunds = new Map<string, number>();
  const refundedFromDashboard = new Set<string>();
  const byIdempotencyKey = new Map<string, { id: string; params: string }>();
  const requests: FakeStripe['requests'] = [];
  let failures = 0;

  const server = http.createServer((request, response) => {
    void (async () => {
      const path = (request.url ?? '').split('?')[0] ?? '';
      const idempotencyKey = request.headers['idempotency-key'];
      const key = typeof idempotencyKey === 'string' ? idempotencyKey : undefined;
      requests.push({ method: request.method ?? '', path, idempotencyKey: key });
      const body = parseForm(await readBody(request));
      const send = (status: number, payload: unknown) =>
        response
          .writeHead(status, { 'content-type': 'application/json' })
          .end(JSON.stringify(payload));
      const notFound = () =>
        send(404, { error: { type: 'invalid_request_error', message: 'No such payment_intent' } });
      const unexpectedState = (intent: FakeIntent) =>
        send(400, {
          error: {
            type: 'invalid_request_error',
            code: 'payment_intent_unexpected_state',
            message: `This PaymentIntent's status is ${intent.status}.`,
          },
        });
      if (failures > 0) {
        failures -= 1;
        return send(500, { error: { type: 'api_error', message: 'Stripe is having a moment' } });
      }

      if (request.method === 'POST' && path === '/v1/payment_intents') {
        const params = JSON.stringify([body.amount, body.currency, body.metadata]);
        const existing = key && byIdempotencyKey.get(key);
        if (existing && existing.params !== params) {
          return send(400, {
            error: {
              type: 'idempotency_error',
              message: 'Keys for idempotent requests can only be used with the same parameters.',
            },
          });
        }
        if (existing) return send(200, intents.get(existing.id));
        const id = `pi_fake_${randomBytes(8).toString('hex')}`;
        const intent: FakeIntent = {
          id,
          object: 'payment_intent',
          amount: Number(body.amount),
          currency: String(body.currency),
          status: 'requires_payment_method',
          client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
          metadata: (body.metadata as Record<string, string> | undefined) ?? {},
          livemode: false,
          created: Math.floor(Date.now() / 1000),
        };
        intents.set(id, intent);
        if (key) byIdempotencyKey.set(key, { id, params });
        return send(200, intent);
      }
      const cancel = /^\/v1\/payment_intents\/([\w]+)\/cancel$/.exec(path);
      if (cancel && request.method === 'POST') {
        const intent = intents.get(cancel[1] ?? '');
        if (!intent) return notFound();
        if (!intent.status.startsWith('requires_')) return unexpectedState(intent);
        intent.status = 'canceled';
        return send(200, intent);
      }
      if (request.method === 'POST' && path === '/v1/refunds') {
        const id = String(body.payment_intent);
        const intent = intents.get(id);
        if (!intent) return notFound();
        if (intent.status !== 'succeeded') return unexpectedState(intent);
        const repeated = key !== undefined && byIdempotencyKey.has(key);
        if (refundedFromDashboard.has(id) && !repeated) {
          return send(400, {
            error: {
              type: 'invalid_request_error',
              code: 'charge_already_refunded',
              message: `Charge ch_${id} has already been refunded.`,
            },
          });
        }
        // One refund per idempotency key, as Stripe does.
        if (!repeated) {
          refunds.set(id, (refunds.get(id) ?? 0) + 1);
          if (key) byIdempotencyKey.set(key, { id, params: id });
        }
        return send(200, {
          id: `re_${id}`,
          object: 'refund',
          payment_intent: id,
          status: 'succeeded',
        });
      }
      const match = /^\/v1\/payment_intents\/([\w]+)$/.exec(path);
      if (match) {
        const intent = intents.get(match[1] ?? '');
        if (!intent) return notFound();
        if (request.method === 'POST') {
          if (!intent.status.startsWith('requires_')) return unexpectedState(intent);
          if (body.amount !== undefined) intent.amount = Number(body.amount);
          if (body.metadata) intent.metadata = body.metadata as Record<string, string>;
        }
        return send(200, intent);
      }
      return notFound();
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    intents,
    refunds,
    requests,
    succeed(id, overrides = {}) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`no fake intent ${id}`);
      Object.assign(intent, { status: 'succeeded' }, overrides);
      return intent;
    },
    decline(id) {
      const intent = intents.get(id);
      if (intent) intent.status = 'requires_payment_method';
    },
    confirm(clientSecret) {
      const intent = [...intents.values()].find((i) => i.client_secret === clientSecret);
      if (!intent) return { ok: false, message: 'No such payment_intent' };
      if (intent.status === 'succeeded') {
        return {
          ok: false,
          message: 'You cannot confirm this PaymentIntent because it has already succeeded.',
        };
      }
      if (!intent.status.startsWith('requires_')) {
        return { ok: false, message: `This PaymentIntent's status is ${intent.status}.` };
      }
      intent.status = 'succeeded';
      return { ok: true, id: intent.id };
    },
    charges(userId, billingMonth) {
      return [...intents.values()].filter(
        (i) =>
          i.status === 'succeeded' &&
          i.metadata.userId === userId &&
          i.metadata.billingMonth === billingMonth,
      );
    },
    failNext(count) {
      failures = count;
    },
    refundFromDashboard(id) {
      refundedFromDashboard.add(id);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
