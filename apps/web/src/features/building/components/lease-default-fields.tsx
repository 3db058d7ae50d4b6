import { LEASE_DEFAULT_LIMITS, type BuildingSettingsFormInput } from '@structomate/contract';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { FormField } from '../../../components/form-field';
import { describedBy } from '../../../lib/described-by';

type NumberField = 'termMonths' | 'depositMonths' | 'noticeDays' | 'rentDueDay' | 'graceDays';

const numberFields: { name: NumberField; label: string; hint: string }[] = [
  { name: 'termMonths', label: 'Term (months)', hint: 'A year is 12.' },
  { name: 'depositMonths', label: 'Deposit (months)', hint: 'Months of rent; 0 for none.' },
  { name: 'noticeDays', label: 'Notice (days)', hint: 'Either party, to end a lease.' },
  { name: 'rentDueDay', label: 'Rent due day', hint: 'Of each month, 1 to 28.' },
  { name: 'graceDays', label: 'Grace days', hint: 'Before unpaid rent is overdue.' },
];

/** The lease defaults in Building settings: what a lease signed from now on takes. */
export function LeaseDefaultFields({
  register,
  errors,
}: {
  register: UseFormRegister<BuildingSettingsFormInput>;
  errors: FieldErrors<BuildingSettingsFormInput['leaseDefaults']> | undefined;
}) {
  return (
    <fieldset className="space-y-5 border-t border-base-300 pt-6">
      <legend className="float-left w-full pb-1 text-lg font-semibold">Lease terms</legend>
      <p className="clear-left text-sm text-base-content/75">
        New leases take these terms when they are signed; a lease keeps the terms it was signed
        with.
      </p>
      <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-5">
        {numberFields.map(({ name, label, hint }) => {
          const id = `lease-${name}`;
          const error = errors?.[name]?.message;
          const { min, max } = LEASE_DEFAULT_LIMITS[name];
          return (
            <FormField key={name} id={id} label={label} hint={hint} error={error}>
              <input
                {...register(`leaseDefaults.${name}`, { valueAsNumber: true })}
                {...describedBy(id, error, hint)}
                type="number"
                inputMode="numeric"
                min={min}
                max={max}
                step={1}
                className="input w-full"
              />
            </FormField>
          );
        })}
      </div>
      <FormField
        id="lease-parking"
        label="Parking"
        hint="Printed in the lease’s additional terms; leave empty if there is no parking."
        error={errors?.parking?.message}
      >
        <input
          {...register('leaseDefaults.parking')}
          {...describedBy(
            'lease-parking',
            errors?.parking?.message,
            'Printed in the lease’s additional terms; leave empty if there is no parking.',
          )}
          maxLength={LEASE_DEFAULT_LIMITS.parking}
          className="input w-full"
        />
      </FormField>
    </fieldset>
  );
}
