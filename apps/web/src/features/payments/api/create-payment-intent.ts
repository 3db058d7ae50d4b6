import { PaymentIntentResponseSchema } from '@structomate/contract';
import { postJson } from '../../../lib/api-client';

/**
 * Spec §7 /create-payment-intent: the month (`YYYY-MM`) and, optionally, a coupon code (`""`
 * removes it; leaving it out keeps the one the month's payment has). The server decides the
 * amount from the lease; asking again for the month reuses the same payment.
 */
export const createPaymentIntent = (input: { month: string; coupon?: string }) =>
  postJson('/create-payment-intent', PaymentIntentResponseSchema, input);
