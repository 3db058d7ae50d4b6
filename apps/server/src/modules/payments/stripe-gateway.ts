import type Stripe from 'stripe';
import type { IntentMetadata, PaymentGateway, ProviderIntent } from './provider';

interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Another Stripe-compatible API (stripe-mock, or the tests' fake). */
  apiUrl?: string;
}

/** A gateway to Stripe with the SDK loaded for it. */
export async function loadStripeGateway(settings: StripeSettings): Promise<StripeGateway> {
  const { default: sdk } = await import('stripe');
  return new StripeGateway(settings, sdk);
}

/** Real Stripe through the official SDK; every create and update carries an idempotency key. */
export class StripeGateway implements PaymentGateway {
  readonly name = 'stripe' as const;
  readonly stripe: Stripe;

  /**
   * `sdk` is the `stripe` package, loaded only where Stripe is configured (`loadStripeGateway`):
   * a server on the sandbox never holds it in memory.
   */
  constructor(
    private readonly settings: StripeSettings,
    private readonly sdk: typeof Stripe,
  ) {
    const api = settings.apiUrl ? new URL(settings.apiUrl) : undefined;
    this.stripe = new sdk(settings.secretKey, {
      maxNetworkRetries: 2,
      telemetry: false,
      ...(api
        ? {
            host: api.hostname,
            port: api.port || (api.protocol === 'https:' ? 443 : 80),
            protocol: api.protocol === 'https:' ? 'https' : 'http',
          }
        : {}),
    });
  }

  async createIntent(input: {
    amount: number;
    currency: string;
    metadata: IntentMetadata;
    idempotencyKey: string;
  }) {
    const intent = await this.stripe.paymentIntents.create(
      {
        amount: input.amount,
        currency: input.currency,
        metadata: { ...input.metadata },
        // The card element needs no redirects (no bank hand-offs).
        automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
      },
      { idempotencyKey: input.idempotencyKey },
    );
    if (!intent.client_secret) throw new Error('Stripe returned no client secret');
    return { id: intent.id, clientSecret: intent.client_secret };
  }

  async clientSecret(id: string): Promise<string> {
    const intent = await this.stripe.paymentIntents.retrieve(id);
    if (!intent.client_secret) throw new Error('Stripe returned no client secret');
    return intent.client_secret;
  }

  async retrieve(id: string): Promise<ProviderIntent | undefined> {
    try {
      return toProviderIntent(await this.stripe.paymentIntents.retrieve(id));
    } catch (error) {
      if (error instanceof this.sdk.errors.StripeInvalidRequestError && error.statusCode === 404) {
        return undefined;
      }
      throw error;
    }
  }

  async cancel(id: string): Promise<ProviderIntent | undefined> {
    try {
      return toProviderIntent(await this.stripe.paymentIntents.cancel(id));
    } catch (error) {
      // Too late to cancel (it succeeded or is processing) or already canceled: say what it is.
      if (error instanceof this.sdk.errors.StripeInvalidRequestError) return this.retrieve(id);
      throw error;
    }
  }

  async refund(id: string): Promise<void> {
    try {
      await this.stripe.refunds.create(
        { payment_intent: id, reason: 'duplicate' },
        { idempotencyKey: `refund:${id}` },
      );
    } catch (error) {
      // Refunded already (from the dashboard, say): the money is back, which is all we ask.
      if (
        error instanceof this.sdk.errors.StripeError &&
        error.code === 'charge_already_refunded'
      ) {
        return;
      }
      throw error;
    }
  }

  /** Checks the signature over the raw body (and its age); throws when it does not hold. */
  constructEvent(rawBody: Buffer, signature: string): Stripe.Event {
    return this.stripe.webhooks.constructEvent(
      rawBody,
      signature,
      this.settings.webhookSecret,
      300,
    );
  }
}

export function toProviderIntent(intent: Stripe.PaymentIntent): ProviderIntent {
  const status =
    intent.status === 'succeeded'
      ? 'succeeded'
      : intent.status === 'canceled'
        ? 'canceled'
        : intent.status === 'processing'
          ? 'processing'
          : 'open';
  return {
    id: intent.id,
    status,
    amount: intent.amount,
    currency: intent.currency,
    metadata: { ...intent.metadata },
  };
}

/** The payment intent an event is about, for the event types that can change one's state. */
export function paymentIntentOf(event: Stripe.Event): ProviderIntent | undefined {
  switch (event.type) {
    case 'payment_intent.succeeded':
    case 'payment_intent.processing':
    case 'payment_intent.canceled':
    case 'payment_intent.payment_failed':
      return toProviderIntent(event.data.object);
    default:
      return undefined;
  }
}
