import type { PaymentProvider } from '@structomate/contract';
import type { FastifyInstance } from 'fastify';
import type { PaymentGateway } from './provider';
import { SandboxGateway } from './sandbox';
import { loadStripeGateway, type StripeGateway } from './stripe-gateway';

/**
 * The payment processors this server talks to: the configured one takes new payments; the
 * sandbox is always there too, so intents it made before a switch to Stripe can still be settled.
 */
export interface PaymentGateways {
  active: PaymentGateway;
  sandbox: SandboxGateway;
  stripe: StripeGateway | undefined;
  /** The gateway an intent was made with, if this server can reach it. */
  byName(name: string): PaymentGateway | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    paymentGateways: PaymentGateways;
  }
}

/** Built once per app from the configuration, before the routes that use it. */
export async function registerPaymentGateways(app: FastifyInstance): Promise<void> {
  const settings = app.config.payments;
  const sandbox = new SandboxGateway(app.db);
  const stripe = settings.stripe ? await loadStripeGateway(settings.stripe) : undefined;
  const active: PaymentGateway = settings.provider === 'stripe' && stripe ? stripe : sandbox;
  const byName = (name: string): PaymentGateway | undefined =>
    name === ('sandbox' satisfies PaymentProvider)
      ? sandbox
      : name === ('stripe' satisfies PaymentProvider)
        ? stripe
        : undefined;
  app.decorate('paymentGateways', { active, sandbox, stripe, byName });
}
