import type { PaymentIntentResponse } from '@structomate/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { messageOf } from '../../../lib/api-client';
import { rentQueryKeys } from '../../../lib/rent-query-keys';
import { createPaymentIntent } from './create-payment-intent';

type Problem = { at: 'load' | 'coupon'; message: string };

/**
 * The payment a modal is about: opened (or reused, with its coupon) when the modal opens for
 * `month`, and asked again when a coupon is applied or removed. The amount is the server's.
 */
export function usePaymentIntent(month: string) {
  const queryClient = useQueryClient();
  const [intent, setIntent] = useState<PaymentIntentResponse | undefined>();
  const [problem, setProblem] = useState<Problem | undefined>();
  const [updating, setUpdating] = useState(false);

  useEffect(() => {
    let current = true;
    createPaymentIntent({ month })
      .then((opened) => current && setIntent(opened))
      .catch((error: unknown) => {
        if (!current) return;
        setProblem({
          at: 'load',
          message: messageOf(error, 'The payment could not be prepared. Try again.'),
        });
        // The refusal may mean the month was paid meanwhile (another tab): the page should know.
        void queryClient.invalidateQueries({ queryKey: rentQueryKeys.all });
      });
    return () => {
      current = false;
    };
  }, [month, queryClient]);

  /** Asks for the payment with this code (`""` removes it): the new payment, or none if refused. */
  const setCoupon = useCallback(
    async (code: string): Promise<PaymentIntentResponse | undefined> => {
      setUpdating(true);
      setProblem(undefined);
      try {
        const next = await createPaymentIntent({ month, coupon: code });
        setIntent(next);
        return next;
      } catch (error) {
        setProblem({
          at: 'coupon',
          message: messageOf(error, 'The coupon could not be checked. Try again.'),
        });
        return undefined;
      } finally {
        setUpdating(false);
      }
    },
    [month],
  );

  return {
    intent,
    loadError: problem?.at === 'load' ? problem.message : undefined,
    couponError: problem?.at === 'coupon' ? problem.message : undefined,
    /** A verdict is about the code as it was typed; editing it takes the verdict away. */
    clearCouponError: useCallback(
      () => setProblem((current) => (current?.at === 'coupon' ? undefined : current)),
      [],
    ),
    updating,
    applyCoupon: setCoupon,
    removeCoupon: useCallback(() => setCoupon(''), [setCoupon]),
  };
}
