import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useEffect } from 'react';
import type { CardEntry } from './card-entry';

// Stripe.js comes from Stripe's servers, once per page load, and only on the rent page.
const loaded = new Map<string, Promise<Stripe | null>>();
const stripeFor = (publishableKey: string) => {
  let promise = loaded.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey);
    loaded.set(publishableKey, promise);
  }
  return promise;
};

function StripeCard({
  onReady,
  disabled,
}: {
  onReady: (entry: CardEntry) => void;
  disabled: boolean;
}) {
  const stripe = useStripe();
  const elements = useElements();
  useEffect(() => {
    if (!stripe || !elements) return;
    onReady({
      confirm: async (clientSecret, billing) => {
        const card = elements.getElement(CardElement);
        if (!card) throw new Error('The card field is not ready.');
        const result = await stripe.confirmCardPayment(clientSecret, {
          payment_method: { card, billing_details: { email: billing.email } },
        });
        if (result.error) throw new Error(result.error.message ?? 'Your card was declined.');
        if (result.paymentIntent.status !== 'succeeded') {
          throw new Error('The payment is not complete yet. Try again in a moment.');
        }
        return result.paymentIntent.id;
      },
    });
  }, [stripe, elements, onReady]);
  return (
    <div className="rounded-field border border-base-300 bg-base-100 p-3">
      <CardElement
        options={{ disabled, hidePostalCode: false, style: { base: { fontSize: '16px' } } }}
      />
    </div>
  );
}

/** Stripe's own card element (the card number never touches our servers). */
export function StripeCardField({
  publishableKey,
  onReady,
  disabled,
}: {
  publishableKey: string;
  onReady: (entry: CardEntry) => void;
  disabled: boolean;
}) {
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <StripeCard onReady={onReady} disabled={disabled} />
    </Elements>
  );
}
