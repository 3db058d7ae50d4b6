import { zodResolver } from '@hookform/resolvers/zod';
import {
  CHARGE_LIMITS,
  CHARGE_MESSAGES,
  ChargeFieldsSchema,
  monthLabel,
  type RentLedger,
} from '@structomate/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { BusyButton } from '../../../components/busy-button';
import { FormField } from '../../../components/form-field';
import { ApiError, messageOf } from '../../../lib/api-client';
import { describedBy } from '../../../lib/described-by';
import { showFieldIssues } from '../../../lib/field-issues';
import { sendKeys } from '../../../lib/send-key';
import { dismissErrorToast, errorToast } from '../../../lib/error-toast';
import { toast } from '../../../lib/toast';
import { useAddCharge } from '../api/record-charge-payment';

type ChargeFields = z.input<typeof ChargeFieldsSchema>;

const TOAST_SLOT = 'add-charge';

/** "Apartment C-204, from January 2026 (ended)": two leases of one flat told apart. */
const leaseOption = (lease: {
  apartmentNo: string;
  status: 'accepted' | 'ended';
  firstMonth: string | null;
}) =>
  `Apartment ${lease.apartmentNo}${lease.firstMonth ? `, from ${monthLabel(lease.firstMonth)}` : ''} (${
    lease.status === 'accepted' ? 'running' : 'ended'
  })`;

const DESCRIPTION_HINT = 'As the tenant will read it: “Water bill, November 2026”.';

/**
 * Charges the tenant something besides rent (a service charge, a utility bill, a key replaced) on
 * one of their leases: the running one first, else the latest. Sent again after a failure, the
 * same charge goes with the same key, so it is added once at most.
 */
export function AddChargeForm({
  userId,
  leases,
  onDone,
}: {
  userId: string;
  /** Theirs, oldest first (the ledger's). */
  leases: Pick<RentLedger['leases'][number], '_id' | 'apartmentNo' | 'status' | 'firstMonth'>[];
  /** Closed: added (true) or let be. */
  onDone: (added: boolean) => void;
}) {
  const formId = useId();
  const id = (field: string) => `${formId}-${field}`;
  const adding = useAddCharge(userId);
  const [keys] = useState(sendKeys);
  const latest = leases.find((lease) => lease.status === 'accepted') ?? leases[leases.length - 1];
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ChargeFields>({
    resolver: zodResolver(ChargeFieldsSchema),
    defaultValues: {
      agreementId: latest?._id ?? '',
      description: '',
      // An empty number field: the schema calls '' and NaN missing.
      amount: '' as unknown as number,
    },
  });
  // Opened from a button that goes away meanwhile: focus starts at the form's first field.
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    form.current?.querySelector<HTMLElement>('select, input')?.focus();
  }, []);
  const submit = handleSubmit(async (values) => {
    const fields = ChargeFieldsSchema.parse(values);
    try {
      const added = await adding.mutateAsync({ ...fields, key: keys.keyFor(fields) });
      keys.done();
      dismissErrorToast(TOAST_SLOT);
      toast.success(CHARGE_MESSAGES.added(added.description));
      onDone(true);
    } catch (error) {
      const status = error instanceof ApiError ? error.status : 0;
      if (status === 0 || status >= 500) {
        // No answer, or a fault: it may have been added (the account is read again).
        errorToast(TOAST_SLOT, CHARGE_MESSAGES.addOutcomeUnknown);
        return;
      }
      const atField = showFieldIssues(error, setError, (issue) =>
        issue.path === 'description' ||
        issue.path === 'amount' ||
        // The lease is a field only when there is a choice.
        (issue.path === 'agreementId' && leases.length > 1)
          ? issue.path
          : undefined,
      );
      if (!atField) errorToast(TOAST_SLOT, messageOf(error, CHARGE_MESSAGES.addOutcomeUnknown));
    }
  });
  const busy = isSubmitting || adding.isPending;
  return (
    <form
      ref={form}
      onSubmit={submit}
      noValidate
      aria-label="Add a charge"
      className="space-y-4 rounded-field border border-base-300 bg-base-200/40 p-3 sm:p-4"
    >
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_10rem]">
        {leases.length > 1 && (
          <div className="sm:col-span-2">
            <FormField id={id('lease')} label="Lease" error={errors.agreementId?.message}>
              <select
                {...register('agreementId')}
                {...describedBy(id('lease'), errors.agreementId?.message)}
                className="select w-full"
              >
                {leases.map((lease) => (
                  <option key={lease._id} value={lease._id}>
                    {leaseOption(lease)}
                  </option>
                ))}
              </select>
            </FormField>
          </div>
        )}
        <FormField
          id={id('description')}
          label="What it is for"
          hint={DESCRIPTION_HINT}
          error={errors.description?.message}
        >
          <input
            {...register('description')}
            {...describedBy(id('description'), errors.description?.message, DESCRIPTION_HINT)}
            maxLength={CHARGE_LIMITS.description}
            autoComplete="off"
            className="input w-full"
          />
        </FormField>
        <FormField id={id('amount')} label="Amount (BDT)" error={errors.amount?.message}>
          <input
            {...register('amount', { valueAsNumber: true })}
            {...describedBy(id('amount'), errors.amount?.message)}
            type="number"
            inputMode="numeric"
            min={1}
            max={CHARGE_LIMITS.amount}
            step={1}
            className="input w-full"
          />
        </FormField>
      </div>
      <p className="text-xs text-base-content/70">
        The tenant is told by email, and owes it besides the rent until it is recorded paid.
      </p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => onDone(false)}>
          Cancel
        </button>
        <BusyButton busy={busy} type="submit" className="btn btn-primary btn-sm">
          Add charge
        </BusyButton>
      </div>
    </form>
  );
}
