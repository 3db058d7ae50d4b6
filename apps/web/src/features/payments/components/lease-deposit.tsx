import { zodResolver } from '@hookform/resolvers/zod';
import {
  DEPOSIT_MESSAGES,
  OFFLINE_LIMITS,
  OFFLINE_PAYMENT_METHODS,
  PAYMENT_METHOD_IN_SENTENCE,
  PAYMENT_METHOD_LABELS,
  DepositFieldsSchema,
  monthLabel,
  type DepositEntry,
  type LeaseDeposit as Deposit,
  type DepositFields,
} from '@structomate/contract';
import { useEffect, useId, useState } from 'react';
import { flushSync } from 'react-dom';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import { FormField } from '../../../components/form-field';
import { ApiError, messageOf } from '../../../lib/api-client';
import { describedBy } from '../../../lib/described-by';
import { showFieldIssues } from '../../../lib/field-issues';
import { formatDayMonthYear, formatRent } from '../../../lib/format';
import { sendKeys } from '../../../lib/send-key';
import { useRecordDeposit, useUndoDepositEntry } from '../api/record-deposit';
import { BusyButton } from '../../../components/busy-button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { UndoRecordDialog } from './undo-record-dialog';

type Line = {
  key: string;
  date: string;
  recordedAt: string;
  title: string;
  detail: string;
  amount: number;
  adds: boolean;
  /** A receipt or refund that may be undone (recorded by mistake), not undone yet. */
  undoable?: DepositEntry & { kind: 'received' | 'refunded' };
};

const ENTRY_TITLE = {
  received: 'Received',
  refunded: 'Refunded',
  receipt_undone: 'Receipt undone',
  refund_undone: 'Refund undone',
} as const satisfies Record<DepositEntry['kind'], string>;

const entryTitle = (entry: DepositEntry) =>
  `${ENTRY_TITLE[entry.kind]} ${formatDayMonthYear(entry.date)}`;

/** Every movement of the deposit, oldest first: entries, and the months' rent paid from it. */
function depositLines(deposit: Deposit): Line[] {
  const undone = new Map(
    deposit.entries.flatMap((entry) => (entry.undoes ? [[entry.undoes, entry] as const] : [])),
  );
  const entries = deposit.entries.map((entry): Line => {
    const undoneBy = undone.get(entry._id);
    const how = `${PAYMENT_METHOD_LABELS[entry.method]}${entry.reference ? ` · ref ${entry.reference}` : ''}`;
    return {
      key: entry._id,
      date: entry.date,
      recordedAt: entry.recordedAt,
      title: entryTitle(entry),
      detail:
        entry.kind === 'receipt_undone' || entry.kind === 'refund_undone'
          ? `Recorded by mistake: ${entry.reason ?? 'no reason kept'}`
          : undoneBy
            ? `${how} · undone ${formatDayMonthYear(undoneBy.date)}`
            : how,
      amount: entry.amount,
      adds: entry.kind === 'received' || entry.kind === 'refund_undone',
      undoable:
        !undoneBy && (entry.kind === 'received' || entry.kind === 'refunded')
          ? { ...entry, kind: entry.kind }
          : undefined,
    };
  });
  const rents = (deposit.rentPaid ?? []).map((rent) => ({
    key: rent.paymentId,
    date: rent.date,
    recordedAt: rent.recordedAt,
    title: `Rent of ${monthLabel(rent.billingMonth)}`,
    detail: `Paid from the deposit ${formatDayMonthYear(rent.date)}`,
    amount: rent.amount,
    adds: false,
  }));
  // By the day, then in the order they were recorded (both ISO instants in UTC).
  return [...entries, ...rents].sort(
    (a, b) => a.date.localeCompare(b.date) || a.recordedAt.localeCompare(b.recordedAt),
  );
}

/**
 * One lease's security deposit: what its terms ask for, what is held now, every amount received
 * or given back, and a form to record the next one.
 */
