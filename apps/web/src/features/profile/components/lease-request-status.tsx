import type { Agreement } from '@structomate/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatRent, formatShortDate, formatWhen } from '../../../lib/format';

const chip = {
  pending: { label: 'Pending', className: 'chip-warning' },
  accepted: { label: 'Accepted', className: 'chip-success' },
  rejected: { label: 'Rejected', className: 'chip-error' },
  ended: { label: 'Ended', className: 'chip-neutral' },
} as const;

/** A resident's latest lease request on their profile: what they asked for and where it stands. */
export function LeaseRequestStatus({ agreement }: { agreement: Agreement | null }) {
  if (!agreement) {
    return (
      <Panel title="No lease request yet">
        <p>Choose an apartment and sign its agreement to ask the building for a lease.</p>
        <BrowseLink />
      </Panel>
    );
  }
  const apartment = agreement.apartmentDetails;
  const checked = agreement.agreementCheckedDate && formatShortDate(agreement.agreementCheckedDate);
  const what = `Apartment ${apartment.apartmentNo} · block ${apartment.blockName}, floor ${apartment.floorNo} · ${formatRent(apartment.rent)} per month`;
  // When the lease ended: the last day notice set, else the moment it was ended, on the reader's
  // clock as the sentence shows it.
  const ended = agreement.endsOn ?? agreement.agreementEndDate;
  const ranOnMonthly =
    agreement.terms !== null &&
    ended !== null &&
    formatWhen(ended, 'yyyy-MM-dd') > agreement.terms.endDate;
  return (
    <Panel
      title={agreement.status === 'ended' ? 'Your last lease' : 'Your lease request'}
      status={
        <span className={`chip ${chip[agreement.status].className}`}>
          {chip[agreement.status].label}
        </span>
      }
    >
      <p className="font-medium text-base-content">{what}</p>
      {agreement.terms && agreement.status !== 'rejected' && (
        <p>
          Lease from {formatShortDate(agreement.terms.startDate)} to{' '}
          {formatShortDate(agreement.terms.endDate)}
          {agreement.terms.deposit > 0 && `, deposit ${formatRent(agreement.terms.deposit)}`}.
        </p>
      )}
      <p>
        Signed on {formatShortDate(agreement.agreementSigningDate)}.{' '}
        {agreement.status === 'pending' && 'The building will answer your request soon.'}
        {agreement.status === 'rejected' &&
          `The building declined it${checked ? ` on ${checked}` : ''}. You can ask for another apartment.`}
        {agreement.status === 'ended' &&
          (ranOnMonthly
            ? `After its fixed term it ran on month to month, and ended on ${formatShortDate(ended)}.`
            : `Your lease ended${ended ? ` on ${formatShortDate(ended)}` : ''}.`)}
      </p>
      {agreement.status !== 'pending' && <BrowseLink />}
    </Panel>
  );
}

function Panel({
  title,
  status,
  children,
}: {
  title: string;
  status?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      aria-label={title}
      className="mb-4 space-y-2 rounded-box border border-base-300 px-4 py-3 text-sm text-base-content/80"
    >
      <div className="flex items-center justify-between gap-3">
        <h3 className="text-base font-semibold text-base-content">{title}</h3>
        {status}
      </div>
      {children}
    </section>
  );
}

function BrowseLink() {
  return (
    <Link to="/apartment" className="link link-primary inline-block font-medium">
      Browse apartments
    </Link>
  );
}
