import { zodResolver } from '@hookform/resolvers/zod';
import {
  OFFLINE_LIMITS,
  OFFLINE_PAYMENT_MESSAGES,
  OFFLINE_PAYMENT_METHODS,
  PAYMENT_METHOD_LABELS,
  RecordPaymentRequestSchema,
  unpaidMonthsOf,
  type LedgerMonthStatus,
  type RecordPaymentRequest,
  type TenantAccount,
} from '@structomate/contract';
import { useEffect, useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import { FormField } from '../../../components/form-field';
import { ApiError, messageOf } from '../../../lib/api-client';
import { describedBy } from '../../../lib/described-by';
import { showFieldIssues } from '../../../lib/field-issues';
import { formatRent } from '../../../lib/format';
import { useRecordPayment } from '../api/record-payment';
import { BusyButton } from '../../../components/busy-button';

// Months still to come are most of the list: only those owed now carry a chip.
const statusChip: Partial<Record<LedgerMonthStatus, { label: string; className: string }>> = {
  due: { label: 'Due', className: 'chip-warning' },
  overdue: { label: 'Overdue', className: 'chip-error' },
};

type Lease = TenantAccount['ledger']['leases'][number];

const leaseName = (lease: Lease) =>
  `Apartment ${lease.apartmentNo}${lease.status === 'ended' ? ' (ended)' : ''}`;

/**
 * Rent the admin received by hand: how, a reference, the day it came (the building's today unless
 * changed) and the lease's unpaid months it covers, with their total. Each month gets a receipt.
 */
export function RecordPayment({ account }: { account: TenantAccount }) {
  const { ledger, person } = account;
  const leases = ledger.leases.filter((lease) => unpaidMonthsOf(ledger, lease._id).length > 0);
  const recording = useRecordPayment(person._id);
  const headingId = useId();
  const defaults: RecordPaymentRequest = {
    agreementId: leases[0]?._id ?? '',
    method: 'cash',
    reference: '',
    receivedOn: ledger.today,
    months: [],
  };
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<RecordPaymentRequest>({
    resolver: zodResolver(RecordPaymentRequestSchema),
    defaultValues: defaults,
  });
  const agreementId = useWatch({ control, name: 'agreementId' });
  // A lease whose last month was just paid (here, or by another admin) leaves the list: the form
  // moves to the next lease that owes, with nothing ticked, rather than stay on one it hides.
  const firstLease = leases[0]?._id;
  const listed = leases.some((lease) => lease._id === agreementId);
  useEffect(() => {
    if (listed || !firstLease) return;
    setValue('agreementId', firstLease);
    setValue('months', []);
    setValue('method', 'cash');
  }, [listed, firstLease, setValue]);
  const method = useWatch({ control, name: 'method' });
  const chosen = useWatch({ control, name: 'months' });
  const unpaid = unpaidMonthsOf(ledger, agreementId);
  // Rent can be paid from the lease's deposit while it holds a month's rent at least (a server
  // of the release before, which says nothing of rent paid from it, cannot: not offered).
  const chosenLease = leases.find((lease) => lease._id === agreementId);
  const held = chosenLease?.depositToRent === undefined ? 0 : (chosenLease.depositHeld ?? 0);
  const canPayFromDeposit =
    unpaid.length > 0 && held >= Math.min(...unpaid.map((month) => month.rent));
  const fromDeposit = method === 'deposit';
  const total = unpaid
    .filter((month) => chosen.includes(month.billingMonth))
    .reduce((sum, month) => sum + month.rent, 0);

  const submit = handleSubmit(async (values) => {
    try {
      const { transactions } = await recording.mutateAsync(values);
      toast.success(OFFLINE_PAYMENT_MESSAGES.recorded(transactions.length));
      reset({
        ...defaults,
        agreementId: values.agreementId,
        // What the deposit holds now is read again: it may hold no more.
        method: values.method === 'deposit' ? 'cash' : values.method,
      });
    } catch (error) {
      toast.error(OFFLINE_PAYMENT_MESSAGES.failed);
      const atField = showFieldIssues(error, setError, (issue) => {
        const field = issue.path.split('.')[0];
        return field === 'method' ||
          field === 'reference' ||
          field === 'receivedOn' ||
          field === 'months'
          ? field
          : undefined;
      });
      if (atField) return;
      // A month paid meanwhile (a card, or another admin) is named at the months.
      if (error instanceof ApiError && error.status === 409) {
        setError('months', { message: error.message }, { shouldFocus: true });
      } else {
        setError('root.server', { message: messageOf(error, OFFLINE_PAYMENT_MESSAGES.failed) });
      }
    }
  });

  if (leases.length === 0) return null;
  const busy = isSubmitting || recording.isPending;
  const monthsError = errors.months?.message ?? errors.months?.root?.message;
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-5 rounded-box border border-base-300 bg-base-100 p-4 sm:p-6"
    >
      <div>
        <h2 id={headingId} className="text-xl font-semibold">
          Record a payment
        </h2>
        <p className="text-sm text-base-content/75">
          Rent received in cash, by bank transfer, bKash or Nagad, or paid from the security deposit
          the lease holds. Each month gets a receipt, as a card payment does.
        </p>
      </div>
      <form onSubmit={submit} noValidate aria-labelledby={headingId} className="space-y-5">
        {leases.length > 1 && (
          <FormField id="offline-lease" label="Lease">
            <select
              {...register('agreementId', {
                onChange: () => {
                  setValue('months', []);
                  setValue('method', 'cash');
                },
              })}
              id="offline-lease"
              className="select w-full"
            >
              {leases.map((lease) => (
                <option key={lease._id} value={lease._id}>
                  {leaseName(lease)}
                </option>
              ))}
            </select>
          </FormField>
        )}
        <div className="grid gap-5 md:grid-cols-3">
          <FormField id="offline-method" label="Method" error={errors.method?.message}>
            <select
              {...register('method')}
              {...describedBy('offline-method', errors.method?.message)}
              className="select w-full"
            >
              {OFFLINE_PAYMENT_METHODS.map((option) => (
                <option key={option} value={option}>
                  {PAYMENT_METHOD_LABELS[option]}
                </option>
              ))}
              {(canPayFromDeposit || fromDeposit) && (
                <option value="deposit">
                  {PAYMENT_METHOD_LABELS.deposit} ({formatRent(held)} held)
                </option>
              )}
            </select>
          </FormField>
          <FormField
            id="offline-reference"
            label="Reference (optional)"
            hint="Transaction ID, cheque or receipt book number."
            error={errors.reference?.message}
          >
            <input
              {...register('reference')}
              {...describedBy(
                'offline-reference',
                errors.reference?.message,
                'Transaction ID, cheque or receipt book number.',
              )}
              maxLength={OFFLINE_LIMITS.reference}
              autoComplete="off"
              className="input w-full"
            />
          </FormField>
          <FormField
            id="offline-received"
            label={fromDeposit ? 'Date paid' : 'Date received'}
            error={errors.receivedOn?.message}
          >
            <input
              {...register('receivedOn')}
              {...describedBy('offline-received', errors.receivedOn?.message)}
              type="date"
              max={ledger.today}
              className="input w-full"
            />
          </FormField>
        </div>
        <fieldset
          className="space-y-3"
          aria-describedby={monthsError ? 'offline-months-error' : undefined}
        >
          <legend className="text-sm font-medium">Months paid</legend>
          <Controller
            control={control}
            name="months"
            render={({ field }) => (
              <ul
                // As many columns as months of a readable width fit (a long month beside its
                // status chip), whatever the width the dashboard leaves the form.
                className="grid grid-cols-[repeat(auto-fill,minmax(14.5rem,1fr))] gap-2"
              >
                {unpaid.map((month, index) => {
                  const checked = field.value.includes(month.billingMonth);
                  const chip = statusChip[month.status];
                  return (
                    <li key={month.billingMonth}>
                      <label
                        className={`flex cursor-pointer items-center gap-3 rounded-field border px-3 py-2.5 text-sm ${
                          checked ? 'border-primary bg-primary/5' : 'border-base-300'
                        }`}
                      >
                        <input
                          // A refusal at the months (the form's, or the server's) takes the
                          // focus to the first of them.
                          ref={index === 0 ? field.ref : undefined}
                          type="checkbox"
                          className="checkbox checkbox-primary checkbox-sm"
                          name={field.name}
                          value={month.billingMonth}
                          checked={checked}
                          onBlur={field.onBlur}
                          onChange={(event) =>
                            field.onChange(
                              event.target.checked
                                ? [...field.value, month.billingMonth]
                                : field.value.filter((value) => value !== month.billingMonth),
                            )
                          }
                        />
                        <span className="min-w-0 flex-1">
                          <span className="block font-medium">{month.month}</span>
                          <span className="block text-xs text-base-content/70">
                            {formatRent(month.rent)}
                          </span>
                        </span>
                        {chip && (
                          <span className={`chip shrink-0 ${chip.className}`}>{chip.label}</span>
                        )}
                      </label>
                    </li>
                  );
                })}
              </ul>
            )}
          />
          {monthsError && (
            <p id="offline-months-error" role="alert" className="text-sm text-error">
              {monthsError}
            </p>
          )}
        </fieldset>
        {errors.root?.server?.message && (
          <p role="alert" className="alert alert-soft alert-error">
            {errors.root.server.message}
          </p>
        )}
        <div className="flex flex-col gap-3 border-t border-base-300 pt-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm" aria-live="polite">
            Total <span className="text-lg font-semibold">{formatRent(total)}</span>{' '}
            <span className="text-base-content/70">
              ({chosen.length} {chosen.length === 1 ? 'month' : 'months'}
              {fromDeposit ? `; ${formatRent(held)} held in the deposit` : ''})
            </span>
          </p>
          <BusyButton busy={busy} type="submit" className="btn btn-primary w-full sm:w-auto">
            Record payment
          </BusyButton>
        </div>
      </form>
    </section>
  );
}
