import {
  PAYMENT_MESSAGES,
  type PaymentIntentResponse,
  type SaveTransactionResponse,
} from '@structomate/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState, type RefObject } from 'react';
import { toast } from '../../../lib/toast';
import { ApiError, messageOf } from '../../../lib/api-client';
import { rentQueryKeys } from '../../../lib/rent-query-keys';
import type { CardEntry } from '../components/card-entry';
import { saveTransaction } from './save-transaction';

/**
 * Paying: the card field (sandbox or Stripe, behind `card`) confirms the intent with the
 * provider, then the server is asked to record it, and every rent figure on the page refreshes.
 */
export function usePayRent(card: RefObject<CardEntry | null>, email: string) {
  const queryClient = useQueryClient();
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const busy = useRef(false);

  const pay = useCallback(
    /** The payment recorded, or undefined when it was not (its error is in `error`). */
    async (intent: PaymentIntentResponse): Promise<SaveTransactionResponse | undefined> => {
      const entry = card.current;
      if (!entry || busy.current) return undefined;
      busy.current = true;
      setPaying(true);
      setError(undefined);
      try {
        const paymentIntentId = await entry.confirm(intent.clientSecret, { email });
        const saved = await saveTransaction(paymentIntentId);
        toast.success(PAYMENT_MESSAGES.succeeded);
        return saved;
      } catch (failure) {
        const fallback = 'The payment could not be completed. Try again.';
        setError(
          failure instanceof ApiError
            ? messageOf(failure, fallback)
            : failure instanceof Error
              ? failure.message
              : fallback,
        );
        return undefined;
      } finally {
        // Paid or not, the server's view of the months may have changed (another tab, a refund).
        await queryClient.invalidateQueries({ queryKey: rentQueryKeys.all });
        busy.current = false;
        setPaying(false);
      }
    },
    [card, email, queryClient],
  );

  /** A card's verdict is about the payment as it was: a new amount (a coupon) takes it away. */
  const clearError = useCallback(() => setError(undefined), []);

  return { pay, paying, error, clearError };
}
