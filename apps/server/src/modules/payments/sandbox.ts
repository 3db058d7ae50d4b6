import { randomBytes } from 'node:crypto';
import { cardProblem, type SandboxCard } from '@structomate/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sandboxIntents } from '../../db/schema';
import { AppError, conflict, forbidden, notFound } from '../../lib/app-error';
import type { IntentMetadata, PaymentGateway, ProviderIntent } from './provider';

type SandboxRow = typeof sandboxIntents.$inferSelect;

const toProviderIntent = (row: SandboxRow): ProviderIntent => ({
  id: row.id,
  status:
    row.status === 'succeeded' ? 'succeeded' : row.status === 'canceled' ? 'canceled' : 'open',
  amount: row.amount,
  currency: row.currency,
  metadata: row.metadata,
});

/**
 * Stripe's test mode, played by us so `npm start` takes payments with no network and no keys.
 * Its intents live in `sandbox_intents`, apart from our own records, and behave as Stripe's do:
 * idempotent creation, a card confirmation checked with the rules and messages of Stripe's test
 * cards, cancel and refund. No card number is stored or logged.
 */
export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox' as const;

  constructor(private readonly db: Database) {}

  async createIntent(input: {
    amount: number;
    currency: string;
    metadata: IntentMetadata;
    idempotencyKey: string;
  }) {
    const id = `pi_sbx_${randomBytes(12).toString('hex')}`;
    await this.db
      .insert(sandboxIntents)
      .values({
        id,
        idempotencyKey: input.idempotencyKey,
        clientSecret: `${id}_secret_${randomBytes(16).toString('hex')}`,
        amount: input.amount,
        currency: input.currency,
        metadata: { ...input.metadata },
      })
      .onConflictDoNothing({ target: sandboxIntents.idempotencyKey });
    const [row] = await this.db
      .select()
      .from(sandboxIntents)
      .where(eq(sandboxIntents.idempotencyKey, input.idempotencyKey));
    if (!row) throw new Error('sandbox intent missing after insert');
    if (row.amount !== input.amount || row.currency !== input.currency) {
      // Stripe answers a reused key with other parameters the same way.
      throw new Error('sandbox idempotency key reused with other parameters');
    }
    return { id: row.id, clientSecret: row.clientSecret };
  }

  async clientSecret(id: string): Promise<string> {
    const [row] = await this.db
      .select({ clientSecret: sandboxIntents.clientSecret })
      .from(sandboxIntents)
      .where(eq(sandboxIntents.id, id));
    if (!row) throw new Error(`no sandbox intent ${id}`);
    return row.clientSecret;
  }

  async retrieve(id: string): Promise<ProviderIntent | undefined> {
    const [row] = await this.db.select().from(sandboxIntents).where(eq(sandboxIntents.id, id));
    return row && toProviderIntent(row);
  }

  async cancel(id: string): Promise<ProviderIntent | undefined> {
    await this.db
      .update(sandboxIntents)
      .set({ status: 'canceled', updatedAt: sql`now()` })
      .where(and(eq(sandboxIntents.id, id), eq(sandboxIntents.status, 'requires_payment_method')));
    return this.retrieve(id);
  }

  async refund(id: string): Promise<void> {
    await this.db
      .update(sandboxIntents)
      .set({ refundedAt: sql`coalesce(${sandboxIntents.refundedAt}, now())` })
      .where(and(eq(sandboxIntents.id, id), eq(sandboxIntents.status, 'succeeded')));
  }

  /**
   * The card confirmation Stripe.js performs against Stripe: only a payment still open can be
   * confirmed, in one conditional update, so a confirmation and a cancel never both win. A
   * refused card leaves the intent open and records the refusal.
   */
  async confirm(
    clientSecret: string,
    card: SandboxCard,
    payerId: string,
    now: Date,
  ): Promise<string> {
    const [row] = await this.db
      .select()
      .from(sandboxIntents)
      .where(eq(sandboxIntents.clientSecret, clientSecret));
    if (!row) throw notFound('No payment is waiting for this confirmation');
    if (row.metadata.userId !== payerId) throw forbidden('This payment is not yours');
    if (row.status === 'succeeded') return row.id;
    if (row.status === 'canceled') throw conflict(SANDBOX_MESSAGES.replaced);
    const problem = cardProblem(card, now) ?? processorRefusal(card);
    if (problem) {
      await this.db
        .update(sandboxIntents)
        .set({ lastError: problem, updatedAt: sql`now()` })
        .where(eq(sandboxIntents.id, row.id));
      throw new AppError('PAYMENT_FAILED', problem);
    }
    const [charged] = await this.db
      .update(sandboxIntents)
      .set({ status: 'succeeded', lastError: null, updatedAt: sql`now()` })
      .where(
        and(eq(sandboxIntents.id, row.id), eq(sandboxIntents.status, 'requires_payment_method')),
      )
      .returning({ id: sandboxIntents.id });
    if (charged) return charged.id;
    // Confirmed by another tab meanwhile (fine), or canceled (this secret is stale).
    const current = await this.retrieve(row.id);
    if (current?.status === 'succeeded') return row.id;
    throw conflict(SANDBOX_MESSAGES.replaced);
  }
}

export const SANDBOX_MESSAGES = {
  replaced:
    'This payment was changed or settled after this window opened, so it can no longer be paid here. Close this window and open the payment again to see what is due.',
} as const;

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
