import {
  DATE_FORMATS,
  PAYMENT_METHOD_IN_SENTENCE,
  UNDO_PAYMENT_MESSAGES,
  type Transaction,
} from '@structomate/contract';
import { useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'react-router';
import { formatRent, formatShortDate, formatWhen } from '../../../lib/format';
import { useUndoPayment } from '../api/record-payment';
import { discountNote, paidByLine } from './paid-by';
import { UndoRecordDialog } from './undo-record-dialog';

/**
 * A person's payments for the admin, newest first, each with its receipt; one the office recorded
 * by hand can be undone (recorded by mistake), with a reason the tenant is sent.
 */
export function TenantPayments({
  userId,
  transactions,
  deleted = false,
}: {
  userId: string;
  transactions: Transaction[];
  /** The account was deleted: its payments stay as they are, with no Undo. */
  deleted?: boolean;
}) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [undoing, setUndoing] = useState<Transaction>();
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} ref={heading} tabIndex={-1} className="text-xl font-semibold">
        Payments
      </h2>
      {transactions.length === 0 ? (
        <p className="text-base-content/75">No payment was made yet.</p>
      ) : (
        <ul className="divide-y divide-base-300 rounded-box border border-base-300 bg-base-100">
          {transactions.map((payment) => (
            <li
              key={payment._id}
              className="flex flex-col gap-2 px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0">
                <p className="font-medium">
                  {payment.month} · {formatRent(payment.amount)}
                </p>
                <p className="text-xs text-base-content/70 wrap-anywhere">
                  {paidByLine(payment) ??
                    `Paid by card · ${formatWhen(payment.date, DATE_FORMATS.timeAndDate)}`}
                  {discountNote(payment)}
                </p>
              </div>
              <div className="flex gap-1 self-start sm:self-auto">
                <Link
                  to={`receipts/${payment._id}`}
                  relative="path"
                  className="btn btn-ghost btn-sm"
                  aria-label={`Receipt for ${payment.month}`}
                >
                  Receipt
                </Link>
                {payment.provider === 'offline' && !deleted && (
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm text-error"
                    aria-label={`Undo the payment of ${payment.month}`}
                    onClick={() => setUndoing(payment)}
                  >
                    Undo
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {undoing && (
        <UndoPaymentDialog
          key={undoing._id}
          userId={userId}
          payment={undoing}
          onClose={() => {
            // Closed at once (an open modal keeps focus from the page), then focus goes back to
            // the list: the row it was opened from may be gone.
            flushSync(() => setUndoing(undefined));
            heading.current?.focus();
          }}
        />
      )}
    </section>
  );
}

function UndoPaymentDialog({
  userId,
  payment,
  onClose,
}: {
  userId: string;
  payment: Transaction;
  onClose: () => void;
}) {
  const undo = useUndoPayment(userId);
  const fromDeposit = payment.method === 'deposit';
  return (
    <UndoRecordDialog
      title={`Undo the payment of ${payment.month}?`}
      confirmLabel="Undo payment"
      tenant={payment.tenant}
      busy={undo.isPending}
      undo={async (reason) => {
        const { undone } = await undo.mutateAsync({ paymentId: payment._id, reason });
        return UNDO_PAYMENT_MESSAGES.undone(undone.billingMonth);
      }}
      onClose={onClose}
    >
      <p>
        {formatRent(payment.amount)} {fromDeposit ? 'from' : 'by'}{' '}
        {PAYMENT_METHOD_IN_SENTENCE[payment.method]}
        {payment.receivedOn
          ? `, ${fromDeposit ? 'on' : 'received'} ${formatShortDate(payment.receivedOn)}`
          : ''}
        . Undone, it leaves the books and {payment.month} is unpaid again
        {fromDeposit ? ', and its rent is held in the deposit again' : ''}. Undo only a payment
        recorded by mistake.
      </p>
    </UndoRecordDialog>
  );
}