export function LeaseDeposit({
  userId,
  tenant,
  deposit,
  leaseName,
  today,
  focusHeading = false,
  onHeadingFocused,
  onUndone,
  deleted = false,
}: {
  userId: string;
  /** The account was deleted: its deposit is shown as it stands, with nothing to record or undo. */
  deleted?: boolean;
  /** Focus the heading once drawn: the section that shows an undo just made. */
  focusHeading?: boolean;
  /** The heading took the focus asked for (the request is done with). */
  onHeadingFocused?: () => void;
  /** An entry was undone: the deposit as it is now. */
  onUndone: (deposit: Deposit) => void;
  /** Their name, as the undo dialog says who is told. */
  tenant: string;
  deposit: Deposit;
  /** "Apartment B-402", as the leases list names it. */
  leaseName: string;
  /** The building's today: the entry's date unless changed. */
  today: string;
}) {
  const headingId = useId();
  const id = (field: string) => `${headingId}-${field}`;
  useEffect(() => {
    if (!focusHeading) return;
    document.getElementById(headingId)?.focus();
    onHeadingFocused?.();
  }, [focusHeading, headingId, onHeadingFocused]);
  const recording = useRecordDeposit(userId);
  const [undoing, setUndoing] = useState<NonNullable<Line['undoable']>>();
  // What would settle the deposit: the rest of what is agreed, or all that is held.
  const suggested = (kind: DepositFields['kind']) =>
    kind === 'received' ? Math.max((deposit.agreed ?? 0) - deposit.held, 0) : deposit.held;
  const initialKind = deposit.held > 0 && suggested('received') === 0 ? 'refunded' : 'received';
  const defaults = (kind: DepositFields['kind']): DepositFields => ({
    agreementId: deposit.agreementId,
    kind,
    // An empty number field: the schema calls '' and NaN missing.
    amount: suggested(kind) || ('' as unknown as number),
    method: 'cash',
    reference: '',
    date: today,
  });
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<DepositFields>({
    resolver: zodResolver(DepositFieldsSchema),
    defaultValues: defaults(initialKind),
  });
  const kind = useWatch({ control, name: 'kind' });

  // Sent again after a failure, the same entry goes with the same key: recorded once at most.
  const [keys] = useState(sendKeys);
  const submit = handleSubmit(async (values) => {
    try {
      await recording.mutateAsync({ ...values, key: keys.keyFor(values) });
      keys.done();
      toast.success(
        values.kind === 'received' ? DEPOSIT_MESSAGES.received : DEPOSIT_MESSAGES.refunded,
      );
      reset(defaults(values.kind));
    } catch (error) {
      const status = error instanceof ApiError ? error.status : 0;
      if (status === 0 || status >= 500) {
        // No answer, or a fault: the entry may have been recorded (the entries are read again).
        toast.error(DEPOSIT_MESSAGES.outcomeUnknown);
        return;
      }
      toast.error(DEPOSIT_MESSAGES.failed);
      const atField = showFieldIssues(error, setError, (issue) =>
        issue.path === 'amount' ||
        issue.path === 'method' ||
        issue.path === 'reference' ||
        issue.path === 'date'
          ? issue.path
          : undefined,
      );
      if (atField) return;
      // A refund beyond what is held (perhaps just refunded by someone else) is about the amount.
      setError('amount', { message: messageOf(error, DEPOSIT_MESSAGES.failed) });
    }
  });

  const busy = isSubmitting || recording.isPending;
  const lines = depositLines(deposit);
  const hint =
    kind === 'refunded'
      ? `Up to ${formatRent(deposit.held)}, what is held.`
      : deposit.agreed
        ? `The lease asks for ${formatRent(deposit.agreed)}.`
        : undefined;
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-5 rounded-box border border-base-300 bg-base-100 p-4 sm:p-6"
    >
      <div>
        <h2 id={headingId} tabIndex={-1} className="text-xl font-semibold">
          Deposit · {leaseName}
        </h2>
        <p className="text-sm text-base-content/75">
          The security deposit received from the tenant, given back, and rent paid from it.
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:max-w-md">
        <div className="rounded-field bg-base-200/60 px-4 py-3">
          <dt className="text-xs text-base-content/70">Agreed in the lease</dt>
          <dd className="text-lg font-semibold">
            {deposit.agreed === null ? 'Not set' : formatRent(deposit.agreed)}
          </dd>
        </div>
        <div className="rounded-field bg-base-200/60 px-4 py-3">
          <dt className="text-xs text-base-content/70">Held now</dt>
          <dd className="text-lg font-semibold">{formatRent(deposit.held)}</dd>
        </div>
      </dl>
      {lines.length === 0 ? (
        <p className="text-sm text-base-content/75">
          {deleted ? 'No deposit was recorded.' : 'No deposit was recorded yet.'}
        </p>
      ) : (
        <ul className="divide-y divide-base-300 rounded-field border border-base-300 text-sm">
          {lines.map((line) => (
            <li key={line.key} className="flex items-start justify-between gap-4 px-4 py-2.5">
              <span className="min-w-0">
                <span className="font-medium">{line.title}</span>
                <span className="block text-xs text-base-content/70 wrap-anywhere">
                  {line.detail}
                </span>
              </span>
              <span className="flex flex-col items-end gap-1 sm:flex-row sm:items-center sm:gap-2">
                <span
                  className={`font-semibold whitespace-nowrap ${line.adds ? '' : 'text-base-content/75'}`}
                >
                  {line.adds ? '+' : '−'}
                  {formatRent(line.amount)}
                </span>
                {line.undoable && !deleted && (
                  <button
                    type="button"
                    className="btn btn-ghost btn-xs text-error"
                    aria-label={`Undo “${line.title}”, ${formatRent(line.amount)}`}
                    onClick={() => setUndoing(line.undoable)}
                  >
                    Undo
                  </button>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      {!deleted && (
        <form
          onSubmit={submit}
          noValidate
          aria-label={`Record a deposit entry for ${leaseName}`}
          className="space-y-5 border-t border-base-300 pt-5"
        >
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">Record</legend>
            <div className="flex flex-wrap gap-x-6 gap-y-2">
              {(['received', 'refunded'] as const).map((option) => (
                <label key={option} className="flex cursor-pointer items-center gap-2 text-sm">
                  <input
                    {...register('kind', {
                      onChange: () =>
                        setValue('amount', suggested(option) || ('' as unknown as number)),
                    })}
                    type="radio"
                    value={option}
                    className="radio radio-primary radio-sm"
                  />
                  {option === 'received' ? 'Deposit received' : 'Deposit refunded'}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            <FormField
              id={id('amount')}
              label="Amount (BDT)"
              hint={hint}
              error={errors.amount?.message}
            >
              <input
                {...register('amount', { valueAsNumber: true })}
                {...describedBy(id('amount'), errors.amount?.message, hint)}
                type="number"
                inputMode="numeric"
                min={1}
                max={OFFLINE_LIMITS.maxDeposit}
                step={1}
                className="input w-full"
              />
            </FormField>
            <FormField id={id('method')} label="Method" error={errors.method?.message}>
              <select
                {...register('method')}
                {...describedBy(id('method'), errors.method?.message)}
                className="select w-full"
              >
                {OFFLINE_PAYMENT_METHODS.map((method) => (
                  <option key={method} value={method}>
                    {PAYMENT_METHOD_LABELS[method]}
                  </option>
                ))}
              </select>
            </FormField>
            <FormField
              id={id('reference')}
              label="Reference (optional)"
              error={errors.reference?.message}
            >
              <input
                {...register('reference')}
                {...describedBy(id('reference'), errors.reference?.message)}
                maxLength={OFFLINE_LIMITS.reference}
                autoComplete="off"
                className="input w-full"
              />
            </FormField>
            <FormField id={id('date')} label="Date" error={errors.date?.message}>
              <input
                {...register('date')}
                {...describedBy(id('date'), errors.date?.message)}
                type="date"
                max={today}
                className="input w-full"
              />
            </FormField>
          </div>
          <div className="flex justify-end">
            <BusyButton busy={busy} type="submit" className="btn btn-primary w-full sm:w-auto">
              {kind === 'refunded' ? 'Record refund' : 'Record deposit received'}
            </BusyButton>
          </div>
        </form>
      )}
      {undoing && (
        <UndoDepositDialog
          key={undoing._id}
          userId={userId}
          tenant={tenant}
          entry={undoing}
          held={deposit.held}
          onUndone={onUndone}
          onClose={() => {
            // Closed at once (an open modal keeps focus from the page), then focus goes back to
            // the heading; once undone, the section drawn anew with the new figures takes it
            // (`focusHeading`).
            flushSync(() => setUndoing(undefined));
            document.getElementById(headingId)?.focus();
          }}
        />
      )}
    </section>
  );
}

function UndoDepositDialog({
  userId,
  tenant,
  entry,
  held,
  onUndone,
  onClose,
}: {
  userId: string;
  tenant: string;
  entry: NonNullable<Line['undoable']>;
  /** What the deposit holds now. */
  held: number;
  onUndone: (deposit: Deposit) => void;
  onClose: () => void;
}) {
  const undo = useUndoDepositEntry(userId);
  const received = entry.kind === 'received';
  const after = received ? held - entry.amount : held + entry.amount;
  const what = `“${entryTitle(entry)}”: ${formatRent(entry.amount)} by ${PAYMENT_METHOD_IN_SENTENCE[entry.method]}${entry.reference ? `, ref ${entry.reference}` : ''}.`;
  if (after < 0) {
    // What the receipt brought in has gone out since: said here, rather than refused after a reason.
    return (
      <ConfirmDialog
        open
        title="This receipt cannot be undone yet"
        dismissLabel="Close"
        tone="primary"
        onClose={onClose}
      >
        <p>
          {what} {DEPOSIT_MESSAGES.undoOverdrawn(held)}
        </p>
      </ConfirmDialog>
    );
  }
  return (
    <UndoRecordDialog
      title={received ? 'Undo this deposit receipt?' : 'Undo this deposit refund?'}
      confirmLabel={received ? 'Undo receipt' : 'Undo refund'}
      tenant={tenant}
      busy={undo.isPending}
      undo={async (reason) => {
        const { deposit } = await undo.mutateAsync({ entryId: entry._id, reason });
        onUndone(deposit);
        return DEPOSIT_MESSAGES.undone(entry.kind);
      }}
      onClose={onClose}
    >
      <p>
        {what} Undone, it {received ? 'no longer counts as held' : 'counts as held again'}: the
        deposit then holds {formatRent(after)}. Undo only an entry recorded by mistake.
      </p>
    </UndoRecordDialog>
  );
}
