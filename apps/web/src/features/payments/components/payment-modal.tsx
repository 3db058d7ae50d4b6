import {
  formatCharge,
  HOME_CURRENCY,
  PAYMENT_MESSAGES,
  type LedgerMonth,
  type PaymentIntentResponse,
  type SaveTransactionResponse,
  type SiteConfig,
} from '@structomate/contract';
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { LuTicketPercent } from 'react-icons/lu';
import { formatRent } from '../../../lib/format';
import { usePayRent } from '../api/use-pay-rent';
import { usePaymentIntent } from '../api/use-payment-intent';
import type { CardEntry } from './card-entry';
import { SandboxCardField } from './sandbox-card-field';
import { BusyButton } from '../../../components/busy-button';

// Stripe's code loads only when Stripe is the provider, and only here.
const StripeCardField = lazy(() =>
  import('./stripe-card-field').then((module) => ({ default: module.StripeCardField })),
);

/**
 * Spec §2 payment modal: "Payment of {month} {rent} BDT", the test-card hint, the coupon box,
 * the card field, the provider's error line and Pay. The amount is the server's, in taka, and,
 * when the card is charged in another currency, what the card is charged too.
 */
export function PaymentModal({
  month,
  email,
  payments,
  onPaid,
  onClose,
}: {
  /** The ledger's month being paid: `YYYY-MM`, its name and its rent. */
  month: Pick<LedgerMonth, 'billingMonth' | 'month' | 'rent'>;
  email: string;
  payments: SiteConfig['payments'];
  /** The payment, once recorded (before the modal closes). */
  onPaid?: (paid: SaveTransactionResponse) => void;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const couponId = useId();
  const payment = usePaymentIntent(month.billingMonth);
  const card = useRef<CardEntry | null>(null);
  const [cardReady, setCardReady] = useState(false);
  const { pay, paying, error: cardError, clearError: clearCardError } = usePayRent(card, email);
  const [couponCode, setCouponCode] = useState('');

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  const onCardReady = useCallback((entry: CardEntry) => {
    card.current = entry;
    setCardReady(true);
  }, []);

  const { intent } = payment;
  // Which of the coupon's two buttons is waiting: the one pressed shows it and keeps the focus.
  const [couponAction, setCouponAction] = useState<'apply' | 'remove'>('apply');
  const applying = payment.updating && couponAction === 'apply';
  const removing = payment.updating && couponAction === 'remove';
  // A card's verdict is about the amount it was asked for: a coupon that changes it takes it away.
  const onNewAmount = (next: PaymentIntentResponse | undefined) => {
    if (next && next.amount !== intent?.amount) clearCardError();
  };
  return (
    <dialog ref={dialog} className="modal" aria-labelledby={titleId} onClose={onClose}>
      <div className="modal-box max-w-lg space-y-5">
        <div className="flex flex-col-reverse items-start gap-2 sm:flex-row sm:justify-between sm:gap-4">
          <h2 id={titleId} className="text-xl font-semibold">
            Payment of {month.month}{' '}
            <span className="whitespace-nowrap">{formatRent(month.rent)}</span>
          </h2>
          {payments.provider === 'sandbox' && (
            <span className="chip chip-warning shrink-0">Test mode</span>
          )}
        </div>
        <p className="rounded-field bg-info/10 px-3 py-2 text-sm text-base-content/85">
          {PAYMENT_MESSAGES.testCardHint}
        </p>

        {payment.loadError ? (
          <p role="alert" className="alert alert-soft alert-error text-sm">
            {payment.loadError}
          </p>
        ) : !intent ? (
          <div className="skeleton h-20 w-full" aria-label="Preparing the payment" />
        ) : (
          <PaymentSummary intent={intent} />
        )}

        <form
          className="space-y-1"
          onSubmit={(event) => {
            event.preventDefault();
            setCouponAction('apply');
            void payment.applyCoupon(couponCode.trim()).then(onNewAmount);
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
                  payment.clearCouponError();
                }}
                disabled={!intent || paying}
                className="grow uppercase placeholder:normal-case"
              />
            </label>
            <BusyButton
              busy={applying}
              type="submit"
              className="btn btn-sm btn-outline"
              disabled={!intent || paying || removing || !couponCode.trim()}
            >
              Apply
            </BusyButton>
            {intent?.coupon && (
              <BusyButton
                busy={removing}
                className="btn btn-sm btn-ghost"
                disabled={paying || applying}
                onClick={() => {
                  setCouponAction('remove');
                  void payment.removeCoupon().then((next) => {
                    if (!next) return;
                    setCouponCode('');
                    onNewAmount(next);
                  });
                }}
              >
                Remove
              </BusyButton>
            )}
          </div>
          {payment.couponError && (
            <p role="alert" className="text-sm text-error">
              {payment.couponError}
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
          <BusyButton
            busy={paying}
            className="btn btn-primary min-w-28"
            disabled={!intent || !cardReady || payment.updating}
            onClick={() => {
              if (!intent) return;
              // Paying goes ahead without a code that was refused: the code and its verdict go.
              if (payment.couponError) {
                setCouponCode('');
                payment.clearCouponError();
              }
              void pay(intent).then((paid) => {
                if (!paid) return;
                onPaid?.(paid);
                dialog.current?.close();
              });
            }}
          >
            Pay {intent ? formatRent(intent.amount) : ''}
          </BusyButton>
        </div>
      </div>
    </dialog>
  );
}

/** Rent, discount and the total in taka; the card charge too when it is in another currency. */
function PaymentSummary({ intent }: { intent: PaymentIntentResponse }) {
  const foreign = intent.currency !== HOME_CURRENCY;
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 rounded-field bg-base-200/70 px-4 py-3 text-sm">
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
      {foreign && (
        <>
          <dt className="text-base-content/75">
            Your card is charged
            <span className="block text-xs">
              at {intent.rate} BDT per {intent.currency.toUpperCase()}
            </span>
          </dt>
          <dd className="text-right text-base-content/75" data-testid="card-charge">
            {formatCharge(intent.amountInMinorUnits, intent.currency)}
          </dd>
        </>
      )}
    </dl>
  );
}
