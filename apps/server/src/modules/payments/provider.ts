import type { PaymentProvider } from '@structomate/contract';

/** What we tell the provider to attach to an intent, and check again when it succeeds. */
export interface IntentMetadata {
  userId: string;
  billingMonth: string;
  agreementId: string;
}

/** An intent as the provider reports it. */
export interface ProviderIntent {
  id: string;
  status: 'open' | 'processing' | 'succeeded' | 'canceled';
  amount: number;
  currency: string;
  metadata: Record<string, string>;
}

/**
 * The payment processors we can charge through: the built-in sandbox (Stripe's test mode,
 * played by us) or Stripe itself. Amounts are in the currency's smallest unit.
 */
export interface PaymentGateway {
  readonly name: PaymentProvider;
  createIntent(input: {
    amount: number;
    currency: string;
    metadata: IntentMetadata;
    idempotencyKey: string;
  }): Promise<{ id: string; clientSecret: string }>;
  updateAmount(
    id: string,
    amount: number,
    metadata: IntentMetadata,
    idempotencyKey: string,
  ): Promise<void>;
  /** The secret the browser confirms with; `stored` is what our row keeps (sandbox only). */
  clientSecret(id: string, stored: string | null): Promise<string>;
  retrieve(id: string): Promise<ProviderIntent | undefined>;
}
