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

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

/**
 * The card form's own checks, worded as Stripe's card element words them. Shared with the web
 * app's sandbox form through the same rules (see the web's `card-rules.ts`).
 */
export function cardProblem(card: SandboxCard, now: Date): string | undefined {
  const number = card.number.replace(/\D/g, '');
  if (number.length < 16) return 'Your card number is incomplete.';
  if (!luhnValid(number)) return 'Your card number is invalid.';
  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12) {
    return "Your card's expiration date is incomplete.";
  }
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  const thisYear = now.getUTCFullYear();
  if (year < thisYear) return "Your card's expiration year is in the past.";
  if (year === thisYear && card.expMonth < now.getUTCMonth() + 1) {
    return "Your card's expiration date is in the past.";
  }
  if (year > thisYear + 50) return "Your card's expiration year is invalid.";
  if (!/^\d{3,4}$/.test(card.cvc)) return "Your card's security code is incomplete.";
  if (!/^\d{5}$/.test(card.postalCode)) return 'Your postal code is incomplete.';
  return undefined;
}

/** What the test processor answers for a well-formed card: undefined means the charge goes through. */
export function processorRefusal(card: SandboxCard): string | undefined {
  const number = card.number.replace(/\D/g, '');
  if (number in SANDBOX_TEST_CARDS) return SANDBOX_TEST_CARDS[number] ?? undefined;
  return 'Your card was declined. This is test mode: use a test card such as 4242 4242 4242 4242.';
}
