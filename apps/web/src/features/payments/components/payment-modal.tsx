import {
  PAYMENT_MESSAGES,
  type MonthName,
  type PaymentIntentResponse,
  type SiteConfig,
} from '@structomate/contract';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { LuTicketPercent } from 'react-icons/lu';
import { toast } from 'react-toastify';
import { messageOf } from '../../../lib/api-client';
import { formatRent } from '../../../lib/format';
import { createPaymentIntent } from '../api/create-payment-intent';
import { rentLedgerQueryKey } from '../api/get-rent-ledger';
import { transactionsQueryKey } from '../api/get-transactions';
import { saveTransaction } from '../api/save-transaction';
import type { CardEntry } from './card-entry';
import { SandboxCardField } from './sandbox-card-field';

// Stripe's code loads only when Stripe is the provider, and only here.
const StripeCardField = lazy(() =>
  import('./stripe-card-field').then((module) => ({ default: module.StripeCardField })),
);

/**
 * Spec §2 payment modal: "Payment of {month} {rent} BDT", the test-card hint, the coupon box,
 * the card field, the provider's error line and Pay. The amount is the server's; Pay waits for
 * the provider and the payment to be ready, and is disabled while paying.
 */
export function PaymentModal({
  month,
  rent,
  email,
  payments,
  onClose,
}: {
  month: MonthName;
  rent: number;
  email: string;
  payments: SiteConfig['payments'];
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const couponId = useId();
  const queryClient = useQueryClient();
  const [intent, setIntent] = useState<PaymentIntentResponse | undefined>();
  const [loadError, setLoadError] = useState<string | undefined>();
  const [couponCode, setCouponCode] = useState('');
  const [couponMessage, setCouponMessage] = useState<string | undefined>();
  const [couponBusy, setCouponBusy] = useState(false);
  const [card, setCard] = useState<CardEntry | undefined>();
  const [cardError, setCardError] = useState<string | undefined>();
  const [paying, setPaying] = useState(false);

  useEffect(() => {
    dialog.current?.showModal();
    let current = true;
    createPaymentIntent({ month })
      .then((opened) => current && setIntent(opened))
      .catch(
        (error: unknown) =>
          current &&
          setLoadError(messageOf(error, 'The payment could not be prepared. Try again.')),
      );
    return () => {
      current = false;
    };
  }, [month]);

  const onCardReady = useCallback((entry: CardEntry) => setCard(entry), []);

  const applyCoupon = async (code: string) => {
    setCouponBusy(true);
    setCouponMessage(undefined);
    try {
      setIntent(await createPaymentIntent({ month, coupon: code }));
      if (!code) setCouponCode('');
    } catch (error) {
      setCouponMessage(messageOf(error, 'The coupon could not be checked. Try again.'));
    } finally {
      setCouponBusy(false);
    }
  };

  const pay = async () => {
    if (!intent || !card) return;
    setPaying(true);
    setCardError(undefined);
    try {
      const paymentIntentId = await card.confirm(intent.clientSecret, { email });
      await saveTransaction(paymentIntentId);
      toast.success(PAYMENT_MESSAGES.succeeded);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: transactionsQueryKey }),
        queryClient.invalidateQueries({ queryKey: rentLedgerQueryKey }),
      ]);
      dialog.current?.close();
    } catch (error) {
      setCardError(error instanceof Error ? error.message : 'The payment could not be completed.');
    } finally {
      setPaying(false);
    }
  };

  const ready = Boolean(intent && card) && !paying && !couponBusy;
  return (
    <dialog ref={dialog} className="modal" aria-labelledby={titleId} onClose={onClose}>
      <div className="modal-box max-w-lg space-y-5">
        <div className="flex flex-col-reverse items-start gap-2 sm:flex-row sm:justify-between sm:gap-4">
          <h2 id={titleId} className="text-xl font-semibold">
            Payment of {month} {formatRent(rent)}
          </h2>
          {payments.provider === 'sandbox' && (
            <span className="chip chip-warning shrink-0">Test mode</span>
          )}
        </div>
        <p className="rounded-field bg-info/10 px-3 py-2 text-sm text-base-content/85">
          {PAYMENT_MESSAGES.testCardHint}
        </p>

        {loadError ? (
          <p role="alert" className="alert alert-soft alert-error text-sm">
            {loadError}
          </p>
        ) : !intent ? (
          <div className="skeleton h-20 w-full" aria-label="Preparing the payment" />
        ) : (
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-field bg-base-200/70 px-4 py-3 text-sm">
            <dt>Rent for {intent.monthLabel}</dt>
            <dd className="text-right">{formatRent(intent.rent)}</dd>
            {intent.coupon && (
              <>
                <dt>
                  Coupon {intent.coupon.code} ({intent.coupon.percentage}%)
                </dt>
                <dd className="text-right text-success">−{formatRent(intent.discount)}</dd>
              </>
            )}
            <dt className="font-semibold">To pay</dt>
            <dd className="text-right font-semibold" data-testid="amount-to-pay">
              {formatRent(intent.amount)}
            </dd>
          </dl>
        )}

        <form
          className="space-y-1"
          onSubmit={(event) => {
            event.preventDefault();
            void applyCoupon(couponCode.trim());
          }}
        >
          <label htmlFor={couponId} className="text-sm font-medium">
            Coupon code (optional)
          </label>
          <div className="flex gap-2">
            <label className="input input-sm grow">
              <LuTicketPercent aria-hidden="true" className="opacity-60" />
              <input
                id={couponId}
                value={couponCode}
                maxLength={10}
                placeholder="Enter a code"
                onChange={(event) => {
                  setCouponCode(event.target.value.toUpperCase());
                  // The message was about the code as it was; a new one is not yet checked.
                  setCouponMessage(undefined);
                }}
                disabled={!intent || paying}
                className="grow uppercase placeholder:normal-case"
              />
            </label>
            <button
              type="submit"
              className="btn btn-sm btn-outline"
              disabled={!intent || paying || couponBusy || !couponCode.trim()}
            >
              Apply
            </button>
            {intent?.coupon && (
              <button
                type="button"
                className="btn btn-sm btn-ghost"
                disabled={paying || couponBusy}
                onClick={() => void applyCoupon('')}
              >
                Remove
              </button>
            )}
          </div>
          {couponMessage && (
            <p role="alert" className="text-sm text-error">
              {couponMessage}
            </p>
          )}
        </form>

        {payments.provider === 'stripe' && payments.publishableKey ? (
          <Suspense fallback={<div className="skeleton h-12 w-full" />}>
            <StripeCardField
              publishableKey={payments.publishableKey}
              onReady={onCardReady}
              disabled={paying}
            />
          </Suspense>
        ) : (
          <SandboxCardField onReady={onCardReady} disabled={paying} />
        )}
        <p role="alert" aria-live="assertive" className="min-h-5 text-sm text-error">
          {cardError}
        </p>

        <div className="modal-action mt-0">
          <button
            type="button"
            className="btn btn-ghost"
            onClick={() => dialog.current?.close()}
            disabled={paying}
          >
            Cancel
          </button>
          <button
            type="button"
            className="btn btn-primary min-w-28"
            disabled={!ready}
            onClick={() => void pay()}
          >
            {paying && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            Pay {intent ? formatRent(intent.amount) : ''}
          </button>
        </div>
      </div>
    </dialog>
  );
}
