import { APARTMENT_STATUS_LABELS, type ApartmentStatus } from '@structomate/contract';

const tone: Record<ApartmentStatus, string> = {
  listed: 'chip-success',
  unlisted: 'chip-warning',
  archived: 'chip-neutral',
};

/** Listed, Unlisted or Archived, in the same colours wherever it is shown. */
export function ApartmentStatusBadge({ status }: { status: ApartmentStatus }) {
  return <span className={`chip ${tone[status]}`}>{APARTMENT_STATUS_LABELS[status]}</span>;
}
