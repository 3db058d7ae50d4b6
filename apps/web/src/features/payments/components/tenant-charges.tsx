import {
  CancelChargeSchema,
  CHARGE_MESSAGES,
  type RentLedger,
  OFFLINE_PAYMENT_METHODS,
  PAYMENT_METHOD_IN_SENTENCE,
  PAYMENT_METHOD_LABELS,
  RecordChargePaymentSchema,
  type Charge,
  type OfflinePaymentMethod,
} from '@structomate/contract';
import { useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'react-router';
import { toast } from '../../../lib/toast';
import { ApiError, messageOf } from '../../../lib/api-client';
import { dismissErrorToast, errorToast } from '../../../lib/error-toast';
import { formatDayMonthYear, formatRent, formatShortDate } from '../../../lib/format';
import {
  useCancelCharge,
  useRecordChargePayment,
  useUndoChargePayment,
} from '../api/record-charge-payment';
import { chargeLine, nothingOwed } from './charge-paid';
import { ChargeFigures } from './other-charges';
import { BusyButton } from '../../../components/busy-button';
import { UndoRecordDialog } from './undo-record-dialog';
import { AddChargeForm } from './add-charge-form';

/**
 * On a tenant's rent account (admin): their charges besides rent, each owed one with Record
 * payment (how, a reference, the day it came) and Cancel (charged by mistake), each paid one with
 * Undo (recorded by mistake).
 */
export function TenantCharges({
  charges,
  today,
  tenant,
  userId,
  leases,
  deleted = false,
}: {
  charges: Charge[];
  today: string;
  /** Their name, as the undo dialog says who is told. */
  tenant: string;
  userId: string;
  /** Their leases (the ledger's), any of which may be charged; none: nothing is shown. */
  leases: RentLedger['leases'];
  /** The account was deleted: its charges stay as they are; nothing is charged, paid or undone. */
  deleted?: boolean;
}) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [recording, setRecording] = useState<string | undefined>();
  const [undoing, setUndoing] = useState<Charge>();
  const [cancelling, setCancelling] = useState<Charge>();
  const [adding, setAdding] = useState(false);
  if (charges.length === 0 && leases.length === 0) return null;
  const owed = charges
    .filter((charge) => !charge.paid && !charge.cancelled)
    .reduce((sum, c) => sum + c.amount, 0);
  // Closed at once (an open modal keeps focus from the page), then focus goes back to the list:
  // the row's buttons change once done.
  const closeDialog = () => {
    flushSync(() => {
      setUndoing(undefined);
      setCancelling(undefined);
    });
    heading.current?.focus();
  };
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between">
        <h2 id={headingId} ref={heading} tabIndex={-1} className="text-xl font-semibold">
          Other charges
        </h2>
        <div className="flex flex-wrap items-center gap-3">
          {charges.length > 0 && (
            <p
              className={`text-sm font-medium ${owed > 0 ? 'text-error' : 'text-base-content/75'}`}
            >
              {owed > 0 ? `Owes ${formatRent(owed)}` : nothingOwed(charges)}
            </p>
          )}
          {leases.length > 0 && !adding && !deleted && (
            <button
              type="button"
              className="btn btn-outline btn-primary btn-sm"
              onClick={() => setAdding(true)}
            >
              Add a charge
            </button>
          )}
        </div>
      </div>
      {adding && !deleted && (
        <AddChargeForm
          userId={userId}
          leases={leases}
          onDone={() => {
            // Closed at once, then focus goes back to the list, the new charge on top.
            flushSync(() => setAdding(false));
            heading.current?.focus();
          }}
        />
      )}
      {charges.length === 0 && (
        <p className="text-sm text-base-content/75">
          {deleted
            ? 'Nothing was charged besides rent.'
            : 'Nothing charged besides rent: a repair charged from a maintenance request, or a charge added here, shows with its payment.'}
        </p>
      )}
      {charges.length > 0 && (
        <ul className="divide-y divide-base-300 rounded-box border border-base-300 bg-base-100">
          {charges.map((charge) => (
            <li key={charge._id} className="space-y-3 px-4 py-3 text-sm">
              <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className="font-medium [overflow-wrap:anywhere]">{charge.description}</p>
                  <p className="text-xs text-base-content/70 wrap-anywhere">
                    {chargeLine(charge)}
                    {charge.requestId && (
                      <>
                        {' · '}
                        <Link
                          to={`/dashboard/maintenance/${charge.requestId}`}
                          className="link link-hover"
                        >
                          Maintenance request
                        </Link>
                      </>
                    )}
                  </p>
                </div>
                <div className="flex flex-wrap items-center gap-2 self-start sm:self-auto">
                  <ChargeFigures charge={charge} />
                  {charge.paid && !deleted && (
                    <button
                      type="button"
                      className="btn btn-ghost btn-xs text-error"
                      aria-label={`Undo the payment of ${charge.description}`}
                      onClick={() => setUndoing(charge)}
                    >
                      Undo
                    </button>
                  )}
                  {!charge.paid && !charge.cancelled && !deleted && recording !== charge._id && (
                    <>
                      <button
                        type="button"
                        className="btn btn-ghost btn-xs text-error"
                        aria-label={`Cancel charge ${charge.description}`}
                        onClick={() => setCancelling(charge)}
                      >
                        Cancel charge
                      </button>
                      <button
                        type="button"
                        className="btn btn-outline btn-primary btn-xs"
                        aria-label={`Record payment of ${charge.description}`}
                        onClick={() => setRecording(charge._id)}
                      >
                        Record payment
                      </button>
                    </>
                  )}
                </div>
              </div>
              {recording === charge._id && (
                <ChargePaymentForm
                  charge={charge}
                  today={today}
                  onDone={() => setRecording(undefined)}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {undoing && (
        <UndoChargeDialog
          key={undoing._id}
          charge={undoing}
          tenant={tenant}
          onClose={closeDialog}
        />
      )}
      {cancelling && (
        <CancelChargeDialog
          key={cancelling._id}
          charge={cancelling}
          tenant={tenant}
          onClose={closeDialog}
        />
      )}
    </section>
  );
}

function UndoChargeDialog({
  charge,
  tenant,
  onClose,
}: {
  charge: Charge;
  tenant: string;
  onClose: () => void;
}) {
  const undo = useUndoChargePayment();
  return (
    <UndoRecordDialog
      title="Undo this charge’s payment?"
      confirmLabel="Undo payment"
      tenant={tenant}
      busy={undo.isPending}
      undo={async (reason) => {
        await undo.mutateAsync({ id: charge._id, reason });
        return CHARGE_MESSAGES.undone(charge.description);
      }}
      onClose={onClose}
    >
      <p>
        “{charge.description}”: {formatRent(charge.amount)}
        {charge.paid &&
          ` by ${PAYMENT_METHOD_IN_SENTENCE[charge.paid.method]}, received ${formatDayMonthYear(charge.paid.receivedOn)}`}
        . Undone, it is owed again. Undo only a payment recorded by mistake.
      </p>
    </UndoRecordDialog>
  );
}

function CancelChargeDialog({
  charge,
  tenant,
  onClose,
}: {
  charge: Charge;
  tenant: string;
  onClose: () => void;
}) {
  const cancel = useCancelCharge();
  return (
    <UndoRecordDialog
      title="Cancel this charge?"
      confirmLabel="Cancel charge"
      tenant={tenant}
      busy={cancel.isPending}
      // Told as the charge was: a repair's under Maintenance status.
      topic={charge.requestId ? 'repairUpdates' : 'receipts'}
      schema={CancelChargeSchema}
      failed={CHARGE_MESSAGES.cancelFailed}
      undo={async (reason) => {
        await cancel.mutateAsync({ id: charge._id, reason });
        return CHARGE_MESSAGES.cancelled(charge.description);
      }}
      onClose={onClose}
    >
      <p>
        “{charge.description}”: {formatRent(charge.amount)}, charged{' '}
        {formatShortDate(charge.createdAt)}. Cancelled, it is not owed, for good. Cancel only a
        charge made by mistake, or one you let the tenant off.
      </p>
    </UndoRecordDialog>
  );
}

function ChargePaymentForm({
  charge,
  today,
  onDone,
}: {
  charge: Charge;
  today: string;
  onDone: () => void;
}) {
  const id = useId();
  const recording = useRecordChargePayment();
  const [method, setMethod] = useState<OfflinePaymentMethod>('cash');
  const [reference, setReference] = useState('');
  const [receivedOn, setReceivedOn] = useState(today);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const describe = (name: string) => ({
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });
  const message = (name: string) =>
    errors[name] && (
      <p id={`${id}-${name}-error`} role="alert" className="text-sm text-error">
        {errors[name]}
      </p>
    );
  return (
    <form
      noValidate
      aria-label={`Record payment of ${charge.description}`}
      className="space-y-3 rounded-field border border-base-300 bg-base-200/40 p-3 sm:p-4"
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = RecordChargePaymentSchema.safeParse({ method, reference, receivedOn });
        if (!parsed.success) {
          const found: Record<string, string> = {};
          for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
          setErrors(found);
          return;
        }
        setErrors({});
        recording.mutate(
          { id: charge._id, body: { method, reference, receivedOn } },
          {
            onSuccess: () => {
              dismissErrorToast('charge-payment');
              toast.success(CHARGE_MESSAGES.recorded);
              onDone();
            },
            onError: (error) => {
              const atFields: Record<string, string> = {};
              if (error instanceof ApiError) {
                for (const issue of error.issues)
                  atFields[issue.path.split('.')[0] ?? ''] ??= issue.message;
              }
              if (Object.keys(atFields).length > 0) setErrors(atFields);
              else
                errorToast(
                  'charge-payment',
                  messageOf(error, 'The payment could not be recorded. Try again.'),
                );
            },
          },
        );
      }}
    >
      <div className="grid gap-3 md:grid-cols-3">
        <div className="space-y-1.5">
          <label htmlFor={`${id}-method`} className="block text-sm font-medium">
            Method
          </label>
          <select
            id={`${id}-method`}
            className="select select-sm w-full"
            value={method}
            onChange={(event) => {
              const next = OFFLINE_PAYMENT_METHODS.find((value) => value === event.target.value);
              if (next) setMethod(next);
            }}
          >
            {OFFLINE_PAYMENT_METHODS.map((value) => (
              <option key={value} value={value}>
                {PAYMENT_METHOD_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1.5">
          <label htmlFor={`${id}-reference`} className="block text-sm font-medium">
            Reference (optional)
          </label>
          <input
            id={`${id}-reference`}
            className="input input-sm w-full"
            value={reference}
            maxLength={100}
            autoComplete="off"
            onChange={(event) => setReference(event.target.value)}
            {...describe('reference')}
          />
          {message('reference')}
        </div>
        <div className="space-y-1.5">
          <label htmlFor={`${id}-received`} className="block text-sm font-medium">
            Date received
          </label>
          <input
            id={`${id}-received`}
            type="date"
            max={today}
            className="input input-sm w-full"
            value={receivedOn}
            onChange={(event) => setReceivedOn(event.target.value)}
            {...describe('receivedOn')}
          />
          {message('receivedOn')}
        </div>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className="btn btn-ghost btn-sm" onClick={onDone}>
          Cancel
        </button>
        <BusyButton busy={recording.isPending} type="submit" className="btn btn-primary btn-sm">
          Record {formatRent(charge.amount)} paid
        </BusyButton>
      </div>
    </form>
  );
}
