import { SaveTransactionResponseSchema } from '@structomate/contract';
import { postJson } from '../../../lib/api-client';

/** Spec §7 /save/transaction: the server checks the payment with the provider before recording it. */
export const saveTransaction = (transactionId: string) =>
  postJson('/save/transaction', SaveTransactionResponseSchema, {
    transaction: { transactionId, date: new Date().toISOString() },
  });
