import {
  ANNOUNCEMENT_AUDIENCES,
  ANNOUNCEMENT_LIMITS,
  type AnnouncementFormInput,
  type AnnouncementType,
} from '@structomate/contract';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { FormField } from '../../../components/form-field';
import { describedBy } from '../../../lib/described-by';

const audienceOption: Record<AnnouncementType, string> = {
  user: 'user: people without a lease',
  member: 'member: tenants',
  all: 'all: everyone',
};

const DETAILS_HINT = 'Line breaks are kept as you type them.';
/** The field takes no more than this (a longer paste is cut): said before, not found out. */
const TITLE_HINT = `Up to ${ANNOUNCEMENT_LIMITS.title} characters.`;

/**
 * Title, audience type and details: the fields of the Make Announcement form and of the edit
 * dialog. `idPrefix` keeps their ids apart when both are on the page.
 */
export function AnnouncementFields({
  idPrefix,
  register,
  errors,
  detailsRows = 8,
}: {
  idPrefix: string;
  register: UseFormRegister<AnnouncementFormInput>;
  errors: FieldErrors<AnnouncementFormInput>;
  detailsRows?: number;
}) {
  const ids = {
    title: `${idPrefix}-title`,
    type: `${idPrefix}-type`,
    details: `${idPrefix}-details`,
  };
  return (
    <>
      <div className="grid gap-5 md:grid-cols-[1fr_16rem]">
        <FormField id={ids.title} label="Title" hint={TITLE_HINT} error={errors.title?.message}>
          <input
            {...register('title')}
            {...describedBy(ids.title, errors.title?.message, TITLE_HINT)}
            maxLength={ANNOUNCEMENT_LIMITS.title}
            placeholder="Water tank cleaning on Sunday"
            className="input w-full"
          />
        </FormField>
        <FormField id={ids.type} label="Audience type" error={errors.type?.message}>
          <select
            {...register('type')}
            {...describedBy(ids.type, errors.type?.message)}
            className="select w-full"
          >
            <option value="" disabled>
              Choose the audience
            </option>
            {ANNOUNCEMENT_AUDIENCES.map((type) => (
              <option key={type} value={type}>
                {audienceOption[type]}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <FormField
        id={ids.details}
        label="Details"
        hint={DETAILS_HINT}
        error={errors.details?.message}
      >
        <textarea
          {...register('details')}
          {...describedBy(ids.details, errors.details?.message, DETAILS_HINT)}
          rows={detailsRows}
          maxLength={ANNOUNCEMENT_LIMITS.details}
          placeholder="What, when, and what residents should do."
          className="textarea w-full"
        />
      </FormField>
    </>
  );
}

/** "123 / 5,000 characters" under the details. */
export function DetailsCount({ length }: { length: number }) {
  return (
    <p className="text-xs text-base-content/70" aria-live="off">
      {length.toLocaleString('en-US')} / {ANNOUNCEMENT_LIMITS.details.toLocaleString('en-US')}{' '}
      characters
    </p>
  );
}
