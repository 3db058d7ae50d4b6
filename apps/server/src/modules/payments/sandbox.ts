import { randomBytes } from 'node:crypto';
import type { SandboxCard } from '@structomate/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { paymentIntents } from '../../db/schema';
import type { PaymentGateway, ProviderIntent } from './provider';

/**
 * Stripe's test mode, played by us so `npm start` can take payments with no network and no keys.
 * The intent lives in our `payment_intents` row; "confirming" a card is checked here with the
 * rules and messages Stripe's test cards produce. No card number is stored or logged.
 */
export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox' as const;

  constructor(private readonly db: Database) {}

  async createIntent() {
    const id = `pi_sbx_${randomBytes(12).toString('hex')}`;
    return { id, clientSecret: `${id}_secret_${randomBytes(16).toString('hex')}` };
  }

  async updateAmount() {
    // The amount lives in our row, which the caller updates.
  }

  async clientSecret(_id: string, stored: string | null): Promise<string> {
    if (!stored) throw new Error('sandbox intent without a client secret');
    return stored;
  }

  async retrieve(id: string): Promise<ProviderIntent | undefined> {
    const [row] = await this.db.select().from(paymentIntents).where(eq(paymentIntents.id, id));
    if (!row) return undefined;
    return {
      id: row.id,
      status:
        row.status === 'succeeded' ? 'succeeded' : row.status === 'canceled' ? 'canceled' : 'open',
      amount: row.amount,
      currency: row.currency,
      metadata: {
        userId: row.userId,
        billingMonth: row.billingMonth.slice(0, 7),
        agreementId: row.agreementId,
      },
    };
  }
}

export const SANDBOX_TEST_CARDS: Record<string, string | null> = {
  '4242424242424242': null,
  '4000056655665556': null,
  '5555555555554444': null,
  '4000000000000002': 'Your card was declined.',
  '4000000000009995': 'Your card has insufficient funds.',
  '4000000000000069': 'Your card has expired.',
  '4000000000000127': "Your card's security code is incorrect.",
};

/** What the test processor answers for a well-formed card: undefined means the charge goes through. */
export function processorRefusal(card: SandboxCard): string | undefined {
  const number = card.number.replace(/\D/g, '');
  if (number in SANDBOX_TEST_CARDS) return SANDBOX_TEST_CARDS[number] ?? undefined;
  return 'Your card was declined. This is test mode: use a test card such as 4242 4242 4242 4242.';
}
