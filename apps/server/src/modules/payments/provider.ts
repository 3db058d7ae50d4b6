import type { PaymentProvider } from '@structomate/contract';

/** What we attach to an intent at the provider, and check again when it succeeds. */
export interface IntentMetadata {
  userId: string;
  billingMonth: string;
  agreementId: string;
}

/** An intent as the provider reports it. */
export interface ProviderIntent {
  id: string;
  /** `open` covers Stripe's requires_payment_method / _confirmation / _action / _capture. */
  status: 'open' | 'processing' | 'succeeded' | 'canceled';
  amount: number;
  currency: string;
  metadata: Record<string, string>;
}

/**
 * The payment processors we charge through: the built-in sandbox (Stripe's test mode, played by
 * us) or Stripe itself. Amounts are integers in the currency's smallest unit. Every call that
 * creates or moves money carries an idempotency key, so a retried call never does it twice.
 */
export interface PaymentGateway {
  readonly name: PaymentProvider;
  /** The same key returns the same intent (as Stripe's Idempotency-Key does). */
  createIntent(input: {
    amount: number;
    currency: string;
    metadata: IntentMetadata;
    idempotencyKey: string;
  }): Promise<{ id: string; clientSecret: string }>;
  /** The secret the browser confirms with. */
  clientSecret(id: string): Promise<string>;
  /** Undefined when the provider has no such intent. */
  retrieve(id: string): Promise<ProviderIntent | undefined>;
  /**
   * Cancels an intent that can still be paid, so it never can be. Returns the intent as it is
   * afterwards: `canceled`, or `succeeded`/`processing` when the payment got there first.
   */
  cancel(id: string): Promise<ProviderIntent | undefined>;
  /** Gives a succeeded charge back in full (used when a month was charged twice). */
  refund(id: string): Promise<void>;
}
