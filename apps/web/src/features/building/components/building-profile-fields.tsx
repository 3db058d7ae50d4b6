import {
  SOCIAL_NETWORK_NAMES,
  SOCIAL_NETWORKS,
  type BuildingProfileInput,
} from '@structomate/contract';
import type { FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { FormField } from '../../../components/form-field';
import { describedBy } from '../../../lib/described-by';

const EMERGENCY_HINT =
  'Shown at once to a tenant reporting an emergency repair; without it, the contact phone is.';

/**
 * The building's profile as form fields (set-up and Building settings): name, address, contacts
 * and the footer's social links. `prefix` is where the profile sits in the form's values.
 */
export function BuildingProfileFields<T extends FieldValues>({
  register,
  errors,
  prefix,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<BuildingProfileInput> | undefined;
  prefix: '' | 'building.';
}) {
  const field = (name: string) => `${prefix}${name}` as Path<T>;
  const id = (name: string) => `building-${name.replace('.', '-')}`;
  return (
    <div className="space-y-5">
      <div className="grid gap-5 md:grid-cols-2">
        <FormField
          id={id('name')}
          label="Building name"
          hint="Shown in the top bar and the footer."
          error={errors?.name?.message}
        >
          <input
            {...register(field('name'))}
            {...describedBy(
              id('name'),
              errors?.name?.message,
              'Shown in the top bar and the footer.',
            )}
            maxLength={60}
            autoComplete="organization"
            className="input w-full"
          />
        </FormField>
        <FormField
          id={id('address')}
          label="Address"
          hint="Pinned on the home page map."
          error={errors?.address?.message}
        >
          <input
            {...register(field('address'))}
            {...describedBy(
              id('address'),
              errors?.address?.message,
              'Pinned on the home page map.',
            )}
            maxLength={200}
            autoComplete="street-address"
            className="input w-full"
          />
        </FormField>
        <FormField
          id={id('contactEmail')}
          label="Contact email (optional)"
          error={errors?.contactEmail?.message}
        >
          <input
            {...register(field('contactEmail'))}
            {...describedBy(id('contactEmail'), errors?.contactEmail?.message)}
            type="email"
            autoComplete="email"
            className="input w-full"
          />
        </FormField>
        <FormField
          id={id('contactPhone')}
          label="Contact phone (optional)"
          error={errors?.contactPhone?.message}
        >
          <input
            {...register(field('contactPhone'))}
            {...describedBy(id('contactPhone'), errors?.contactPhone?.message)}
            type="tel"
            autoComplete="tel"
            className="input w-full"
          />
        </FormField>
        <FormField
          id={id('emergencyPhone')}
          label="Emergency phone (optional)"
          hint={EMERGENCY_HINT}
          error={errors?.emergencyPhone?.message}
        >
          <input
            {...register(field('emergencyPhone'))}
            {...describedBy(id('emergencyPhone'), errors?.emergencyPhone?.message, EMERGENCY_HINT)}
            type="tel"
            autoComplete="off"
            className="input w-full"
          />
        </FormField>
      </div>
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium">Social links in the footer (optional)</legend>
        <div className="grid gap-5 md:grid-cols-2">
          {SOCIAL_NETWORKS.map((network) => {
            const error = errors?.socialLinks?.[network]?.message;
            return (
              <FormField
                key={network}
                id={id(`social-${network}`)}
                label={SOCIAL_NETWORK_NAMES[network]}
                error={error}
              >
                <input
                  {...register(field(`socialLinks.${network}`))}
                  {...describedBy(id(`social-${network}`), error)}
                  type="url"
                  inputMode="url"
                  placeholder="https://"
                  className="input w-full"
                />
              </FormField>
            );
          })}
        </div>
      </fieldset>
    </div>
  );
}
